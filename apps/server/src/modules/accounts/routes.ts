// accounts/me for everyone, accounts/* for administrators (DESIGN §5). Thin: the services
// own the rules (fleet scope, self-protection, audit, e-mail).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  AccountCreateSchema,
  AccountIdsQuerySchema,
  AccountListQuerySchema,
  AccountListSchema,
  AccountParamsSchema,
  AccountSchema,
  AccountUpdateSchema,
  MeSchema,
  MeUpdateSchema,
  SetPasswordSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { BackgroundTasks } from '../../lib/background-tasks';
import { doc, NoContent, routeDoc } from '../../lib/route-schema';
import {
  createAccount,
  deleteAccounts,
  getAccount,
  listAccounts,
  setAccountPasswordByAdmin,
  updateAccount,
} from './service';
import { getMe, updateMe } from './me-service';
import { getAccountPhoto } from './photo-service';

const tags = ['accounts'];
const route = routeDoc(tags);
const admin = { auth: 'admin' } as const;
/** the image bytes of a photo, documented as binary */
const ImageBytes = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());

  app.get('/accounts/me', route('My profile', { ok: MeSchema }), async (request) =>
    getMe(scopeOf(request)),
  );

  app.put(
    '/accounts/me',
    route(
      'Update my profile (full name, description, photo as a data URL; the answer gives ' +
        'its photoVersion, the photo is read from accounts/{id}/photo)',
      { body: MeUpdateSchema, ok: MeSchema, problems: [413, 415] },
    ),
    async (request) => updateMe(scopeOf(request), request.body),
  );

  app.get(
    '/accounts',
    route.admin('A page of the accounts of my fleet by full name (administrators)', {
      description: 'Photos are not inlined: each account gives its photoVersion (ADR 0079).',
      querystring: AccountListQuerySchema,
      ok: AccountListSchema,
    }),
    async (request) => listAccounts(scopeOf(request), request.query),
  );

  app.post(
    '/accounts',
    route.admin('Create a pending account and e-mail it the account-validation link', {
      body: AccountCreateSchema,
      response: { 201: AccountSchema },
      problems: [409, 413, 415],
    }),
    async (request, reply) => {
      const created = await createAccount(scopeOf(request), request.body, background);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/accounts',
    route.admin('Delete several accounts, all or nothing (unknown ids → 404 naming them)', {
      querystring: AccountIdsQuerySchema,
      response: { 204: NoContent },
      problems: [404, 409],
    }),
    async (request, reply) => {
      await deleteAccounts(scopeOf(request), request.query.ids);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/:id',
    {
      config: admin,
      ...doc(tags, 'An account of my fleet', {
        params: AccountParamsSchema,
        ok: AccountSchema,
        problems: [401, 403, 404],
      }),
    },
    async (request) => getAccount(scopeOf(request), request.params.id),
  );

  app.get(
    '/accounts/:id/photo',
    {
      // images are compressed already
      compress: false,
      ...doc(tags, "An account's photo as image bytes (an administrator, or the account itself)", {
        description:
          'ETag = the photoVersion of the account; If-None-Match → 304. Cache-Control: private, ' +
          'no-cache (ADR 0079).',
        params: AccountParamsSchema,
        ok: {
          description: 'The photo (PNG, JPEG or WebP)',
          content: {
            'image/png': { schema: ImageBytes },
            'image/jpeg': { schema: ImageBytes },
            'image/webp': { schema: ImageBytes },
          },
        },
        response: {
          304: { description: 'Not modified: the photo matches If-None-Match', type: 'null' },
        },
        problems: [401, 403, 404],
      }),
    },
    async (request, reply) => {
      const photo = await getAccountPhoto(
        scopeOf(request),
        request.params.id,
        request.headers['if-none-match'],
      );
      reply.header('etag', photo.etag).header('cache-control', 'private, no-cache');
      if (!photo.bytes) return reply.code(304).send();
      return reply.type(photo.contentType).send(photo.bytes);
    },
  );

  app.put(
    '/accounts/:id',
    route.admin('Update an account of my fleet (an admin cannot remove its own admin role)', {
      params: AccountParamsSchema,
      body: AccountUpdateSchema,
      ok: AccountSchema,
      problems: [409, 413, 415],
    }),
    async (request) => updateAccount(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id',
    route.admin('Delete an account of my fleet (not my own); its sessions end at once', {
      params: AccountParamsSchema,
      response: { 204: NoContent },
      problems: [409],
    }),
    async (request, reply) => {
      await deleteAccounts(scopeOf(request), [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/accounts/:id/password',
    route.admin("Set a user's password (policy of SPEC §5); the account's sessions end", {
      params: AccountParamsSchema,
      body: SetPasswordSchema,
      response: { 204: NoContent },
      problems: [413, 415],
    }),
    async (request, reply) => {
      await setAccountPasswordByAdmin(scopeOf(request), request.params.id, request.body.password);
      return reply.code(204).send(null);
    },
  );
};

export default accountsRoutes;
