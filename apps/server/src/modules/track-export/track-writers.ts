// The three file formats of the track export (ADR 0095), each written piece by
// piece: a header with the bike and the period, then pieces of at most one database batch (a
// new segment after a pause of TRACK_SEGMENT_GAP_MS), then a footer. Nothing is kept between
// pieces but the last point (so that lines join), hence a month of positions streams.
//   GPX 1.1: one <trk>, a <trkseg> per segment, a <trkpt> with <time> per position.
//   KML 2.2: a Placemark per segment holding a gx:MultiTrack of gx:Track pieces (when + coord).
//   GeoJSON (RFC 7946): a LineString Feature per piece with its `coordTimes`; the export's
//   metadata as the foreign member `metadata`.
import { APP_VERSION, type TrackExportFormat } from '@vfm/contract';

export interface TrackPoint {
  longitude: number;
  latitude: number;
  at: Date;
}

export interface TrackMeta {
  vehicleNumber: string;
  from: Date;
  to: Date;
  exportedAt: Date;
  /** the trip exported, if one */
  tripStartedAt: Date | null;
}

/** A writer of one export: made with the export's metadata, written header, pieces, footer. */
export interface TrackWriter {
  /** pieces of a segment repeat the previous piece's last point (separate lines that join) */
  joinsPieces: boolean;
  begin(): string;
  /** `newSegment`: the first piece of a segment (the first piece of the file is one) */
  piece(points: TrackPoint[], newSegment: boolean): string;
  end(): string;
}

const xml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
const iso = (date: Date) => date.toISOString();
const describe = (meta: TrackMeta) =>
  meta.tripStartedAt
    ? `Trip of bike ${meta.vehicleNumber} from ${iso(meta.from)} to ${iso(meta.to)}`
    : `Positions of bike ${meta.vehicleNumber} from ${iso(meta.from)} to ${iso(meta.to)}`;

function gpxWriter(meta: TrackMeta): TrackWriter {
  let open = false;
  return {
    joinsPieces: false,
    begin: () =>
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<gpx version="1.1" creator="VFM ${APP_VERSION}" xmlns="http://www.topografix.com/GPX/1/1">\n` +
      `<metadata><name>${xml(meta.vehicleNumber)}</name><desc>${xml(describe(meta))}</desc>` +
      `<time>${iso(meta.exportedAt)}</time><keywords>vfm,${xml(meta.vehicleNumber)}</keywords></metadata>\n` +
      `<trk><name>${xml(meta.vehicleNumber)}</name><desc>${xml(describe(meta))}</desc>` +
      `<type>${meta.tripStartedAt ? 'trip' : 'period'}</type>\n`,
    piece(points, newSegment) {
      let out = '';
      if (newSegment) {
        if (open) out += '</trkseg>\n';
        out += '<trkseg>\n';
        open = true;
      }
      for (const p of points) {
        out += `<trkpt lat="${p.latitude}" lon="${p.longitude}"><time>${iso(p.at)}</time></trkpt>\n`;
      }
      return out;
    },
    end: () => `${open ? '</trkseg>\n' : ''}</trk>\n</gpx>\n`,
  };
}

function kmlWriter(meta: TrackMeta): TrackWriter {
  let open = false;
  let segment = 0;
  return {
    joinsPieces: true,
    begin: () =>
      `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">\n` +
      `<Document><name>${xml(meta.vehicleNumber)}</name><description>${xml(describe(meta))}</description>\n` +
      `<TimeSpan><begin>${iso(meta.from)}</begin><end>${iso(meta.to)}</end></TimeSpan>\n` +
      `<ExtendedData><Data name="vehicleNumber"><value>${xml(meta.vehicleNumber)}</value></Data>` +
      `<Data name="from"><value>${iso(meta.from)}</value></Data>` +
      `<Data name="to"><value>${iso(meta.to)}</value></Data>` +
      `<Data name="exportedAt"><value>${iso(meta.exportedAt)}</value></Data>` +
      `<Data name="generator"><value>VFM ${APP_VERSION}</value></Data></ExtendedData>\n`,
    piece(points, newSegment) {
      let out = '';
      if (newSegment) {
        if (open) out += '</gx:MultiTrack></Placemark>\n';
        segment += 1;
        out +=
          `<Placemark><name>${xml(meta.vehicleNumber)} #${segment}</name>` +
          `<gx:MultiTrack><gx:interpolate>1</gx:interpolate>\n`;
        open = true;
      }
      out += '<gx:Track>';
      for (const p of points) out += `<when>${iso(p.at)}</when>`;
      for (const p of points) out += `<gx:coord>${p.longitude} ${p.latitude} 0</gx:coord>`;
      return `${out}</gx:Track>\n`;
    },
    end: () => `${open ? '</gx:MultiTrack></Placemark>\n' : ''}</Document>\n</kml>\n`,
  };
}

function geojsonWriter(meta: TrackMeta): TrackWriter {
  let features = 0;
  let segment = 0;
  return {
    joinsPieces: true,
    begin() {
      const metadata = {
        vehicleNumber: meta.vehicleNumber,
        from: iso(meta.from),
        to: iso(meta.to),
        tripStartedAt: meta.tripStartedAt ? iso(meta.tripStartedAt) : null,
        exportedAt: iso(meta.exportedAt),
        generator: `VFM ${APP_VERSION}`,
      };
      return `{"type":"FeatureCollection","metadata":${JSON.stringify(metadata)},"features":[\n`;
    },
    piece(points, newSegment) {
      if (newSegment) segment += 1;
      const geometry =
        points.length === 1
          ? { type: 'Point', coordinates: [points[0]!.longitude, points[0]!.latitude] }
          : { type: 'LineString', coordinates: points.map((p) => [p.longitude, p.latitude]) };
      const feature = {
        type: 'Feature',
        geometry,
        properties: {
          vehicleNumber: meta.vehicleNumber,
          segment,
          startedAt: iso(points[0]!.at),
          endedAt: iso(points.at(-1)!.at),
          coordTimes: points.map((p) => iso(p.at)),
        },
      };
      return `${features++ ? ',\n' : ''}${JSON.stringify(feature)}`;
    },
    end: () => '\n]}\n',
  };
}

const WRITERS: Record<TrackExportFormat, (meta: TrackMeta) => TrackWriter> = {
  gpx: gpxWriter,
  kml: kmlWriter,
  geojson: geojsonWriter,
};

/** The writer of one export in `format`. */
export const trackWriter = (format: TrackExportFormat, meta: TrackMeta): TrackWriter =>
  WRITERS[format](meta);
