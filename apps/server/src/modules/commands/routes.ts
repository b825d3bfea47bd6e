// POST commands/… (DESIGN §5): thin HTTP translation; send-commands.ts and
// acknowledge-alert.ts own the rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ActiveQuerySchema,
  AlertAcknowledgedSchema,
  AlertIdParamsSchema,
  BulkActiveQuerySchema,
  BulkModeQuerySchema,
  CommandsAcceptedSchema,
  ModeQuerySchema,
  VehicleNumberParamsSchema,
  type CommandType,
} from '@vfm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseVehicleNumbers } from '../bikes/bike-lookup';
import { scopeOf } from '../../plugins/request-scope';
import { routeDoc } from '../../lib/route-schema';
import { acknowledgeAlert } from './acknowledge-alert';
import { sendCommands } from './send-commands';

/** a command sent: 202 with what was queued; 404 names the bikes not found, 409 a refusal */
const accepted = { response: { 202: CommandsAcceptedSchema }, problems: [404, 409] } as const;
const route = routeDoc(['commands']);

const commandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    vehicleNumbers: string[],
    type: CommandType,
    value: boolean | string,
  ) => {
    const result = await sendCommands(scopeOf(request), { vehicleNumbers, type, value });
    return reply.code(202).send(result);
  };
  const bulk = (values: string[]) => parseVehicleNumbers(values, app.ctx.config.bulkLimit);

  app.post(
    '/commands/lockControl/:vehicleNumber',
    route('Lock (active=true) or unlock the electric assistance of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ActiveQuerySchema,
      ...accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'LOCK_CONTROL', request.query.active),
  );
  app.post(
    '/commands/lockControl',
    route('Lock or unlock the electric assistance of several bikes (all or nothing)', {
      querystring: BulkActiveQuerySchema,
      ...accepted,
    }),
    (request, reply) =>
      send(
        request,
        reply,
        bulk(request.query.vehicleNumbers),
        'LOCK_CONTROL',
        request.query.active,
      ),
  );
  app.post(
    '/commands/alarm/:vehicleNumber',
    route('Arm (active=true) or disarm the alarm of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ActiveQuerySchema,
      ...accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'ALARM', request.query.active),
  );
  app.post(
    '/commands/mode/:vehicleNumber',
    route('Set the IoT communication mode of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ModeQuerySchema,
      ...accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'MODE', request.query.mode),
  );
  app.post(
    '/commands/mode',
    route('Set the IoT communication mode of several bikes (all or nothing)', {
      querystring: BulkModeQuerySchema,
      ...accepted,
    }),
    (request, reply) =>
      send(request, reply, bulk(request.query.vehicleNumbers), 'MODE', request.query.mode),
  );
  app.post(
    '/commands/ack/:id',
    route('Acknowledge an alert event (alarm triggered): ends the suspected theft', {
      params: AlertIdParamsSchema,
      ok: AlertAcknowledgedSchema,
      problems: [409],
    }),
    async (request) => acknowledgeAlert(scopeOf(request), request.params.id),
  );
};

export default commandRoutes;
