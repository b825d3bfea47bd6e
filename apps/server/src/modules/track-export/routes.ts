// GET products/export/{vehicleNumber} (ADR 0095): a bike's positions of a period,
// or one trip, as a GPX, KML or GeoJSON file, streamed. Thin: the service checks and streams.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  TRACK_EXPORT_MEDIA_TYPES,
  TrackExportQuerySchema,
  VehicleNumberParamsSchema,
} from '@vfm/contract';
import { doc } from '../../lib/route-schema';
import { scopeOf } from '../../plugins/request-scope';
import { exportTrack } from './service';

const StreamedText = Type.Unsafe<Readable>({ type: 'string' });

const trackExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/products/export/:vehicleNumber',
    {
      // a month of positions is tens of MB of text: compressed fast, as the CSV exports are
      compress: {
        encodings: ['br', 'gzip'],
        threshold: 1024,
        zlibOptions: { level: 1 },
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
      },
      ...doc(
        ['products'],
        "The bike's positions of a period (at most 93 days) or of one trip, as GPX, KML or GeoJSON, streamed",
        {
          params: VehicleNumberParamsSchema,
          querystring: TrackExportQuerySchema,
          ok: {
            description: 'The file, with the bike and the period in its metadata',
            content: Object.fromEntries(
              Object.values(TRACK_EXPORT_MEDIA_TYPES).map((type) => [
                type,
                { schema: StreamedText },
              ]),
            ),
          },
          problems: [400, 401, 403, 404],
        },
      ),
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await exportTrack(scopeOf(request), request.params.vehicleNumber, request.query);
      return reply
        .type(`${TRACK_EXPORT_MEDIA_TYPES[format]}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(Readable.from(file.body));
    },
  );
};

export default trackExportRoutes;
