// A big zone body is read on the zones' thread, not on the API's (ADR 0141): an import of
// 1 MiB parsed, walked and cloned to the thread held every fleet's requests for tens of
// milliseconds at a time. Above RAW_BODY_MIN_BYTES the routes that ask for it (config
// `rawZoneBody`) receive the body's text; the thread parses it as Fastify would
// (secure-json-parse, zone-checks.ts), validates it with the API's validator and refuses a non-finite number,
// and the refusals leave as the same problems as a small body's.
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/problem';
import type { BodyRefusal, ZoneAnswer } from './zone-checks';

/** A body at least this long is read on the zones' thread; a smaller one inline (≈ 2,000
 *  corners: a millisecond's parse). */
export const RAW_BODY_MIN_BYTES = 64 * 1024;

/** The text of a JSON body left unread for the zones' thread. */
export class RawZoneBody {
  constructor(readonly text: string) {}
}

/** The zones' JSON parser: Fastify's for a small body or a route without `rawZoneBody`, the
 *  text kept for a big one. */
export function registerZoneJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const config = request.routeOptions.config as { rawZoneBody?: boolean };
      if (config.rawZoneBody && body.length >= RAW_BODY_MIN_BYTES)
        return done(null, new RawZoneBody(String(body)));
      parse(request, String(body), done);
    },
  );
}

/** The route's body: its text for the thread, or the parsed and validated one (the route asks
 *  Fastify to attach its validation error rather than throw it: a text is not a body yet). */
export function zoneBody<T>(request: FastifyRequest): T | RawZoneBody {
  const error = request.validationError as (Error & { validationContext?: string }) | undefined;
  if (request.body instanceof RawZoneBody && (!error || error.validationContext === 'body'))
    return request.body;
  if (error) throw error;
  return request.body as T;
}

/** A refusal of the thread as the problem a small body's would have been (plugins/errors.ts,
 *  plugins/finite-numbers.ts). */
export function bodyProblem(refusal: BodyRefusal): Error {
  if ('notJson' in refusal) return new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  if ('nonFinite' in refusal)
    return badRequest(`${refusal.nonFinite} must be a finite number`, [
      { field: refusal.nonFinite, message: 'must be a finite number' },
    ]);
  return Object.assign(new Error('body validation failed'), {
    statusCode: 400,
    validation: refusal.validation,
    validationContext: 'body',
  });
}

/** What an answer of the thread that is not the one asked for means: its text refused — or,
 *  never expected, a thread that answered out of turn (a bug: a 500, not a made-up 400). */
export function answerProblem(answer: ZoneAnswer): Error {
  return 'refused' in answer
    ? bodyProblem(answer.refused)
    : new Error('the zones thread answered a job with another kind of answer');
}
