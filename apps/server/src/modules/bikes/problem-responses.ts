// Error answers of a route for its OpenAPI description: RFC 9457 problems (DESIGN §5).
import { Type } from '@sinclair/typebox';
import { ProblemSchema } from '@vfm/contract';

const Problem = Type.Ref(ProblemSchema);

/** 400, 401 and 403 (every authenticated API call) plus the given statuses. */
export function problemResponses(...statuses: Array<404 | 406 | 409 | 413>) {
  const responses: Record<number, typeof Problem> = { 400: Problem, 401: Problem, 403: Problem };
  for (const status of statuses) responses[status] = Problem;
  return responses;
}
