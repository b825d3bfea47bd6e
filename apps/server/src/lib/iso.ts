// A moment as the API writes it: ISO 8601 in UTC. Rows give a Date (PostgreSQL, PGlite) or the
// driver's text; an unknown moment stays null.
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
