import { Type, type TInteger, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** A string enum rendered as `{type: string, enum: [...]}` in OpenAPI (not a union of consts). */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** ISO 8601 UTC timestamp as the API serialises it. */
export const DateTime = (options: { description?: string } = {}) =>
  Type.String({ format: 'date-time', ...options });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The path of one resource named by its uuid: `…/:id`. */
export const IdParamsSchema = Type.Object(
  { id: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);

/** A page of a server-side paged list (DESIGN §5). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object(
    {
      content: Type.Array(item),
      totalElements: Type.Integer({ minimum: 0 }),
      page: Type.Integer({ minimum: 0 }),
      size: Type.Integer({ minimum: 1 }),
    },
    { additionalProperties: false },
  );

/** `{VALUE: count}` for every value of an enum, all keys present (counts per state). */
export function EnumCounts<const T extends readonly string[]>(values: T) {
  const count = Type.Integer({ minimum: 0 });
  return Type.Object(
    Object.fromEntries(values.map((value) => [value, count])) as Record<T[number], TInteger>,
    { additionalProperties: false },
  );
}
