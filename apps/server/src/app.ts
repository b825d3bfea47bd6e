// Builds the Fastify application. Fixed plugin order: external plugins, then app plugins
// (context, errors, language, api key, XSRF, auth), then the routes the module list declares
// (modules/index.ts).
import Fastify, { type FastifyError, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import contextPlugin, { type AppContext } from './plugins/context';
import errorsPlugin, { sendProblem, toProblem, writeRawProblem } from './plugins/errors';
import languagePlugin from './plugins/language';
import finiteNumbersPlugin from './plugins/finite-numbers';
import securityPlugin from './plugins/security';
import openapiPlugin from './plugins/openapi';
import apiKeyPlugin from './plugins/api-key';
import xsrfPlugin from './plugins/xsrf';
import authPlugin from './plugins/auth';
import rateLimitPlugin from './plugins/rate-limit';
import webPlugin from './plugins/web';
import type { ReadinessCheck } from './modules/health';
import { pingDatabase } from './modules/health/queries';
import { activeApiKeyHashes, findSessionAccount } from './modules/auth/queries';
import { quarantineReplay } from './ingest/quarantine-replay';
import type { ModuleRoutes } from './modules/manifest/define';
import { loggerOptions } from './lib/logger';
import { REQUEST_AJV_OPTIONS, buildRequestValidator } from './lib/request-validator';
import { buildResponseSerializer } from './lib/response-serializer';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** a bulk list of BULK_LIMIT frame numbers (≤ 45 characters each) fits in the query string */
export const MAX_HEADER_BYTES = 64 * 1024;

/** `modules`: the routes and live reads of the module list (server.ts hands them over). */
export async function buildApp(
  ctx: AppContext,
  modules: ModuleRoutes,
  options: FastifyServerOptions = {},
) {
  const app = Fastify({
    logger: loggerOptions(ctx.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    // errors raised before a route runs (bad URL encoding…) leave as problem+json too
    frameworkErrors: (error, request, reply) => {
      void sendProblem(reply, toProblem(error as FastifyError), request);
    },
    // errors of the HTTP parser (431 headers too large, 400 malformed): no request object
    clientErrorHandler: writeRawProblem,
    trustProxy: ctx.config.trustProxy,
    // strict schemas: unknown properties are refused (400), not silently dropped; every issue
    // is named (forms show them all) but at most MAX_VALIDATION_ISSUES, and bodies are never
    // coerced (ADR 0078, lib/request-validator.ts); `date-time` is the contract's (ADR 0080)
    ajv: REQUEST_AJV_OPTIONS,
    // answers are serialised with `nullable` for the contract's `X | null` (ADR 0113)
    schemaController: {
      compilersFactory: {
        buildValidator: buildRequestValidator,
        buildSerializer: buildResponseSerializer,
      },
    },
    routerOptions: { ignoreTrailingSlash: true },
    ...options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('readinessChecks', new Map<string, ReadinessCheck>());
  // what the modules push on the live stream (their manifests: fleet/stream/stream-hub.ts)
  app.decorate('liveReads', modules.live);
  // the quarantine's retry stores a message as the ingest does (modules/quarantine/replay.ts)
  app.decorate('quarantineReplay', quarantineReplay);
  app.readinessChecks.set('database', async () => {
    await pingDatabase(ctx.database);
    return true;
  });

  await app.register(contextPlugin, { ctx });
  await app.register(errorsPlugin);
  await app.register(languagePlugin);
  await app.register(finiteNumbersPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(apiKeyPlugin, { activeApiKeyHashes });
  await app.register(xsrfPlugin);
  await app.register(authPlugin, { findSessionAccount });
  await app.register(rateLimitPlugin);

  // the modules' routes (their manifests, ADR 0123): outside the API prefix (health, the open
  // data feeds, the one-click unsubscribe…), then under it
  for (const module of modules.root) await app.register(module);
  for (const module of modules.api) {
    await app.register(module, { prefix: ctx.config.apiPrefix });
  }
  await app.register(webPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
