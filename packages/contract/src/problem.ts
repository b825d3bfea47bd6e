import { Type, type Static } from '@sinclair/typebox';

/** RFC 9457 problem details, the body of every error answer (DESIGN §5). */
export const ProblemSchema = Type.Object(
  {
    type: Type.String({ description: 'URI identifying the problem type' }),
    title: Type.String(),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.Optional(Type.String()),
    code: Type.String({ description: 'stable machine-readable code, e.g. VALIDATION_FAILED' }),
    instance: Type.Optional(Type.String()),
    errors: Type.Optional(
      Type.Array(
        Type.Object(
          { field: Type.String(), message: Type.String() },
          { additionalProperties: false },
        ),
      ),
    ),
    missing: Type.Optional(
      Type.Array(Type.String(), { description: 'identifiers that were not found' }),
    ),
    /** who holds what the call wanted (a task another technician took, docs/tasks.md) */
    holder: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          email: Type.String(),
          name: Type.Union([Type.String(), Type.Null()]),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'Problem', title: 'Problem', additionalProperties: false },
);
export type Problem = Static<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
