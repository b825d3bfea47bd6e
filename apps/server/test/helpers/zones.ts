// Zone shapes for the zones' tests: a square polygon from its south-west corner.
export const squareRing = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

/** A GeoJSON Polygon: the square of `size` degrees from (x, y). */
export const square = (x: number, y: number, size: number) => ({
  type: 'Polygon',
  coordinates: [squareRing(x, y, size)],
});
