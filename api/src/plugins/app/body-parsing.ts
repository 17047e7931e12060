import fp from 'fastify-plugin';

/**
 * JSON only. An empty JSON body (some clients send the header on DELETE) counts as no body, so a
 * bodiless route works and a route with a body schema answers "must be a JSON object". Prototype
 * poisoning (`__proto__`, `constructor.prototype`) is refused by Fastify's own parser.
 */
export default fp(async (app) => {
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}, { name: 'body-parsing' });
