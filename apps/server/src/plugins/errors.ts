// Every error leaves as application/problem+json; unknown routes are a 404 problem; anything
// unexpected is logged and answered 500 without internals (a 500 is a bug, DESIGN §5).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { PROBLEM_CONTENT_TYPE } from '@vfm/contract';
import { HttpProblem, type FieldError } from '../lib/problem';
import { localiseProblem } from '../lib/problem-messages';
import { MAX_VALIDATION_ISSUES } from '../lib/request-validator';
import { pickLanguage } from './language';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : '';
  const extra =
    issue.keyword === 'additionalProperties' ? String(issue.params?.additionalProperty ?? '') : '';
  const name = [base, missing || extra].filter(Boolean).join('.');
  return name || (context ?? 'body');
}

function messageOf(issue: ValidationIssue): string {
  if (issue.keyword === 'additionalProperties') return 'is not allowed';
  if (issue.keyword === 'pattern') return 'has an invalid format';
  return issue.message ?? 'is invalid';
}

/**
 * Safety net: a database refusing a value (SQLSTATE class 22) or a uniqueness/reference rule
 * (23505/23503) is the caller's input, not a server fault. Validation should have caught it
 * first, so these are logged as warnings to be fixed where they come from.
 */
export function fromSqlState(error: { code?: unknown; statusCode?: number }): HttpProblem | null {
  const state = error.code;
  if (error.statusCode || typeof state !== 'string' || !/^[0-9A-Z]{5}$/.test(state)) return null;
  if (state.startsWith('22')) {
    return new HttpProblem(
      400,
      'INVALID_DATA',
      'Bad request',
      'A value is malformed or out of range.',
    );
  }
  if (state === '23505') {
    return new HttpProblem(409, 'CONFLICT', 'Conflict', 'This would duplicate an existing record.');
  }
  if (state === '23503') {
    return new HttpProblem(409, 'CONFLICT', 'Conflict', 'A referenced record does not exist.');
  }
  return null;
}

export function toProblem(error: FastifyError): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (error.validation) {
    // the validator reports no more; errors raised elsewhere are cut the same way
    const issues = (error.validation as ValidationIssue[]).slice(0, MAX_VALIDATION_ISSUES);
    const errors: FieldError[] = issues.map((issue) => ({
      field: fieldOf(issue, error.validationContext),
      message: messageOf(issue),
    }));
    const detail = errors.map((e) => `${e.field} ${e.message}`).join('; ');
    return new HttpProblem(400, 'VALIDATION_FAILED', 'Bad request', detail, { errors });
  }
  const sqlProblem = fromSqlState(error);
  if (sqlProblem) return sqlProblem;
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return new HttpProblem(429, 'TOO_MANY_REQUESTS', 'Too many requests', error.message);
  }
  if (status >= 400 && status < 500) {
    const code = (error.code ?? 'BAD_REQUEST').replace(/^FST_ERR_/, '').replace(/^ERR_/, '');
    const titles: Record<number, string> = {
      400: 'Bad request',
      401: 'Unauthorized',
      403: 'Forbidden',
      404: 'Not found',
      405: 'Method not allowed',
      406: 'Not acceptable',
      413: 'Payload too large',
      415: 'Unsupported media type',
    };
    return new HttpProblem(status, code, titles[status] ?? 'Bad request', error.message);
  }
  return new HttpProblem(
    500,
    'INTERNAL_ERROR',
    'Internal server error',
    'An unexpected error occurred.',
  );
}

export function sendProblem(reply: FastifyReply, problem: HttpProblem, request: FastifyRequest) {
  if (problem.extra.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(problem.extra.retryAfterSeconds))));
  }
  // localised for a caller whose Accept-Language names a language; otherwise English
  const text = localiseProblem(problem, pickLanguage(request.headers['accept-language'], 'en'));
  return reply
    .code(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .header('content-language', text.language)
    .send(problem.toBody(request.url.split('?')[0], text));
}

/** Answers a client error of the HTTP parser on the raw socket, as problem+json. */
export function writeRawProblem(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    new HttpProblem(
      status,
      status === 431 ? 'HEADERS_TOO_LARGE' : 'BAD_REQUEST',
      status === 431 ? 'Request header fields too large' : 'Bad request',
      status === 431
        ? 'The request line or headers are too large: send long lists in several calls.'
        : 'The request could not be parsed.',
    ).toBody(),
  );
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = toProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'unhandled error');
      else if (fromSqlState(error))
        request.log.warn({ err: error }, 'input refused by the database');
      return sendProblem(reply, problem, request);
    });
    app.setNotFoundHandler((request, reply) =>
      sendProblem(
        reply,
        new HttpProblem(
          404,
          'NOT_FOUND',
          'Not found',
          `No route for ${request.method} ${request.url.split('?')[0]}`,
        ),
        request,
      ),
    );
  },
  { name: 'vfm-errors' },
);
