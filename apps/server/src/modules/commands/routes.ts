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
import { doc, problems, routeDoc } from '../../lib/route-schema';
import { acknowledgeAlert } from './acknowledge-alert';
import { sendCommands } from './send-commands';

const accepted = { 202: CommandsAcceptedSchema, ...problems(400, 401, 403, 404, 409) };
const tags = ['commands'];
const route = routeDoc(tags);

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
    doc(tags, 'Lock (active=true) or unlock the electric assistance of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ActiveQuerySchema,
      response: accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'LOCK_CONTROL', request.query.active),
  );
  app.post(
    '/commands/lockControl',
    doc(tags, 'Lock or unlock the electric assistance of several bikes (all or nothing)', {
      querystring: BulkActiveQuerySchema,
      response: accepted,
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
    doc(tags, 'Arm (active=true) or disarm the alarm of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ActiveQuerySchema,
      response: accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'ALARM', request.query.active),
  );
  app.post(
    '/commands/mode/:vehicleNumber',
    doc(tags, 'Set the IoT communication mode of a bike', {
      params: VehicleNumberParamsSchema,
      querystring: ModeQuerySchema,
      response: accepted,
    }),
    (request, reply) =>
      send(request, reply, [request.params.vehicleNumber], 'MODE', request.query.mode),
  );
  app.post(
    '/commands/mode',
    doc(tags, 'Set the IoT communication mode of several bikes (all or nothing)', {
      querystring: BulkModeQuerySchema,
      response: accepted,
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
