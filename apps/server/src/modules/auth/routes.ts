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
import { NoContent, PUBLIC_SECURITY, problems } from '../../lib/route-schema';
import { MAINTENANCE_INTERVAL_MS, purgeAuthTables } from './maintenance';
import { PasswordService } from './password-service';
import { SessionService } from './session-service';

const common = { tags: ['auth'], security: PUBLIC_SECURITY };
const config = { auth: 'public' } as const;

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sessions = new SessionService(app.ctx, app.accessTokens);
  const passwords = new PasswordService(app.ctx);
  const background = new BackgroundTasks(app.log);
  const purge = () =>
    purgeAuthTables(app.ctx.database, app.ctx.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'auth tables purge failed'),
    );
  const timer = setInterval(purge, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await background.drain();
  });

  app.post(
    '/auth/login',
    {
      config,
      schema: {
        ...common,
        summary: 'Sign in: an access token and a refresh token',
        description:
          '403 alike for an unknown e-mail, a wrong password, a pending account or an account ' +
          'without the application role; 429 with Retry-After after too many failures.',
        body: LoginRequestSchema,
        response: { 200: TokenPairSchema, ...problems(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) =>
      sessions.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post(
    '/auth/refresh',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.refresh) },
      schema: {
        ...common,
        summary: 'Rotate the refresh token: a new pair, the old refresh token is dead',
        description: 'Presenting a rotated token again revokes its whole session (401).',
        body: RefreshRequestSchema,
        response: { 200: TokenPairSchema, ...problems(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => sessions.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      config,
      schema: {
        ...common,
        summary: 'Sign out: revoke the session of the refresh token',
        body: LogoutRequestSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/validation',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.validation) },
      schema: {
        ...common,
        summary: 'Check an account-validation token (204 if valid and unused, else 400)',
        body: ValidationRequestSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await passwords.checkValidationToken(request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { ...config, rateLimit: perMinute(RATE_LIMITS.resetPassword) },
      schema: {
        ...common,
        summary: 'E-mail a password-reset link (15 minutes); 204 whether or not the e-mail exists',
        description: 'redirectUrl must be on the origin of PUBLIC_URL (else 400).',
        body: ResetPasswordRequestSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      passwords.assertRedirectAllowed(request.body.redirectUrl, request.log);
      // after the answer: its timing and outcome must not tell whether the account exists,
      // and a mail failure must not change it
      const { body, language } = request;
      background.run('reset-password mail', () => passwords.sendResetMail(body, language));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      config,
      schema: {
        ...common,
        summary: 'Set a new password with a reset/validation token, or with the current password',
        description:
          '400 policy or bad/expired/used token; 403 wrong current password; 406 new password ' +
          'equal to the current one; 429 too many failures. Ends every session of the account.',
        body: ChangePasswordRequestSchema,
        response: { 204: NoContent, ...problems(400, 401, 403, 406, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      await passwords.changePassword(request.body, {
        ip: request.ip,
        bearerSent: Boolean(request.headers.authorization),
        principal: request.principal,
      });
      return reply.code(204).send(null);
    },
  );
};

export default authRoutes;
