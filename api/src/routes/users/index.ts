import { Type } from '@sinclair/typebox';
import { ContactBody, IdParams, Message, User } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { checkLegalName, checkPhone } from '../../lib/contact-details';
import { isId } from '../../lib/ids';
import { LastAdminError } from '../../repositories/user-admin';
import { bearer, errors } from '../schemas';
import userAdminRoutes, { ROLE_TEXT } from './admin';
import { toUser } from './mapper';

export const USER_TEXT = {
  notFound: 'User not found.',
  deleted: 'User deleted.',
  deleteSelf: 'You cannot delete your own account.',
  lastAdmin: ROLE_TEXT.lastAdmin,
  otherProfile: 'You can only view your own profile.',
  signedOutEverywhere: 'The user is signed out on every device.',
} as const;

const usersRoutes: RoutePlugin = async (app) => {
  const { users } = app.repos;
  await app.register(userAdminRoutes);

  app.get('/api/users', {
    onRequest: app.requireRole('admin'),
    schema: { tags: ['Users'], summary: 'All users (admin)', security: bearer, response: { 200: Type.Array(User), ...errors(401, 403) } },
  }, async () => (await users.list()).map(toUser));

  app.get('/api/users/:id', {
    // Before validation: someone else's profile is a 403 whatever the request carries.
    onRequest: async (request) => {
      const { id } = request.params as { id: string };
      if (request.user.id !== id && request.user.role !== 'admin') throw forbidden(USER_TEXT.otherProfile);
    },
    schema: {
      tags: ['Users'], summary: 'One user (the user themself or an admin)', security: bearer, params: IdParams,
      response: { 200: User, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(USER_TEXT.notFound);
    const user = await users.findById(id);
    if (!user) throw notFound(USER_TEXT.notFound);
    return toUser(user);
  });

  // Issue 31: the student's legal name and phone, theirs to edit (an admin may correct them too).
  app.put('/api/users/:id/contact', {
    onRequest: async (request) => {
      const { id } = request.params as { id: string };
      if (request.user.id !== id && request.user.role !== 'admin') throw forbidden(USER_TEXT.otherProfile);
    },
    schema: {
      tags: ['Users'], summary: 'Set the legal name and phone (the user themself or an admin); an empty string clears one', security: bearer,
      params: IdParams, body: ContactBody, response: { 200: User, ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(USER_TEXT.notFound);
    const legalName = checkLegalName(request.body.legalName);
    if (!legalName.ok) throw badRequest(legalName.message);
    const phone = checkPhone(request.body.phone);
    if (!phone.ok) throw badRequest(phone.message);
    if (!(await users.setContact(id, { legalName: legalName.value, phone: phone.value }))) throw notFound(USER_TEXT.notFound);
    return toUser((await users.findById(id))!);
  });

  app.delete('/api/users/:id', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Users'], summary: 'Delete a user (admin; not oneself)', security: bearer, params: IdParams,
      response: { 200: Message, ...errors(401, 403, 404, 409) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id)) throw notFound(USER_TEXT.notFound);
    // Keeps at least one admin: the one asking cannot remove themself.
    if (id === request.user.id) throw conflict(USER_TEXT.deleteSelf);
    // Under a lock on the admins: two admins deleting each other at once cannot leave the site without one.
    const deleted = await app.repos.userAdmin.delete(id).catch((error: unknown) => {
      if (error instanceof LastAdminError) throw conflict(USER_TEXT.lastAdmin);
      throw error;
    });
    if (!deleted) throw notFound(USER_TEXT.notFound);
    return { message: USER_TEXT.deleted };
  });

  // An admin ends every session of a user (a stolen token, a lost laptop); they sign in again with their password.
  app.post('/api/users/:id/sign-out-everywhere', {
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['Users'], summary: 'Sign a user out on every device (admin)', security: bearer, params: IdParams,
      response: { 200: Message, ...errors(401, 403, 404) },
    },
  }, async (request) => {
    const { id } = request.params;
    if (!isId(id) || !(await users.endAllSessions(id))) throw notFound(USER_TEXT.notFound);
    return { message: USER_TEXT.signedOutEverywhere };
  });
};

export default usersRoutes;
