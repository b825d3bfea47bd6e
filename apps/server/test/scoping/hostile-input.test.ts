// No input makes a 500 (DESIGN §5): every route of the table, every path and query parameter
// and body, with hostile values (injection, wildcards, NUL and control characters, huge and
// odd numbers, impossible dates, long strings, deep JSON). Errors are problem+json.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '@vfm/contract';
import { startTestServer } from '../helpers/server';
import { recordedRoutes } from '../helpers/route-table';
import { createWorld, pathOf, sampleRequest, type World } from '../helpers/route-samples';
import { rawRequest, withQuery, type RawAnswer } from '../helpers/raw-request';

vi.mock('../../src/modules/index', async (original) =>
  (await import('../helpers/route-table')).withRouteRecorder(original as never),
);

const t = await startTestServer();
const routes = recordedRoutes.filter((route) => route.url.startsWith(API_PREFIX));

const HOSTILE: string[] = [
  '',
  ' ',
  "'",
  '"',
  "' OR '1'='1' --",
  '1; DROP TABLE bike',
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u0001\u001f',
  '\u202e😀',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'x'.repeat(3000),
  '-1',
  '1e309',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '2026-13-45T99:99:99Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-29T00:00:00Z',
  '2026-06-30T23:59:60Z',
  '2026-01-01T00:00:00+01',
  '00000000-0000-0000-0000-000000000000',
];

let world: World;
beforeAll(async () => {
  world = await createWorld(t);
});
afterAll(() => t.close());

function expectHandled(answer: RawAnswer, label: string) {
  expect(answer.status, `${label} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(
    500,
  );
  // 414 (a path parameter over Fastify's maxParamLength) and 431 (an address over Node's
  // header limit) are answered by the framework before any route, in its own JSON format
  if (answer.status >= 400 && answer.status !== 414 && answer.status !== 431) {
    expect(answer.contentType, `${label} → ${answer.status} ${answer.text.slice(0, 200)}`).toMatch(
      /problem\+json/,
    );
  }
}

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (label, route) => {
    const send = async (
      params: Record<string, string>,
      query: Record<string, unknown>,
      body?: unknown,
    ) =>
      rawRequest(t, {
        method: route.method,
        path: withQuery(pathOf(route, params).slice(API_PREFIX.length), query),
        token: route.auth === 'admin' ? world.own.adminToken : world.own.managerToken,
        body,
      });

    it('survives hostile path and query values', async () => {
      const sample = await sampleRequest(world, route, world.own, false);
      const pathNames = Object.keys(sample.params);
      const queryNames = Object.keys(route.schema.querystring?.properties ?? {});
      for (const value of HOSTILE) {
        for (const name of pathNames) {
          const answer = await send({ ...sample.params, [name]: value }, sample.query, sample.body);
          expectHandled(answer, `${label} :${name}=${JSON.stringify(value).slice(0, 40)}`);
        }
        for (const name of queryNames) {
          const answer = await send(sample.params, { ...sample.query, [name]: value }, sample.body);
          expectHandled(answer, `${label} ?${name}=${JSON.stringify(value).slice(0, 40)}`);
        }
      }
    });

    it('survives repeated, unknown and oversized query parameters', async () => {
      const sample = await sampleRequest(world, route, world.own, false);
      const queryNames = Object.keys(route.schema.querystring?.properties ?? {});
      const cases: Array<Record<string, unknown>> = [
        { ...sample.query, unknownParameter: 'x' },
        ...queryNames.map((name) => ({ ...sample.query, [name]: ['a', 'b', 'c'] })),
        ...queryNames.map((name) => ({ ...sample.query, [name]: Array(1500).fill('AB-1') })),
      ];
      for (const query of cases) {
        expectHandled(
          await send(sample.params, query, sample.body),
          `${label} ${Object.keys(query)}`,
        );
      }
    });

    it('survives hostile bodies', async () => {
      const sample = await sampleRequest(world, route, world.own, false);
      let deep: unknown = 1;
      for (let i = 0; i < 2000; i += 1) deep = [deep];
      for (const body of [
        null,
        42,
        'text',
        [],
        { unknown: true },
        deep,
        { a: 'x'.repeat(100_000) },
      ]) {
        expectHandled(await send(sample.params, sample.query, body), `${label} body`);
      }
    });
  },
);

// docs/operations.md: a date-time the runtime cannot represent (a leap second is valid RFC 3339 but
// Invalid Date) answered 500 from GET fleet/events; every date parameter now refuses it (400)
const UNREPRESENTABLE = [
  '2026-06-30T23:59:60Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T00:00:00+01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
];
const dateNames = (schema: RecordedSchema | undefined) =>
  Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property.format === 'date-time')
    .map(([name]) => name);
type RecordedSchema = (typeof routes)[number]['schema']['querystring'];
const dated = routes.filter(
  (route) => dateNames(route.schema.querystring).length || dateNames(route.schema.body).length,
);

describe('date parameters', () => {
  it('are found on the routes that filter by time', () => {
    expect(dated.length).toBeGreaterThanOrEqual(4);
  });

  it.each(dated.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s refuses a date-time the runtime cannot represent (400)',
    async (label, route) => {
      const sample = await sampleRequest(world, route, world.own, false);
      const token = route.auth === 'admin' ? world.own.adminToken : world.own.managerToken;
      for (const value of UNREPRESENTABLE) {
        for (const name of dateNames(route.schema.querystring)) {
          const answer = await rawRequest(t, {
            method: route.method,
            path: withQuery(pathOf(route, sample.params).slice(API_PREFIX.length), {
              ...sample.query,
              [name]: value,
            }),
            token,
            body: sample.body,
          });
          expect(answer.status, `${label} ?${name}=${value}: ${answer.text}`).toBe(400);
          expect(answer.text).toContain(name);
        }
      }
    },
  );
});
