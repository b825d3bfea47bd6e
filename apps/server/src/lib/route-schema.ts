// OpenAPI helpers for route schemas. doc(…) is the one shape in which every route declares its
// schema (tags, summary, inputs, answers). problems(…) is THE problem-response helper of every
// module: a problem response for each error status a route can answer (the Problem schema is
// registered once in plugins/openapi.ts); NoContent is the 204 body. Errors leave as
// application/problem+json (RFC 9457); the same body is also listed under application/json,
// the type a client asking for JSON names.
import { Type, type TSchema } from '@sinclair/typebox';
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

/** What a route says of itself beside its tags and summary (see doc below). */
interface RouteDoc {
  description?: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  consumes?: readonly string[];
  produces?: readonly string[];
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  /** the 200 answer: a JSON schema, or a body by content type (CSV, streams, files) */
  ok?: TSchema | { description: string; content: Record<string, { schema: unknown }> };
  /** the other success answers (201, 204, 304, bodies that are not JSON) */
  response?: Record<number, unknown>;
  /** the error statuses the route can answer, each a problem response */
  problems?: readonly number[];
}

type Ok<D> = D extends { ok: infer R } ? { 200: R } : unknown;
type Others<D> = D extends { response: infer R } ? R : unknown;
type Problems<D> = D extends { problems: readonly (infer S extends number)[] }
  ? { [K in S]: ProblemResponse }
  : unknown;
/** a key RouteDoc does not know (a misspelt `parms`) is an error, not a route left unchecked */
type OnlyRouteDoc<D> = D & { [K in Exclude<keyof D, keyof RouteDoc>]: never };

/** The schema doc(…) builds: what Fastify validates with and @fastify/swagger documents. */
export interface DocumentedRoute<D extends RouteDoc> {
  schema: { tags: readonly string[]; summary: string } & Omit<D, 'ok' | 'response' | 'problems'> & {
      response: Ok<D> & Others<D> & Problems<D>;
    };
}

/**
 * The schema of a route in one declaration: its tags and summary, its inputs, its 200 answer
 * (`ok`) or other success answers (`response`) and the problems it can answer. Every route is
 * declared in this one shape: the OpenAPI document and the validation of requests and
 * answers both come from it, and the types of request.params / query / body and of the
 * handler's answer follow from its schemas. Other route options (config, compress, …) sit
 * beside it: `{ config: admin, ...doc(…) }`.
 */
export function doc<const D extends RouteDoc>(
  tags: readonly string[],
  summary: string,
  { ok, response, problems: statuses = [], ...inputs }: OnlyRouteDoc<D>,
): DocumentedRoute<D> {
  // the answers by status, typed as the schemas given (a spread of optional parts cannot be)
  const answers = {
    ...(ok === undefined ? {} : { 200: ok }),
    ...response,
    ...problems(...statuses),
  } as Ok<D> & Others<D> & Problems<D>;
  return { schema: { tags, summary, ...inputs, response: answers } };
}

/** What a call takes in: with any of them, it can answer 400. */
const INPUTS = ['params', 'querystring', 'body', 'headers'] as const;

/**
 * doc(…) for the calls behind the API's gates (credentials, XSRF), bound to a module's tags: the
 * problems such a call can answer by its shape come with it — 401 and 403 always, 400 when it
 * takes an input (params, query, body, headers), 404 when its path names a resource (`params`) —
 * and `problems` names only the call's own (409, 413, 429…). `.admin(…)` is the same for a call
 * only administrators may make, `.field(…)` for one field technicians may make too
 * (`config.auth`). A call that answers fewer than these (a public
 * one) says all of its own with doc(…).
 */
export function routeDoc(tags: readonly string[]) {
  const route = <const D extends RouteDoc>(summary: string, declared: OnlyRouteDoc<D>) => {
    const takesInput = INPUTS.some((input) => declared[input] !== undefined);
    const statuses = [
      ...new Set([
        401,
        403,
        ...(takesInput ? [400] : []),
        ...(declared.params ? [404] : []),
        ...(declared.problems ?? []),
      ]),
    ].sort((a, b) => a - b);
    return doc(tags, summary, { ...declared, problems: statuses } as OnlyRouteDoc<D>);
  };
  /** the same for a call behind another gate of `config.auth` (administrators, the field) */
  const gated =
    <const A extends 'admin' | 'field'>(auth: A) =>
    <const D extends RouteDoc>(summary: string, declared: OnlyRouteDoc<D>) => ({
      config: { auth },
      ...route(summary, declared),
    });
  return Object.assign(route, { admin: gated('admin'), field: gated('field') });
}
