// How far and which way a move takes its bikes (docs/rebalancing.md): what a manager reads of a
// recommendation without the map — "0.8 km north-east" — where its cells' names say nothing.
// Great-circle distance (haversine) and initial bearing, rounded to the eight compass points.

export const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS)[number];

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** `from` and `to` as the contract gives them: [longitude, latitude]. */
export function moveWay(
  from: readonly [number, number],
  to: readonly [number, number],
): { km: number; direction: CompassPoint } {
  const [λ1, φ1] = [radians(from[0]), radians(from[1])];
  const [λ2, φ2] = [radians(to[0]), radians(to[1])];
  const Δφ = φ2 - φ1;
  const Δλ = λ2 - λ1;
  const a = Math.sin(Δφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(Δλ / 2) ** 2;
  const km = 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
  const bearing =
    (Math.atan2(
      Math.sin(Δλ) * Math.cos(φ2),
      Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ),
    ) *
      180) /
    Math.PI;
  return { km, direction: COMPASS[Math.round(((bearing + 360) % 360) / 45) % 8]! };
}
