// No number a request carries may be infinite (DESIGN §5: bad input is a 400, never a 500).
// The schema validator coerces "1e309" to Infinity and lets it through integer and maximum
// checks, and JSON.parse('1e309') is Infinity too: this hook refuses them for every route.
import fp from 'fastify-plugin';
import { badRequest } from '../lib/problem';

/** The path of the first non-finite number in a value, or null. */
export function findNonFinite(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (!value || typeof value !== 'object' || depth > 8) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNonFinite(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
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
