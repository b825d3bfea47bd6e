// The shared bike on a small street map drawn as SVG (ADR 0094): Web Mercator at
// street level around the bike, the built-in basemap's streets when the deployment uses it, and
// one dot. No map library: the page a stranger opens stays a few kilobytes (the signed-out
// budget of docs/performance.md), and nothing of the fleet is drawn.

const TILE = 256;
const ZOOM = 16;
const WIDTH = 640;
const HEIGHT = 400;

/** [x, y] in world pixels at ZOOM (Web Mercator) */
export function project(longitude: number, latitude: number): [number, number] {
  const scale = TILE * 2 ** ZOOM;
  const sin = Math.sin((Math.max(-85, Math.min(85, latitude)) * Math.PI) / 180);
  return [
    ((longitude + 180) / 360) * scale,
    (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  ];
}

/** The streets as SVG paths in the view centred on the bike (those wholly outside left out). */
export function streetPaths(
  streets: ReadonlyArray<ReadonlyArray<readonly [number, number]>>,
  centre: [number, number],
): string[] {
  const [cx, cy] = project(centre[0], centre[1]);
  const margin = 200;
  return streets.flatMap((line) => {
    const points = line.map(([lon, lat]) => {
      const [x, y] = project(lon, lat);
      return [x - cx + WIDTH / 2, y - cy + HEIGHT / 2] as const;
    });
    const near = points.some(
      ([x, y]) => x > -margin && x < WIDTH + margin && y > -margin && y < HEIGHT + margin,
    );
    if (!near) return [];
    return [points.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`).join('')];
  });
}

export interface PositionMapProps {
  longitude: number;
  latitude: number;
  streets: ReadonlyArray<ReadonlyArray<readonly [number, number]>>;
  /** what the map shows, for screen readers */
  label: string;
  className?: string;
}

export function PositionMap({ longitude, latitude, streets, label, className }: PositionMapProps) {
  const paths = streetPaths(streets, [longitude, latitude]);
  return (
    <svg
      className={className}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      data-testid="shared-map"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width={WIDTH} height={HEIGHT} fill="var(--share-map-land, #f3f1ec)" />
      <g fill="none" strokeLinecap="round" strokeLinejoin="round">
        {paths.map((d, i) => (
          <path key={`c${i}`} d={d} stroke="var(--share-map-casing, #dcd6ca)" strokeWidth={14} />
        ))}
        {paths.map((d, i) => (
          <path key={`s${i}`} d={d} stroke="var(--share-map-street, #ffffff)" strokeWidth={10} />
        ))}
      </g>
      <circle cx={WIDTH / 2} cy={HEIGHT / 2} r={22} fill="#2563eb" opacity={0.18} />
      <circle
        cx={WIDTH / 2}
        cy={HEIGHT / 2}
        r={9}
        fill="#2563eb"
        stroke="#ffffff"
        strokeWidth={3}
        data-testid="shared-bike"
      />
    </svg>
  );
}
