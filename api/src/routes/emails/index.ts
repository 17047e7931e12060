import { Type } from '@sinclair/typebox';
import { UnsentEmail } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { bearer, errors } from '../schemas';

/** What the admin sees of the outbox: mail given up (FAILED) and mail still retrying after a failure. */
const emailRoutes: RoutePlugin = async (app) => {
  app.get('/api/emails/unsent', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Emails'], summary: 'Emails that could not be sent, or are retrying after a failure (admin)', security: bearer,
      response: { 200: Type.Array(UnsentEmail), ...errors(401, 403) },
    },
  }, async () => (await app.repos.emailOutbox.unsent()).map((row) => ({
    _id: row.id,
    kind: row.kind,
    to: row.toEmail,
    status: row.status === 'FAILED' ? 'FAILED' as const : 'PENDING' as const,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'PENDING' ? new Date(row.nextAttemptAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  })));
};

export default emailRoutes;
