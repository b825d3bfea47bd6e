// The MDS 2.0 Provider API (-6, ADR 0085, docs/open-data.md "MDS"), outside the API
// prefix: city bearer tokens from the client-credentials endpoint `POST /mds/v2/token`, the
// version negotiation of MDS, each answer as provider.yaml shapes it, every pull logged and
// rate-limited per client. Thin: the feed service builds the answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MDS_BASE_PATH, MDS_CONTENT_TYPE } from '@vfm/contract';
import { notFound } from '../../lib/problem';
import { doc, problems } from '../../lib/route-schema';
import { RATE_LIMITS, perMinute } from '../../plugins/rate-limit';
import { CityTokens } from '../city-access/city-token';
import {
  authenticateCity,
  basicCredentials,
  issueToken,
  logPull,
  type CityCaller,
} from '../city-access/token-service';
import { checkAccept, clientKey, invalidToken, sendMds } from './access';
import {
  historicalEvents,
  recentEvents,
  telemetry,
  trips,
  vehicleStatuses,
  vehicles,
  type MdsAnswer,
  type MdsScope,
} from './feed-service';

declare module 'fastify' {
  interface FastifyRequest {
    mdsCaller: CityCaller | null;
    mdsRows: number | null;
  }
}

const tags = ['mds'];
const security = [{ cityBearer: [] }];
const config = {
  auth: 'public' as const,
  rateLimit: { ...perMinute(RATE_LIMITS.mds), keyGenerator: clientKey },
};
const MdsDocument = Type.Object(
  { version: Type.String() },
  {
    additionalProperties: true,
    description: `An MDS 2.0 answer (${MDS_CONTENT_TYPE}); shapes in the MDS Provider OpenAPI`,
  },
);
const responses = { 200: MdsDocument, ...problems(400, 401, 404, 406, 429) };
const HourQuery = (name: string) =>
  Type.Object({ [name]: Type.Optional(Type.String({ maxLength: 100 })) });
const DeviceParams = Type.Object({ device_id: Type.String({ maxLength: 100 }) });
const PageQuery = Type.Object({ after: Type.Optional(Type.String({ maxLength: 100 })) });

const mdsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tokens = new CityTokens(app.ctx.config.jwtSecret);
  app.decorateRequest('mdsCaller', null);
  app.decorateRequest('mdsRows', null);
  // RFC 6749 §4.4.2: the token request is a form
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const scopeOf = (caller: CityCaller): MdsScope => ({
    database: app.ctx.database,
    fleetId: caller.fleetId,
    providerId: caller.providerId,
    now: app.ctx.now(),
    publicUrl: app.ctx.config.publicUrl.replace(/\/+$/, ''),
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.mdsCaller) return;
    try {
      await logPull(app.ctx.database, request.mdsCaller, {
        path: request.url,
        status: reply.statusCode,
        rows: reply.statusCode === 200 ? request.mdsRows : null,
        at: app.ctx.now(),
      });
    } catch (error) {
      request.log.error({ err: error }, 'MDS access log not written');
    }
  });

  /** A data route: the token's client first (401), then the version (406). */
  const pull = <Q>(
    path: string,
    summary: string,
    schema: Record<string, unknown>,
    build: (scope: MdsScope, request: Q) => Promise<MdsAnswer>,
  ) =>
    app.get(
      `${MDS_BASE_PATH}${path}`,
      {
        config,
        // sendMds compresses itself (fast level, off the event loop)
        compress: false,
        schema: { tags, security, summary, ...schema, response: responses },
        onRequest: async (request, reply) => {
          const caller = await authenticateCity(
            app.ctx.database,
            tokens,
            request.headers.authorization,
            app.ctx.now(),
          );
          if (!caller) {
            reply.header('www-authenticate', 'Bearer realm="mds", error="invalid_token"');
            throw invalidToken();
          }
          request.mdsCaller = caller;
          checkAccept(request);
        },
      },
      async (request, reply) => {
        const result = await build(scopeOf(request.mdsCaller!), request as Q);
        request.mdsRows = result.rows;
        return sendMds(request, reply, result.body);
      },
    );

  type Req<P = unknown, Q = unknown> = { params: P; query: Q };
  pull<Req<unknown, { after?: string }>>(
    '/vehicles',
    'MDS vehicles of the fleet (pages of 1000: links.next)',
    { querystring: PageQuery },
    (scope, request) => vehicles(scope, { after: request.query.after }),
  );
  pull<Req<{ device_id: string }, unknown>>(
    '/vehicles/:device_id',
    'One MDS vehicle',
    { params: DeviceParams },
    (scope, request) => vehicles(scope, { deviceId: request.params.device_id }),
  );
  pull<Req<unknown, { after?: string }>>(
    '/vehicles/status',
    'MDS status (last event and telemetry) of the placed vehicles (pages of 1000)',
    { querystring: PageQuery },
    (scope, request) => vehicleStatuses(scope, { after: request.query.after }),
  );
  pull<Req<{ device_id: string }, unknown>>(
    '/vehicles/status/:device_id',
    'MDS status of one vehicle',
    { params: DeviceParams },
    (scope, request) => vehicleStatuses(scope, { deviceId: request.params.device_id }),
  );
  pull<Req<unknown, { end_time?: string }>>(
    '/trips',
    'MDS trips that ended in one UTC hour (end_time=YYYY-MM-DDTHH)',
    { querystring: HourQuery('end_time') },
    (scope, request) => trips(scope, request.query.end_time),
  );
  pull<Req<unknown, { telemetry_time?: string }>>(
    '/telemetry',
    'MDS telemetry of one UTC hour (telemetry_time=YYYY-MM-DDTHH)',
    { querystring: HourQuery('telemetry_time') },
    (scope, request) => telemetry(scope, request.query.telemetry_time),
  );
  pull<Req<unknown, { event_time?: string }>>(
    '/events/historical',
    'MDS events of one UTC hour (event_time=YYYY-MM-DDTHH)',
    { querystring: HourQuery('event_time') },
    (scope, request) => historicalEvents(scope, request.query.event_time),
  );
  pull<Req<unknown, { start_time?: string; end_time?: string }>>(
    '/events/recent',
    'MDS events in [start_time, end_time) (milliseconds, at most two weeks old)',
    {
      querystring: Type.Object({
        start_time: Type.Optional(Type.String({ maxLength: 100 })),
        end_time: Type.Optional(Type.String({ maxLength: 100 })),
      }),
    },
    (scope, request) => recentEvents(scope, request.query.start_time, request.query.end_time),
  );

  const TokenBody = Type.Object(
    {
      grant_type: Type.Optional(Type.String({ maxLength: 100 })),
      client_id: Type.Optional(Type.String({ maxLength: 200 })),
      client_secret: Type.Optional(Type.String({ maxLength: 1024 })),
      scope: Type.Optional(Type.String({ maxLength: 1000 })),
    },
    { additionalProperties: true },
  );
  const TokenError = Type.Object({ error: Type.String() });
  app.post(
    `${MDS_BASE_PATH}/token`,
    {
      config: { auth: 'public' as const, rateLimit: perMinute(RATE_LIMITS.mdsToken) },
      ...doc(
        tags,
        'OAuth 2.0 client credentials (RFC 6749 §4.4): a city client gets a bearer token for the MDS API',
        {
          security: [],
          consumes: ['application/x-www-form-urlencoded'],
          body: TokenBody,
          ok: Type.Object({
            access_token: Type.String(),
            token_type: Type.Literal('Bearer'),
            expires_in: Type.Integer(),
          }),
          response: { 400: TokenError, 401: TokenError },
          problems: [415, 429],
        },
      ),
      // a body of another shape is RFC 6749's invalid_request, not a problem
      attachValidation: true,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (request.validationError) {
        return reply.code(400).send({ error: 'invalid_request' });
      }
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      const basic = basicCredentials(request.headers.authorization);
      const answer = await issueToken(
        app.ctx.database,
        tokens,
        {
          grantType: body.grant_type,
          clientId: basic?.id ?? body.client_id,
          clientSecret: basic?.secret ?? body.client_secret,
        },
        app.ctx.now(),
      );
      if (!answer.ok) {
        if (answer.status === 401 && basic) reply.header('www-authenticate', 'Basic realm="mds"');
        return reply.code(answer.status).send({ error: answer.error });
      }
      return reply.send({
        access_token: answer.accessToken,
        token_type: 'Bearer',
        expires_in: answer.expiresIn,
      });
    },
  );

  for (const url of ['/mds', '/mds/*']) {
    app.all(url, { config: { auth: 'public' as const }, schema: { hide: true } }, async () => {
      throw notFound('No MDS endpoint at this address.');
    });
  }
};

export default mdsRoutes;
