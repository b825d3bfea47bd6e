// OpenAPI helpers for route schemas: a problem+json response for each status a route can
// answer (the Problem schema is registered once in plugins/openapi.ts), and 204 bodies.
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@vfm/contract';

const ProblemRef = Type.Ref(ProblemSchema);
type ProblemRef = typeof ProblemRef;

export function problems<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: ProblemRef } {
  return Object.fromEntries(statuses.map((status) => [status, ProblemRef])) as {
    [K in S[number]]: ProblemRef;
  };
}

export const NoContent = Type.Null({ description: 'No content' });

/** OpenAPI security of public calls: the api key only, no Bearer. */
export const PUBLIC_SECURITY = [{ apiKey: [] }];
