// The responses' serializer (ADR 0113): Fastify's own (fast-json-stringify), given the contract's
// schemas with each `X | null` written as `X` with `nullable: true`. fast-json-stringify picks
// the branch of an `anyOf` by validating the value against each branch with ajv at every
// answer (formats included: a `uuid`, a `date-time`, a whole object), which cost the task list
// ≈ a third of its serialisation (docs/performance.md); `nullable` is a plain `=== null` test. Only the
// serializer sees the rewritten schema: validation and the OpenAPI document keep the contract's.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Schema = Record<string | symbol, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNull = (schema: unknown) =>
  isObject(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/** `{anyOf: [X, {type: 'null'}]}` (in either order) → `{...X, nullable: true}`, everywhere. */
export function nullableForSerializer(schema: unknown, seen = new Map<object, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => nullableForSerializer(item, seen));
  if (!isObject(schema)) return schema;
  const known = seen.get(schema);
  if (known) return known;
  const union = schema.anyOf;
  if (Array.isArray(union) && union.length === 2 && union.some(isNull)) {
    const other = union.find((branch) => !isNull(branch));
    const rest = Object.keys(schema).filter((key) => key !== 'anyOf');
    // a plain type (not a union again, nor a $ref, nor a const) beside nothing but annotations
    if (
      isObject(other) &&
      typeof other.type === 'string' &&
      other.type !== 'null' &&
      other.const === undefined &&
      rest.every((key) => key === 'description' || key === 'title')
    ) {
      const rewritten = { ...(nullableForSerializer(other, seen) as Schema), nullable: true };
      seen.set(schema, rewritten);
      return rewritten;
    }
  }
  const copy: Schema = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) copy[key] = nullableForSerializer(value, seen);
  return copy;
}

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/** Compiled serializers by the schemas they were built from: every Fastify instance of a
 *  process (the worker's and the API's, ~100 in a test run) compiles the same contract, and
 *  fast-json-stringify's compilation was the largest part of a server's start (docs/performance.md). */
const compiledSerializers = new Map<string, Serializer>();

/** Fastify's serializer factory, given the rewritten schemas. */
export const buildResponseSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  const context = JSON.stringify([externalSchemas, options ?? null]);
  return (route) => {
    // what fast-json-stringify reads: the schema, the shared schemas and the options
    const key = `${context}\u0000${JSON.stringify(route.schema)}`;
    let serialize = compiledSerializers.get(key);
    if (!serialize) {
      // compiled at its first answer, not when the server starts (ADR 0131)
      let compiled: Serializer | undefined;
      serialize = ((data: unknown) => {
        compiled ??= compile({ ...route, schema: nullableForSerializer(route.schema) as object });
        return compiled(data);
      }) as Serializer;
      compiledSerializers.set(key, serialize);
    }
    return serialize;
  };
};
