// Maintenance schedules (docs/tasks.md): list, create, delete — managers and administrators
// (closed to field technicians by the auth plugin). Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  MaintenanceScheduleCreateSchema,
  MaintenanceScheduleListSchema,
  MaintenanceScheduleParamsSchema,
  MaintenanceScheduleSchema,
} from '@vfm/contract';
import { scopeOf } from '../../plugins/request-scope';
import { NoContent, routeDoc } from '../../lib/route-schema';
import { createSchedule, deleteSchedule, listSchedules } from './service';

const route = routeDoc(['tasks']);

const maintenanceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/maintenance/schedules',
    route("The fleet's maintenance schedules, with the bikes each covers and those due", {
      ok: MaintenanceScheduleListSchema,
      problems: [400],
    }),
    async (request) => listSchedules(scopeOf(request)),
  );

  app.post(
    '/maintenance/schedules',
    route('Create a schedule: every N km, N days or N charge cycles, per type and/or group', {
      body: MaintenanceScheduleCreateSchema,
      response: { 201: MaintenanceScheduleSchema },
      problems: [404],
    }),
    async (request, reply) =>
      reply.code(201).send(await createSchedule(scopeOf(request), request.body)),
  );

  app.delete(
    '/maintenance/schedules/:id',
    route('Delete a schedule (its open tasks stay)', {
      params: MaintenanceScheduleParamsSchema,
      response: { 204: NoContent },
    }),
    async (request, reply) => {
      await deleteSchedule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default maintenanceRoutes;
