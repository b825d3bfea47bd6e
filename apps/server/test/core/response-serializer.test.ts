// The responses' serializer (ADR 0113): the contract's `X | null` serialised as `X` nullable
// gives the same JSON as before, for values and nulls alike; the access tokens kept verified
// still end when jose says they end.
import { TaskPageSchema, type Task } from '@vfm/contract';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { AccessTokens, CLOCK_SKEW_SECONDS } from '../../src/lib/access-token';
import { buildRequestValidator } from '../../src/lib/request-validator';
import { buildResponseSerializer, nullableForSerializer } from '../../src/lib/response-serializer';

const route = { method: 'GET', url: '/tasks', httpStatus: '200', schema: TaskPageSchema };

const task = (over: Partial<Task>): Task => ({
  id: '6b2c7f2e-8a3d-4f7e-9c1a-2d3e4f5a6b7c',
  kind: 'BATTERY_SWAP',
  title: '',
  vehicleNumber: 'VN-1',
  status: 'OPEN',
  priority: 'HIGH',
  dueAt: null,
  assignee: null,
  notes: 'back "wheel" \\ é',
  checklist: [{ item: 'check-lock', checked: true }],
  cause: null,
  rule: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  createdBy: null,
  startedAt: null,
  startedBy: null,
  closedAt: null,
  closedBy: null,
  position: null,
  dropOff: null,
  distanceMeters: null,
  batterySwap: null,
  parts: '',
  cost: null,
  updatedAt: '2026-11-26T08:00:00.000Z',
  ...over,
});

describe('response serializer', () => {
  it('writes a nullable union as its type with nullable: true, and nothing else', () => {
    const rewritten = nullableForSerializer({
      type: 'object',
      properties: {
        at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
        who: { anyOf: [{ type: 'null' }, { type: 'object', properties: {} }] },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        three: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      },
    }) as { properties: Record<string, unknown> };
    expect(rewritten.properties.at).toEqual({
      type: 'string',
      format: 'date-time',
      nullable: true,
    });
    expect(rewritten.properties.who).toEqual({ type: 'object', properties: {}, nullable: true });
    expect(rewritten.properties.either).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    });
    expect(rewritten.properties.three).toHaveProperty('anyOf');
  });

  it('serialises a page of tasks as JSON.stringify and as the plain serializer do', () => {
    const page = {
      content: [
        task({}),
        task({
          dueAt: '2026-11-27T10:00:00.000Z',
          assignee: { id: '0e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b', email: 'a@b.c', name: null },
          cause: 'LOW_VEHICLE_BATTERY',
          position: { latitude: 48.85, longitude: 2.35, at: null },
          distanceMeters: 1234,
          batterySwap: { batteryLevel: 98, batteryNumber: null },
          cost: { amount: 12.5, currency: 'EUR' },
        }),
      ],
      totalElements: 2,
      page: 0,
      size: 50,
      next: null,
    };
    const fast = buildResponseSerializer()(route);
    const plain = SerializerSelector()()(route);
    expect(JSON.parse(fast(page))).toEqual(JSON.parse(JSON.stringify(page)));
    expect(fast(page)).toBe(plain(page));
  });
});

describe('compilers shared by the servers of one process (docs/performance.md)', () => {
  it('compile a response schema once: equal schemas, equal options give the same serializer', () => {
    const first = buildResponseSerializer({}, {})(route);
    const again = buildResponseSerializer(
      {},
      {},
    )({ ...route, schema: structuredClone(route.schema) });
    expect(again).toBe(first);
    const other = buildResponseSerializer({}, {})({ ...route, schema: { type: 'string' } });
    expect(other).not.toBe(first);
    expect(other('a"b')).toBe('"a\\"b"');
    // other options, another compilation
    expect(buildResponseSerializer({}, { rounding: 'ceil' })(route)).not.toBe(first);
  });

  it("keep a body's validator apart from a query string's for the same schema", () => {
    const schema = {
      type: 'object',
      properties: { size: { type: 'number' } },
      additionalProperties: false,
    };
    const options = { customOptions: { coerceTypes: 'array' as const, allErrors: true } };
    const build = buildRequestValidator as unknown as (
      external: object,
      server: object,
    ) => (request: { schema: object; httpPart?: string }) => (data: unknown) => boolean;
    const query = build({}, options)({ schema, httpPart: 'querystring' });
    const body = build({}, options)({ schema: structuredClone(schema), httpPart: 'body' });
    expect(body).not.toBe(query);
    expect(query({ size: '5' })).toBe(true);
    expect(body({ size: '5' })).toBe(false);
    expect(build({}, options)({ schema, httpPart: 'body' })).toBe(body);
  });
});

describe('access tokens kept verified', () => {
  it('are refused before they are issued and after they end, as on their first check', async () => {
    const tokens = new AccessTokens('a-secret-of-some-length-for-hs256', 'vfm-test');
    const issued = new Date('2026-11-26T08:00:00Z');
    const token = await tokens.sign(
      {
        accountId: 'a',
        email: 'a@b.c',
        roles: ['ROLE_USER'],
        fleetId: 'f',
        sessionId: 's',
      },
      issued,
    );
    const at = (seconds: number) => new Date(issued.getTime() + seconds * 1000);
    expect(await tokens.verify(token, at(1))).toMatchObject({ ID: 'a', sid: 's' });
    expect(await tokens.verify(token, at(60))).toMatchObject({ ID: 'a' });
    expect(await tokens.verify(token, at(-CLOCK_SKEW_SECONDS - 5))).toBeNull();
    expect(await tokens.verify(token, at(15 * 60 + CLOCK_SKEW_SECONDS - 1))).not.toBeNull();
    expect(await tokens.verify(token, at(15 * 60 + CLOCK_SKEW_SECONDS + 1))).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}xx`, at(1))).toBeNull();
  });
});
