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
import { routeDoc } from '../../lib/route-schema';
import { createCityClient, listCityClients, readAccessLog, revokeCityClient } from './service';

const route = routeDoc(['fleet']);

const cityAccessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fleet/city-clients',
    route.admin("The fleet's MDS city clients, the MDS addresses and the fleet's provider_id", {
      ok: CityClientsSchema,
      problems: [400, 404],
    }),
    async (request) => listCityClients(scopeOf(request)),
  );

  app.post(
    '/fleet/city-clients',
    route.admin('Create a city client; its secret is in this answer only (an audited action)', {
      body: CityClientCreateSchema,
      response: { 201: CityClientCreatedSchema },
      problems: [409, 413, 415],
    }),
    async (request, reply) =>
      reply.code(201).send(await createCityClient(scopeOf(request), request.body)),
  );

  app.delete(
    '/fleet/city-clients/:id',
    route.admin('Revoke a city client: its tokens stop working at once (an audited action)', {
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      ok: CityClientSchema,
    }),
    async (request) => revokeCityClient(scopeOf(request), request.params.id),
  );

  app.get(
    '/fleet/city-clients/access-log',
    route.admin("The last pulls of the MDS API by the fleet's city clients, newest first", {
      querystring: MdsAccessLogQuerySchema,
      ok: MdsAccessLogSchema,
    }),
    async (request) => readAccessLog(scopeOf(request), request.query),
  );
};

export default cityAccessRoutes;
