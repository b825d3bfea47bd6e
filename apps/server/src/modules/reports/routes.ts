// Reports (ADR 0127, docs/reports.md): a period's report as JSON, and as a CSV, XLSX or PDF
// file, streamed. Managers and administrators of the fleet (closed to field technicians).
// Thin: the service owns the rules.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  CityReportQuerySchema,
  CityReportSchema,
  FleetKpisSchema,
  ReportExportQuerySchema,
  ReportQuerySchema,
  ReportSchema,
} from '@vfm/contract';
import { routeDoc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import { REPORT_MEDIA_TYPES, reportFileName, reportStream } from './report-files';
import { getReport } from './report-service';
import { getCityReport } from './city-service';
import { getFleetKpis } from './kpi-service';

const route = routeDoc(['reports']);
const StreamedFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports',
    route(
      "A period's report (fleet, group, zone or bike) beside the period before: use, MDS Metrics, alerts, tasks",
      { querystring: ReportQuerySchema, ok: ReportSchema },
    ),
    async (request) => getReport(scopeOf(request), request.query),
  );

  app.get(
    '/reports/export',
    route('The report as a CSV, XLSX or PDF file, streamed', {
      querystring: ReportExportQuerySchema,
      ok: {
        description: 'The report file',
        content: Object.fromEntries(
          Object.values(REPORT_MEDIA_TYPES).map((type) => [type, { schema: StreamedFile }]),
        ),
      },
    }),
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await getReport(scopeOf(request), query);
      return reply
        .type(REPORT_MEDIA_TYPES[format])
        .header('content-disposition', `attachment; filename="${reportFileName(report, format)}"`)
        .send(await reportStream(report, format));
    },
  );

  app.get(
    '/reports/city',
    route(
      "The month's city pack: trips and events as the MDS Provider API publishes them, MDS Metrics, thefts, removals",
      { querystring: CityReportQuerySchema, ok: CityReportSchema },
    ),
    async (request) => getCityReport(scopeOf(request), request.query),
  );

  app.get(
    '/reports/kpis',
    route('Today so far against the same span a week ago: trips, utilisation, alerts', {
      ok: FleetKpisSchema,
    }),
    async (request) => getFleetKpis(scopeOf(request)),
  );
};

export default reportRoutes;
