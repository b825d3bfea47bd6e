// OpenAPI 3.1 generated from the route schemas of packages/contract, UI at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_KEY_HEADER, APP_VERSION, ProblemSchema, WEBHOOK_OPENAPI } from '@vfm/contract';

export default fp(
  async function openapiPlugin(app) {
    app.addSchema(ProblemSchema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'VFM API',
          version: APP_VERSION,
          description:
            'Fleet manager for electric bikes. Every call needs `x-api-key`; calls other than ' +
            'the public ones need `Authorization: Bearer <jwtToken>`; every non-GET call needs ' +
            '`X-XSRF-TOKEN` equal to the `XSRF-TOKEN` cookie the server sets. Errors are ' +
            'RFC 9457 problem+json.',
        },
        servers: [{ url: app.ctx.config.publicUrl }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // a city client's token of POST /mds/v2/token (ADR 0085)
            cityBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{ apiKey: [], bearer: [] }],
        // what VFM sends to a fleet's webhook endpoints (docs/webhooks.md)
        // (its TypeBox schemas are JSON Schema 2020-12, which OpenAPI 3.1 takes as they are)
        webhooks: WEBHOOK_OPENAPI as unknown as Record<string, never>,
      },
      refResolver: {
        buildLocalReference: (json, _baseUri, _fragment, i) =>
          typeof json.$id === 'string' ? json.$id : `def-${i}`,
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header,
    });
  },
  { name: 'vfm-openapi', dependencies: ['vfm-context'] },
);
