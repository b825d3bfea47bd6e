// POST auth/* (DESIGN §5 "Auth"): all public (SPEC §7). Thin: the services own the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  RefreshRequestSchema,
  ResetPasswordRequestSchema,
  TokenPairSchema,
  ValidationRequestSchema,
} from '@vfm/contract';
import { BackgroundTasks } from '../../lib/background-tasks';
import { RATE_LIMITS, perMinute } from '../../plugins/rate-limit';
import { NoContent, PUBLIC_SECURITY, routeDoc } from '../../lib/route-schema';
import { publicScopeOf } from '../../plugins/request-scope';
import {
  assertRedirectAllowed,
  changePassword,
  checkValidationToken,
  sendResetMail,
} from './password-service';
import { login, logout, refresh } from './session-service';

const route = routeDoc(['auth']);
const config = { auth: 'public' } as const;

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', async () => {
    await background.drain();
  });

  app.post(
    '/auth/login',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.login) },
      ...route('Sign in: an access token and a refresh token', {
        security: PUBLIC_SECURITY,
        description:
          '403 alike for an unknown e-mail, a wrong password, a pending account or an account ' +
          'without the application role; 429 with Retry-After after too many failures.',
        body: LoginRequestSchema,
        ok: TokenPairSchema,
        problems: [413, 415, 429],
      }),
    },
    async (request) =>
      login(publicScopeOf(request), app.accessTokens, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/auth/refresh',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.refresh) },
      ...route('Rotate the refresh token: a new pair, the old refresh token is dead', {
        security: PUBLIC_SECURITY,
        description: 'Presenting a rotated token again revokes its whole session (401).',
        body: RefreshRequestSchema,
        ok: TokenPairSchema,
        problems: [413, 415, 429],
      }),
    },
    async (request) => refresh(publicScopeOf(request), app.accessTokens, request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.logout) },
      ...route('Sign out: revoke the session of the refresh token', {
        security: PUBLIC_SECURITY,
        body: LogoutRequestSchema,
        response: { 204: NoContent },
        problems: [413, 415, 429],
      }),
    },
    async (request, reply) => {
      await logout(publicScopeOf(request), request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/validation',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.validation) },
      ...route('Check an account-validation token (204 if valid and unused, else 400)', {
        security: PUBLIC_SECURITY,
        body: ValidationRequestSchema,
        response: { 204: NoContent },
        problems: [413, 415, 429],
      }),
    },
    async (request, reply) => {
      await checkValidationToken(publicScopeOf(request), request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.resetPassword) },
      ...route('E-mail a password-reset link (15 minutes); 204 whether or not the e-mail exists', {
        security: PUBLIC_SECURITY,
        description: 'redirectUrl must be on the origin of PUBLIC_URL (else 400).',
        body: ResetPasswordRequestSchema,
        response: { 204: NoContent },
        problems: [413, 415, 429],
      }),
    },
    async (request, reply) => {
      const scope = publicScopeOf(request);
      assertRedirectAllowed(scope, request.body.redirectUrl);
      // after the answer: its timing and outcome must not tell whether the account exists,
      // and a mail failure must not change it
      const { body } = request;
      background.run('reset-password mail', () => sendResetMail(scope, body));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.changePassword) },
      ...route('Set a new password with a reset/validation token, or with the current password', {
        security: PUBLIC_SECURITY,
        description:
          '400 policy or bad/expired/used token; 403 wrong current password; 406 new password ' +
          'equal to the current one; 429 too many failures. Ends every session of the account.',
        body: ChangePasswordRequestSchema,
        response: { 204: NoContent },
        problems: [406, 413, 415, 429],
      }),
    },
    async (request, reply) => {
      await changePassword(publicScopeOf(request), request.body, {
        ip: request.ip,
        bearerSent: Boolean(request.headers.authorization),
        principal: request.principal,
      });
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
