import fp from 'fastify-plugin';
import { controlCharacterMessage, findControlCharacters } from '../../lib/control-characters';
import { badRequest } from '../../lib/http-errors';

/** Bodies in someone else's format, where any string may hold line breaks (still never NUL). */
const FOREIGN_FORMAT_ROUTES: ReadonlySet<string> = new Set(['/api/csp-reports']);

/**
 * One check for every route: a control character in any string of a JSON body or query string is a 400 before
 * validation and before any query. Raw bodies (the PayPal webhook keeps its bytes to verify them) are left to
 * their route; multipart text fields are checked where the form is read (routes/gallery/upload.ts).
 */
export default fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const foreign = FOREIGN_FORMAT_ROUTES.has(request.routeOptions.url ?? '');
    for (const part of [request.query, request.body]) {
      if (part === null || typeof part !== 'object') continue;
      const field = findControlCharacters(part, foreign);
      if (field !== null) throw badRequest(controlCharacterMessage(field));
    }
  });
}, { name: 'control-characters' });
