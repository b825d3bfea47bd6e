// The bike calls of DESIGN §5 under products/… (search, bike page, warnings, availability, theft). Thin:
// HTTP in, HTTP out; the services scope everything to the caller's fleet.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AutotestQuerySchema,
  AutotestSchema,
  AvailabilityResultSchema,
  BikeSchema,
  CommandHistoryQuerySchema,
  CommandHistorySchema,
  EventPageQuerySchema,
  EventPageSchema,
  FindParamsSchema,
  FindResultSchema,
  TheftResultSchema,
  TRIPS_DEFAULT_DAYS,
  TRIPS_MAX_DAYS,
  TRIP_POSITIONS_MAX,
  TripsQuerySchema,
  TripsSchema,
  VehicleNumberParamsSchema,
  WarningsQuerySchema,
  WarningsSchema,
  availabilityQuerySchema,
} from '@vfm/contract';
import { routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import { setAvailability } from './availability-service';
import { getAutotest, getBikeDetails, getCommandHistory, getEventHistory } from './details-service';
import { findBikes } from './find-service';
import { cancelTheft, reportTheft } from './theft-service';
import { getTrips } from './trips-service';
import { getWarnings } from './warnings-service';

const route = routeDoc(['products']);
const Params = VehicleNumberParamsSchema;

const bikeRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products/find/:text',
    route('Find bikes by frame no., IoT code or bike code (exact match first, ≤ 20; none → 404)', {
      params: FindParamsSchema,
      ok: FindResultSchema,
    }),
    async (request) => findBikes(scopeOf(request), request.params.text),
  );

  app.get(
    '/products/details/:vehicleNumber',
    route('Every field of a bike, with its group, warnings and theft state', {
      params: Params,
      ok: BikeSchema,
    }),
    async (request) => getBikeDetails(scopeOf(request), request.params.vehicleNumber),
  );

  app.get(
    '/products/details/autotest/:vehicleNumber',
    route('Latest self-diagnosis of the module and its history, newest first', {
      params: Params,
      querystring: AutotestQuerySchema,
      ok: AutotestSchema,
    }),
    async (request) =>
      getAutotest(scopeOf(request), request.params.vehicleNumber, request.query.size ?? 20),
  );

  app.get(
    '/products/details/trips/:vehicleNumber',
    route(`Trips of a period, newest first, each with its positions (≤ ${TRIP_POSITIONS_MAX})`, {
      description:
        `Trips that started in [from, to): default the last ${TRIPS_DEFAULT_DAYS} days, at most ` +
        `${TRIPS_MAX_DAYS} days. Positions are [longitude, latitude, time in ms].`,
      params: Params,
      querystring: TripsQuerySchema,
      ok: TripsSchema,
    }),
    async (request) => getTrips(scopeOf(request), request.params.vehicleNumber, request.query),
  );

  app.get(
    '/products/details/commands/:vehicleNumber',
    route('Commands sent to the module, newest first', {
      params: Params,
      querystring: CommandHistoryQuerySchema,
      ok: CommandHistorySchema,
    }),
    async (request) =>
      getCommandHistory(scopeOf(request), request.params.vehicleNumber, request.query.size ?? 50),
  );

  app.get(
    '/products/details-actions/:vehicleNumber',
    route('Event history of the bike (module events and user actions), newest first', {
      params: Params,
      querystring: EventPageQuerySchema,
      ok: EventPageSchema,
    }),
    async (request) => {
      const { page = 0, size = 20 } = request.query;
      return getEventHistory(scopeOf(request), request.params.vehicleNumber, page, size);
    },
  );

  app.get(
    '/products/warnings',
    route('Warning counters of the fleet and a page of the bikes concerned', {
      querystring: WarningsQuerySchema,
      ok: WarningsSchema,
    }),
    async (request) => {
      const { page = 0, size = 20, type, sort } = request.query;
      return getWarnings(scopeOf(request), { page, size, type, sort });
    },
  );

  app.put(
    '/products/availability',
    {
      ...route('Set the availability of bikes: all or nothing, unknown numbers → 404', {
        description:
          'vehicleNumbers may be repeated (`?vehicleNumbers=A&vehicleNumbers=B`) or ' +
          `comma-separated; at most ${app.ctx.config.bulkLimit} per call. Empty body.`,
        querystring: availabilityQuerySchema(app.ctx.config.bulkLimit),
        ok: AvailabilityResultSchema,
        problems: [404],
      }),
      // `vehicleNumbers=A,B` is split before validation (a comma is not part of a frame no.)
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        const value = query.vehicleNumbers;
        const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
        if (list.some((item) => typeof item === 'string' && item.includes(','))) {
          query.vehicleNumbers = list.flatMap((item) =>
            typeof item === 'string' ? item.split(',').filter(Boolean) : [item],
          );
        }
      },
    },
    async (request) =>
      setAvailability(scopeOf(request), request.query.vehicleNumbers, request.query.availability),
  );

  app.post(
    '/products/theft/:vehicleNumber',
    route('Report a theft: out of service, module to PERMANENT, THEFT_DECLARED', {
      params: Params,
      ok: TheftResultSchema,
      problems: [409],
    }),
    async (request) => reportTheft(scopeOf(request), request.params.vehicleNumber),
  );

  app.delete(
    '/products/theft/:vehicleNumber',
    route('Cancel a reported theft: restore availability and mode, THEFT_CANCELLED', {
      params: Params,
      ok: TheftResultSchema,
      problems: [409],
    }),
    async (request) => cancelTheft(scopeOf(request), request.params.vehicleNumber),
  );
};

export default bikeRecordRoutes;
