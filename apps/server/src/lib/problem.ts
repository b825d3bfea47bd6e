// RFC 9457 problem details (DESIGN §5). Services throw HttpProblem; the error plugin renders it.
import type { Problem } from '@vfm/contract';

export type FieldError = { field: string; message: string };

export class HttpProblem extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly title: string,
    public readonly detail?: string,
    public readonly extra: Pick<Problem, 'errors' | 'missing' | 'holder'> & {
      retryAfterSeconds?: number;
      /** what a localised detail names (problem-messages.ts); not part of the body */
      params?: Record<string, string>;
    } = {},
  ) {
    super(detail ?? title);
    this.name = 'HttpProblem';
  }

  /** The RFC 9457 body; `text` replaces title and detail (localised, see problem-messages). */
  toBody(instance?: string, text?: { title: string; detail: string | undefined }): Problem {
    const title = text?.title ?? this.title;
    const detail = text ? text.detail : this.detail;
    return {
      type: `https://vfm.dev/problems/${this.code.toLowerCase().replace(/_/g, '-')}`,
      title,
      status: this.status,
      code: this.code,
      ...(detail ? { detail } : {}),
      ...(instance ? { instance } : {}),
      ...(this.extra.errors ? { errors: this.extra.errors } : {}),
      ...(this.extra.missing ? { missing: this.extra.missing } : {}),
      ...(this.extra.holder ? { holder: this.extra.holder } : {}),
    };
  }
}

export const badRequest = (detail: string, errors?: FieldError[], code = 'VALIDATION_FAILED') =>
  new HttpProblem(400, code, 'Bad request', detail, errors ? { errors } : {});
export const unauthorized = (detail = 'Authentication is required.', code = 'UNAUTHORIZED') =>
  new HttpProblem(401, code, 'Unauthorized', detail);
export const forbidden = (detail = 'You are not allowed to do this.', code = 'FORBIDDEN') =>
  new HttpProblem(403, code, 'Forbidden', detail);
export const notFound = (detail = 'Not found.', missing?: string[], code = 'NOT_FOUND') =>
  new HttpProblem(404, code, 'Not found', detail, missing ? { missing } : {});
export const conflict = (detail: string, code = 'CONFLICT') =>
  new HttpProblem(409, code, 'Conflict', detail);
export const notAcceptable = (detail: string, code: string) =>
  new HttpProblem(406, code, 'Not acceptable', detail);
export const tooManyRequests = (retryAfterSeconds: number, detail = 'Too many attempts.') =>
  new HttpProblem(429, 'TOO_MANY_REQUESTS', 'Too many requests', detail, { retryAfterSeconds });
/** More open fleet/stream connections than a session may hold (docs/operations.md). */
export const tooManyStreams = (max: number, retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'TOO_MANY_STREAMS',
    'Too many requests',
    `This session already has ${max} open live streams: close a tab or try again later.`,
    { retryAfterSeconds },
  );
