import fp from 'fastify-plugin';
import { depthLimitedJsonParser } from '../../lib/json-depth';

/**
 * JSON only. An empty JSON body (some clients send the header on DELETE) counts as no body, so a
 * bodiless route works and a route with a body schema answers "must be a JSON object". Prototype
 * poisoning (`__proto__`, `constructor.prototype`) is refused by Fastify's own parser, and a body nested deeper
 * than MAX_JSON_DEPTH before it is parsed (issue 28).
 */
export default fp(async (app) => {
  app.removeContentTypeParser('text/plain');
  const parseJson = depthLimitedJsonParser(app);
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
