// OpenAPI helpers for route schemas — THE problem-response helper of every module: a problem
// response for each error status a route can answer (the Problem schema is registered once in
// plugins/openapi.ts), and 204 bodies. Errors leave as application/problem+json (RFC 9457); the
// same body is also listed under application/json, the type a client asking for JSON names.
import { Type } from '@sinclair/typebox';
import { PROBLEM_CONTENT_TYPE, ProblemSchema } from '@vfm/contract';

const ProblemRef = Type.Ref(ProblemSchema);

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `errors` names the fields',
  401: 'Missing or invalid x-api-key, access token or refresh token',
  403: 'Not allowed (XSRF header missing, role missing, or credentials refused)',
  404: 'Not found, or not in your fleet',
  406: 'The new password equals the current one',
  409: 'Conflicts with the current state',
  410: 'Gone: the link expired or was revoked (`code` says which)',
  413: 'Body larger than the limit',
  415: 'Unsupported content type',
  429: 'Too many attempts; see Retry-After',
};

interface ProblemResponse {
  description: string;
  content: {
    [PROBLEM_CONTENT_TYPE]: { schema: typeof ProblemRef };
    'application/json': { schema: typeof ProblemRef };
  };
}

export function problems<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: ProblemResponse } {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: DESCRIPTIONS[status] ?? 'Problem details (RFC 9457)',
        content: {
          [PROBLEM_CONTENT_TYPE]: { schema: ProblemRef },
          'application/json': { schema: ProblemRef },
        },
      },
    ]),
  ) as { [K in S[number]]: ProblemResponse };
}

export const NoContent = Type.Null({ description: 'No content' });

/** OpenAPI security of public calls: the api key only, no Bearer. */
export const PUBLIC_SECURITY = [{ apiKey: [] }];
