// Administrators provision the bikes of their fleet (DESIGN §5): CSV import and removal.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  VehicleImportResultSchema,
  VehicleCsvBodySchema,
  VehicleRemovalQuerySchema,
  VehicleRemovalResultSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { importVehicleCsv, removeVehicles } from './provisioning-service';

const route = routeDoc(['fleet']);

const provisioningRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // scoped to this plugin: the import takes text/csv and nothing else (415)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/fleet/admin/vehicles',
    route.admin('Import bikes from CSV (vehicleNumber,bikeCode,moduleId,model,group)', {
      description:
        "Creates or updates the bikes of the caller's fleet. Lines with errors are reported and skipped. " +
        '`modules` lists the modules created by this import with their MQTT secret, shown only this once.',
      consumes: ['text/csv'],
      body: VehicleCsvBodySchema,
      ok: VehicleImportResultSchema,
      problems: [415],
    }),
    async (request) => importVehicleCsv(scopeOf(request), request.body),
  );

  app.delete(
    '/fleet/admin/vehicles',
    route.admin('Remove bikes from the fleet; their modules can no longer connect', {
      querystring: VehicleRemovalQuerySchema,
      ok: VehicleRemovalResultSchema,
      problems: [404],
    }),
    async (request) => removeVehicles(scopeOf(request), request.query.vehicleNumbers),
  );
};

export default provisioningRoutes;
