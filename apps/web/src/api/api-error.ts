// Errors of the API are RFC 9457 problem+json (DESIGN §5). ApiError carries the status and,
// when the body was a problem document, its code, detail and field errors.

export interface ProblemBody {
  status?: number;
  code?: string;
  title?: string;
  detail?: string;
  errors?: { field: string; message: string }[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: ProblemBody | null;

  constructor(status: number, problem: ProblemBody | null) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
