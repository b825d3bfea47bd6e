// The schema validator coerces "1e309" to Infinity and then lets it through integer and maximum
// checks; no number of a request may be infinite (DESIGN §5: bad input is a 400, never a 500).
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/problem';

export async function rejectNonFiniteNumbers(request: FastifyRequest) {
  for (const part of [request.query, request.params]) {
    if (!part || typeof part !== 'object') continue;
    for (const [field, value] of Object.entries(part)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((item) => typeof item === 'number' && !Number.isFinite(item))) {
        throw badRequest(`${field} must be a finite number`, [
          { field, message: 'must be a finite number' },
        ]);
      }
    }
  }
}
