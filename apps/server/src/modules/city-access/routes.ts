// City clients of the MDS Provider API and their access log (docs/open-data.md; admin only). Thin:
// the service owns the rules. The MDS API itself is the mds module, outside the API prefix.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CityClientCreateSchema,
  CityClientCreatedSchema,
  CityClientSchema,
  CityClientsSchema,
  MdsAccessLogQuerySchema,
  MdsAccessLogSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { doc } from '../../lib/route-schema';
import { createCityClient, listCityClients, readAccessLog, revokeCityClient } from './service';

const tags = ['fleet'];
const config = { auth: 'admin' as const };

const cityAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/city-clients',
    {
      config,
      ...doc(tags, "The fleet's MDS city clients, the MDS addresses and the fleet's provider_id", {
        ok: CityClientsSchema,
        problems: [400, 401, 403, 404],
      }),
    },
    async (request) => listCityClients(scopeOf(request)),
  );

  app.post(
    '/fleet/city-clients',
    {
      config,
      ...doc(tags, 'Create a city client; its secret is in this answer only (an audited action)', {
        body: CityClientCreateSchema,
        response: { 201: CityClientCreatedSchema },
        problems: [400, 401, 403, 409, 413, 415],
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await createCityClient(scopeOf(request), request.body)),
  );

  app.delete(
    '/fleet/city-clients/:id',
    {
      config,
      ...doc(tags, 'Revoke a city client: its tokens stop working at once (an audited action)', {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        ok: CityClientSchema,
        problems: [400, 401, 403, 404],
      }),
    },
    async (request) => revokeCityClient(scopeOf(request), request.params.id),
  );

  app.get(
    '/fleet/city-clients/access-log',
    {
      config,
      ...doc(tags, "The last pulls of the MDS API by the fleet's city clients, newest first", {
        querystring: MdsAccessLogQuerySchema,
        ok: MdsAccessLogSchema,
        problems: [400, 401, 403],
      }),
    },
    async (request) => readAccessLog(scopeOf(request), request.query),
  );
};

export default cityAccessRoutes;
