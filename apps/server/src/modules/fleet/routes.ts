// Fleet calls of DESIGN §5: group tree, information, list and its CSV, vehicles CSV, map
// markers, statistics, traffic, chart and the live stream. Thin: the services scope every
// read to the caller's fleet.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ChartQuerySchema,
  ChartSchema,
  FleetFilterSchema,
  FleetGroupTreeSchema,
  FleetInformationSchema,
  FleetListPageSchema,
  FleetListQuerySchema,
  FleetStatisticsSchema,
  StatisticsQuerySchema,
  MARKERS_AGE_HEADER,
  MarkersQuerySchema,
  MarkersSchema,
  STREAM_EVENTS,
  TrafficQuerySchema,
  TrafficSchema,
} from '@vfm/contract';
import { tooManyStreams } from '../../lib/problem';
import { routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import { getInformation, getStatistics } from './counts-service';
import { listCsv, vehiclesCsv } from './csv-service';
import { getGroupTree } from './group-service';
import { listFleet } from './list-service';
import { getMarkers } from './markers-service';
import { getChart, getTraffic } from './traffic-service';
import { SseConnection } from './stream/sse-connection';
import { DEFAULT_STREAM_OPTIONS, MAX_STREAMS_PER_SESSION, StreamHub } from './stream/stream-hub';

/** how long a session past its cap of streams is asked to wait (s): a tab may close by then */
const STREAMS_RETRY_AFTER_S = 30;

const route = routeDoc(['fleet']);
/** A streamed body: documented as text, sent as a Node stream. */
const StreamedText = Type.Unsafe<Readable>({ type: 'string' });
const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: StreamedText } } },
});
/**
 * Large answers (markers, CSV) are compressed at the fastest levels: for 3.4 MB of markers
 * gzip 1 takes ~35 ms instead of ~150 ms at level 6, brotli 1 ~20 ms, for 10 % more bytes.
 */
const FAST_COMPRESSION = {
  encodings: ['br', 'gzip'] as Array<'br' | 'gzip'>,
  threshold: 1024,
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};
const attachment = (name: string, now: Date) =>
  `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`;

const fleetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hub = new StreamHub(
    app.ctx.database,
    app.log,
    app.ctx.now,
    DEFAULT_STREAM_OPTIONS,
    app.ctx,
    app.liveReads,
  );
  app.addHook('preClose', () => hub.close());

  app.get(
    '/fleet/group',
    route('Group tree of the fleet with bike counts (descendants included)', {
      ok: FleetGroupTreeSchema,
      problems: [400],
    }),
    async (request) => getGroupTree(scopeOf(request)),
  );

  app.get(
    '/fleet/information',
    route('Fleet name, settings and counts by availability, status, mode and warning', {
      ok: FleetInformationSchema,
      problems: [400, 404],
    }),
    async (request) => getInformation(scopeOf(request)),
  );

  app.get(
    '/fleet/list',
    route('A page of the fleet list: filters, text search, sort by any column shown', {
      querystring: FleetListQuerySchema,
      ok: FleetListPageSchema,
    }),
    async (request) => {
      const { page = 0, size = 50, sort = 'vehicleNumber,asc', ...filter } = request.query;
      return listFleet(scopeOf(request), { filter, page, size, sort });
    },
  );

  app.get(
    '/fleet/list/csv',
    {
      compress: FAST_COMPRESSION,
      ...route('The filtered list as CSV: headers in the request language, user distance unit', {
        querystring: FleetFilterSchema,
        response: csvResponse('CSV, UTF-8 with BOM, streamed, in frame-number order'),
      }),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const lines = listCsv(scope, request.query, request.language, app.ctx.config.applicationKey);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('fleet-list', scope.now))
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/fleet/vehicles/csv',
    {
      compress: FAST_COMPRESSION,
      ...route(
        'The filtered bikes in the import format (vehicleNumber,bikeCode,moduleId,model,group)',
        {
          querystring: FleetFilterSchema,
          response: csvResponse('CSV that POST fleet/admin/vehicles re-imports as is'),
        },
      ),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('fleet-vehicles', scope.now))
        .send(Readable.from(vehiclesCsv(scope, request.query)));
    },
  );

  app.get(
    '/fleet/markers',
    {
      // compressed once per snapshot by the service (ADR 0114), not per answer
      compress: false,
      ...route(
        'Compact columnar payload of the map (ADR 0021); ETag / If-None-Match → 304; at most MARKERS_SNAPSHOT_MS old, said by x-markers-age (ADR 0114)',
        {
          querystring: MarkersQuerySchema,
          ok: MarkersSchema,
          response: {
            304: { description: 'Not modified: the markers match If-None-Match', type: 'null' },
          },
        },
      ),
    },
    async (request, reply) => {
      const answer = await getMarkers(
        scopeOf(request),
        request.query,
        {
          ifNoneMatch: request.headers['if-none-match'],
          acceptEncoding: request.headers['accept-encoding'],
        },
        app.ctx.config.markersSnapshotMs,
      );
      reply
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header(MARKERS_AGE_HEADER, String(answer.ageMs));
      if (answer.body === null) return reply.code(304).send();
      if (answer.encoding !== 'identity') reply.header('content-encoding', answer.encoding);
      return reply.type('application/json; charset=utf-8').send(answer.body);
    },
  );

  app.get(
    '/fleet/statistics',
    route('SPEC §4 buckets, availability, modes, warnings and totals of the fleet', {
      querystring: StatisticsQuerySchema,
      ok: FleetStatisticsSchema,
    }),
    async (request) => getStatistics(scopeOf(request), request.query),
  );

  app.get(
    '/fleet/statistics/traffic',
    route('Trips, distance and active bikes per UTC hour or day of a period', {
      querystring: TrafficQuerySchema,
      ok: TrafficSchema,
    }),
    async (request) => getTraffic(scopeOf(request), request.query),
  );

  app.get(
    '/fleet/chart',
    route('Daily series of a period for the statistics charts', {
      querystring: ChartQuerySchema,
      ok: ChartSchema,
    }),
    async (request) => getChart(scopeOf(request), request.query),
  );

  app.get(
    '/fleet/stream',
    {
      // compression would buffer the events
      compress: false,
      ...route('Server-Sent Events of the fleet’s changes (ADR 0020)', {
        description: `Events: ${STREAM_EVENTS.join(', ')}; data is JSON (StreamPayloadSchemas of the contract). Authenticated by the Authorization header. A manager's stream leaves out the administration's events (accounts, fleet settings). At most ${MAX_STREAMS_PER_SESSION} open streams per session: one more is answered 429 with Retry-After.`,
        ok: {
          description: 'text/event-stream, open until the client leaves',
          content: { 'text/event-stream': { schema: StreamedText } },
        },
        problems: [400, 429],
      }),
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const release = hub.reserve(scope.principal.sessionId);
      if (!release) throw tooManyStreams(MAX_STREAMS_PER_SESSION, STREAMS_RETRY_AFTER_S);
      const connection = new SseConnection(
        scope.fleetId,
        scope.principal.sessionId,
        scope.principal.isAdmin,
        scope.principal.accountId,
      );
      connection.onClose(release);
      reply.raw.on('close', () => connection.close());
      await hub.add(connection);
      return (
        reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          .header('x-accel-buffering', 'no')
          // the socket ends with the stream: no idle keep-alive socket delays a shutdown
          .header('connection', 'close')
          .send(connection.body)
      );
    },
  );
};

export default fleetRoutes;
