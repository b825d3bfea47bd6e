// Checks an answer against its contract schema (the same TypeBox schema the route declares),
// so that tests catch a shape that drifts from packages/contract.
import { FormatRegistry, TypeRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { expect } from 'vitest';

const formats: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};
for (const [name, pattern] of Object.entries(formats)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, (value) => pattern.test(value));
}

// StringEnum of the contract is a Type.Unsafe string enum
if (!TypeRegistry.Has('Unsafe')) {
  TypeRegistry.Set('Unsafe', (schema: { enum?: unknown[] }, value) =>
    Array.isArray(schema.enum) ? schema.enum.includes(value) : true,
  );
}

export function expectShape(schema: TSchema, value: unknown) {
  const errors = [...Value.Errors(schema, value)].slice(0, 5).map((e) => `${e.path} ${e.message}`);
  expect(errors, JSON.stringify(value).slice(0, 500)).toEqual([]);
}
