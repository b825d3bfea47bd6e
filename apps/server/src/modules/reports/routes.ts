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
import { problems } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import { REPORT_MEDIA_TYPES, reportFileName, reportStream } from './report-files';
import { getReport } from './report-service';
import { getCityReport } from './city-service';
import { getFleetKpis } from './kpi-service';

const tags = ['reports'];
const StreamedFile = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          "A period's report (fleet, group, zone or bike) beside the period before: use, MDS Metrics, alerts, tasks",
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => getReport(scopeOf(request), request.query),
  );

  app.get(
    '/reports/export',
    {
      schema: {
        tags,
        summary: 'The report as a CSV, XLSX or PDF file, streamed',
        querystring: ReportExportQuerySchema,
        response: {
          200: {
            description: 'The report file',
            content: Object.fromEntries(
              Object.values(REPORT_MEDIA_TYPES).map((type) => [type, { schema: StreamedFile }]),
            ),
          },
          ...problems(400, 401, 403),
        },
      },
    },
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
    {
      schema: {
        tags,
        summary:
          "The month's city pack: trips and events as the MDS Provider API publishes them, MDS Metrics, thefts, removals",
        querystring: CityReportQuerySchema,
        response: { 200: CityReportSchema, ...problems(400, 401, 403) },
      },
    },
    async (request) => getCityReport(scopeOf(request), request.query),
  );

  app.get(
    '/reports/kpis',
    {
      schema: {
        tags,
        summary: 'Today so far against the same span a week ago: trips, utilisation, alerts',
        response: { 200: FleetKpisSchema, ...problems(401, 403) },
      },
    },
    async (request) => getFleetKpis(scopeOf(request)),
  );
};

export default reportRoutes;
