// The fleet's zones (ADR 0084): list, read, create, replace, delete, import a
// GeoJSON FeatureCollection, and the zones a bike stands in. Every user of the fleet reads;
// managers change (the service checks). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BikeZonesSchema,
  VehicleNumberParamsSchema,
  ZoneCreateSchema,
  ZoneDeleteQuerySchema,
  ZoneImportResultSchema,
  ZoneImportSchema,
  ZoneListQuerySchema,
  ZoneListSchema,
  ZoneOccupancySchema,
  ZoneParamsSchema,
  ZoneSchema,
  ZoneUpdateSchema,
  type ZoneImport,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import {
  createZone,
  deleteZone,
  getBikeZones,
  getZone,
  getZoneOccupancy,
  importZones,
  listZones,
  updateZone,
} from './service';
import { registerZoneJsonParser, zoneBody } from './zone-body';

const route = routeDoc(['zones']);

const zoneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerZoneJsonParser(app);

  app.get(
    '/zones',
    route("The fleet's zones, by name; each geometry as the map draws it unless `geometry=full`", {
      querystring: ZoneListQuerySchema,
      ok: ZoneListSchema,
    }),
    async (request) => listZones(scopeOf(request), request.query.geometry),
  );

  app.post(
    '/zones',
    route(
      'Create a zone (managers); the geometry is a GeoJSON Polygon or MultiPolygon. ' +
        'The answer has the geometry as the map draws it (`simplified`), not the whole one',
      { body: ZoneCreateSchema, response: { 201: ZoneSchema }, problems: [409, 422, 429, 503] },
    ),
    async (request, reply) =>
      reply.code(201).send(await createZone(scopeOf(request), request.body)),
  );

  app.post(
    '/zones/import',
    {
      ...route(
        'Import a GeoJSON FeatureCollection of zones (managers): all or nothing; ' +
          'the answer names the zones made, without their geometry',
        {
          body: ZoneImportSchema,
          response: { 201: ZoneImportResultSchema },
          problems: [409, 413, 422, 429, 503],
        },
      ),
      // a big body is read on the zones' thread (zone-body.ts)
      attachValidation: true,
      config: { rawZoneBody: true },
    },
    async (request, reply) =>
      reply.code(201).send(await importZones(scopeOf(request), zoneBody<ZoneImport>(request))),
  );

  app.get(
    '/zones/occupancy',
    route('How many bikes stand in each zone now, and whether its caps are crossed', {
      ok: ZoneOccupancySchema,
      problems: [400],
    }),
    async (request) => getZoneOccupancy(scopeOf(request)),
  );

  app.get(
    '/zones/:id',
    route('One zone of the fleet', { params: ZoneParamsSchema, ok: ZoneSchema }),
    async (request) => getZone(scopeOf(request), request.params.id),
  );

  app.put(
    '/zones/:id',
    route(
      'Replace a zone (managers); `version` is the one read, else 409. ' +
        'The answer has the geometry as the map draws it (`simplified`)',
      {
        params: ZoneParamsSchema,
        body: ZoneUpdateSchema,
        ok: ZoneSchema,
        problems: [409, 422, 429, 503],
      },
    ),
    async (request) => updateZone(scopeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/zones/:id',
    route('Delete a zone (managers); with `version`, only that version', {
      params: ZoneParamsSchema,
      querystring: ZoneDeleteQuerySchema,
      response: { 204: NoContent },
      problems: [409],
    }),
    async (request, reply) => {
      await deleteZone(scopeOf(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/products/details/zones/:vehicleNumber',
    route('The zones a bike stands in now, from its last position', {
      params: VehicleNumberParamsSchema,
      ok: BikeZonesSchema,
    }),
    async (request) => getBikeZones(scopeOf(request), request.params.vehicleNumber),
  );
};

export default zoneRoutes;
