// No number a request carries may be infinite (DESIGN §5: bad input is a 400, never a 500).
// The schema validator coerces "1e309" to Infinity and lets it through integer and maximum
// checks, and JSON.parse('1e309') is Infinity too: this hook refuses them for every route.
import fp from 'fastify-plugin';
import { badRequest } from '../lib/problem';

/** The path of the first non-finite number in a value, or null. The path is made only for
 * the number found: a body of many numbers (a zone's corners) costs a walk, no strings. */
export function findNonFinite(value: unknown, path: string, depth = 0): string | null {
  const trail = nonFiniteTrail(value, depth);
  if (!trail) return null;
  return [path, ...trail].filter((part) => part !== '').join('.');
}

function nonFiniteTrail(value: unknown, depth: number): string[] | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : [];
  if (!value || typeof value !== 'object' || depth > 8) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' ? Number.isFinite(item) : !item || typeof item !== 'object')
        continue;
      const found = nonFiniteTrail(item, depth + 1);
      if (found) return [String(i), ...found];
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const found = nonFiniteTrail((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}

export default fp(
  async function finiteNumbersPlugin(app) {
    app.addHook('preHandler', async (request) => {
      const field =
        findNonFinite(request.params, '') ??
        findNonFinite(request.query, '') ??
        findNonFinite(request.body, '');
      if (field) {
        throw badRequest(`${field} must be a finite number`, [
          { field, message: 'must be a finite number' },
        ]);
      }
    });
  },
  { name: 'vfm-finite-numbers', dependencies: ['vfm-errors'] },
);
