// Administrators provision the bikes of their fleet (DESIGN §5): CSV import and removal.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  VehicleImportResultSchema,
  VehicleNumbersQuerySchema,
  VehicleRemovalResultSchema,
} from '@vfm/contract';
import { principalOf } from '../../plugins/auth';
import { parseVehicleNumbers } from '../bikes/bike-lookup';
import { importVehicleCsv, removeVehicles } from './provisioning-service';

const problem = Type.Ref('Problem');

const provisioningRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // scoped to this plugin: the import takes text/csv and nothing else (415)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/fleet/admin/vehicles',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['fleet'],
        summary: 'Import bikes from CSV (vehicleNumber,bikeCode,moduleId,model,group)',
        description:
          "Creates or updates the bikes of the caller's fleet. Lines with errors are reported and skipped. " +
          '`modules` lists the modules created by this import with their MQTT secret, shown only this once.',
        consumes: ['text/csv'],
        body: Type.String({
          description: 'CSV with the header row vehicleNumber,bikeCode,moduleId,model,group',
        }),
        response: {
          200: VehicleImportResultSchema,
          400: problem,
          401: problem,
          403: problem,
          415: problem,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return importVehicleCsv(app.ctx.database, {
        fleetId: principal.fleetId,
        actorEmail: principal.email,
        csv: request.body,
        now: app.ctx.now(),
      });
    },
  );

  app.delete(
    '/fleet/admin/vehicles',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['fleet'],
        summary: 'Remove bikes from the fleet; their modules can no longer connect',
        querystring: Type.Object(
          { vehicleNumbers: VehicleNumbersQuerySchema },
          { additionalProperties: false },
        ),
        response: {
          200: VehicleRemovalResultSchema,
          400: problem,
          401: problem,
          403: problem,
          404: problem,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return removeVehicles(app.ctx.database, {
        fleetId: principal.fleetId,
        actorEmail: principal.email,
        vehicleNumbers: parseVehicleNumbers(request.query.vehicleNumbers, app.ctx.config.bulkLimit),
        now: app.ctx.now(),
      });
    },
  );
};

export default provisioningRoutes;
