import { Type } from '@sinclair/typebox';
import { IdParams, PageOf, Role, RoleBody, User } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { conflict, notFound } from '../../lib/http-errors';
import { isId } from '../../lib/ids';
import { LastAdminError, type UserSort } from '../../repositories/user-admin';
import { pageQuerySchema, readPageQuery } from '../admin/list-query';
import { bearer, errors } from '../schemas';
import { toUser } from './mapper';

export const ROLE_TEXT = {
  notFound: 'User not found.',
  lastAdmin: 'The site needs at least one admin: make another user an admin first.',
} as const;

const SORTS: readonly UserSort[] = ['createdAt', 'username', 'email', 'role'];
const UsersQuery = pageQuerySchema(SORTS, { role: Type.Optional(Role) });

/** The admin's users list (paged, sorted and searched in SQL) and role changes. */
const userAdminRoutes: RoutePlugin = async (app) => {
  const { userAdmin } = app.repos;

  app.get('/api/admin/users', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Users'], summary: 'One page of users, sorted and searched by username or email (admin)', security: bearer,
      querystring: UsersQuery, response: { 200: PageOf(User), ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const query = request.query as { page?: string; limit?: string; sort?: string; q?: string; role?: 'user' | 'admin' };
    const params = readPageQuery<UserSort>(query, 'createdAt');
    const { items, total } = await userAdmin.page({ ...params, ...(query.role ? { role: query.role } : {}) });
    return { items: items.map(toUser), total, page: params.page, limit: params.limit };
  });

  app.put('/api/users/:id/role', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Users'], summary: 'Make a user an admin, or an admin a user (admin; never the last admin)', security: bearer,
      params: IdParams, body: RoleBody,
      response: { 200: User, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(ROLE_TEXT.notFound);
    const user = await userAdmin.setRole(id, request.body.role).catch((error: unknown) => {
      if (error instanceof LastAdminError) throw conflict(ROLE_TEXT.lastAdmin);
      throw error;
    });
    if (!user) throw notFound(ROLE_TEXT.notFound);
    return toUser(user);
  });
};

export default userAdminRoutes;
