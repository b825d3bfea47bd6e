// Report schedules (ADR 0127, docs/reports.md): list, create, change, remove and "send now".
// Managers and administrators of the fleet. Thin: the service owns the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ReportScheduleIdParamsSchema,
  ReportScheduleInputSchema,
  ReportScheduleListSchema,
  ReportScheduleSchema,
  ReportSendNowSchema,
} from '@vfm/contract';
import { routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import {
  changeSchedule,
  createSchedule,
  listSchedules,
  removeSchedule,
  sendNow,
} from './schedule-service';

const route = routeDoc(['reports']);

const scheduleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/report-schedules',
    route("The fleet's report schedules, each with its last delivery", {
      ok: ReportScheduleListSchema,
    }),
    async (request) => listSchedules(scopeOf(request)),
  );
  app.post(
    '/report-schedules',
    route('A report sent daily, weekly or monthly to its recipients (PDF or XLSX attached)', {
      body: ReportScheduleInputSchema,
      response: { 201: ReportScheduleSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await createSchedule(scopeOf(request), request.body)),
  );
  app.put(
    '/report-schedules/:id',
    route('Changes a report schedule', {
      params: ReportScheduleIdParamsSchema,
      body: ReportScheduleInputSchema,
      ok: ReportScheduleSchema,
    }),
    async (request) => changeSchedule(scopeOf(request), request.params.id, request.body),
  );
  app.delete(
    '/report-schedules/:id',
    route('Removes a report schedule', {
      params: ReportScheduleIdParamsSchema,
      response: { 204: Type.Null() },
    }),
    async (request, reply) => {
      await removeSchedule(scopeOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/report-schedules/:id/send',
    route('Sends now the last period that has ended, to every recipient', {
      params: ReportScheduleIdParamsSchema,
      response: { 202: ReportSendNowSchema },
    }),
    async (request, reply) =>
      reply.code(202).send(await sendNow(scopeOf(request), request.params.id)),
  );
};

export default scheduleRoutes;
