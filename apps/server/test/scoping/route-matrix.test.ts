// Every API route × method × role (anonymous, technician, manager, admin) × fleet (own, another), generated
// from the app's route table, so that routes other modules add are covered as soon as they
// exist (DESIGN §5 scoping). A route whose parameters cannot be sampled fails loudly (see
// test/helpers/route-samples.ts). Expectations:
//   anonymous → 401 unless the route is public;  manager on an admin route → 403;
//   field technician (docs/tasks.md) → 403 TECHNICIAN_FORBIDDEN or ADMIN_ONLY on every route not open to
//   field work (plugins/field-routes.ts, `auth: 'field'`), and on those never that refusal;
//   allowed roles → never 401/403, never 5xx, and answers never show the other fleet;
//   a request naming the other fleet's entity → 404 (its bike, account, command… do not exist)
//   when the same request succeeds for the caller's own entity, and never a success.
// The stream (fleet/stream) listens through the whole matrix, one per role: a manager's never
// carries what only an administrator may read (docs/operations.md), an admin's does.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMINISTRATION_EVENT_NAMES, API_PREFIX } from '@vfm/contract';
import { startTestServer } from '../helpers/server';
import { listedRoutes, recordedRoutes, type RecordedRoute } from '../helpers/route-table';
import {
  createWorld,
  pathOf,
  sampleRequest,
  type Side,
  type World,
} from '../helpers/route-samples';
import { rawRequest, withQuery, type RawAnswer } from '../helpers/raw-request';
import { tokenFor } from '../helpers/factories';
import { createEvent } from '../helpers/fleet-data';
import { isFieldRoute } from '../../src/plugins/field-routes';
import { openStream, type SseFrame, type SseStream } from '../helpers/sse';

vi.mock('../../src/modules/index', async (original) =>
  (await import('../helpers/route-table')).withRouteRecorder(original as never),
);

// started at collection time: the routes to test are the routes of the running app
const t = await startTestServer();
const routes = recordedRoutes.filter((route) => route.url.startsWith(API_PREFIX));
/** the calls answer 2xx to a well-formed sample of the caller's own fleet */
const OWN_MODULES = /^\/api\/wf\/rest\/v1\/(products|fleet)\//;

let world: World;
/** one stream per role of the own fleet, on sessions of their own, open during the matrix */
const streams = {} as Record<'manager' | 'admin', SseStream>;
beforeAll(async () => {
  world = await createWorld(t);
  streams.manager = await openStream(t, await tokenFor(t, world.own.manager));
  streams.admin = await openStream(t, await tokenFor(t, world.own.admin));
  for (const stream of Object.values(streams)) await stream.next((f) => f.event === 'ready');
});
afterAll(async () => {
  for (const stream of Object.values(streams)) stream.close();
  await t.close();
});

type Role = 'anonymous' | 'technician' | 'manager' | 'admin';

const tokenOf = (role: Role, side: Side) =>
  role === 'anonymous'
    ? null
    : role === 'technician'
      ? side.technicianToken
      : role === 'manager'
        ? side.managerToken
        : side.adminToken;

async function call(route: RecordedRoute, side: Side, role: Role, caller: Side) {
  const sample = await sampleRequest(world, route, side);
  const token = tokenOf(role, caller);
  const path = withQuery(pathOf(route, sample.params).slice(API_PREFIX.length), sample.query);
  const answer = await rawRequest(t, { method: route.method, path, token, body: sample.body });
  return { sample, answer };
}

/** The other fleet's identifiers must not show, except those the request itself sent. */
function expectNoLeak(answer: RawAnswer, other: Side, label: string, sent = '') {
  for (const secret of other.secrets.filter((s) => !sent.includes(s))) {
    expect(answer.text.includes(secret), `${label} shows ${secret} of the other fleet`).toBe(false);
  }
}

describe('route table', () => {
  it('records every API route that the router knows', () => {
    const recorded = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const unrecorded = listedRoutes(t.server.app, API_PREFIX).filter((r) => !recorded.has(r));
    expect(unrecorded).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it('can sample every route for both fleets (else: add a rule to SAMPLE_RULES)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const side of [world.own, world.foreign]) {
        await sampleRequest(world, route, side, false).catch((e: Error) =>
          failures.push(e.message),
        );
      }
    }
    expect(failures).toEqual([]);
  });
});

describe.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
  '%s',
  (label, route) => {
    it('refuses an anonymous caller unless public', async () => {
      const { answer } = await call(route, world.own, 'anonymous', world.own);
      expect(answer.status, answer.text).toBeLessThan(500);
      if (route.auth !== 'public') expect(answer.status, answer.text).toBe(401);
    });

    it('answers a field technician only on the routes of field work', async () => {
      const own = await call(route, world.own, 'technician', world.own);
      expect(own.answer.status, own.answer.text).toBeLessThan(500);
      if (route.auth === 'public') return;
      const body = own.answer.text;
      if (!isFieldRoute(route.method, route.url, route.auth, API_PREFIX)) {
        expect(own.answer.status, body).toBe(403);
        expect(body).toMatch(/TECHNICIAN_FORBIDDEN|ADMIN_ONLY/);
        return;
      }
      expect(own.answer.status, body).not.toBe(401);
      // a service's own rule may still refuse (a task's managers-only changes, another
      // account's photo), never the role itself
      if (own.answer.status === 403) expect(body).not.toMatch(/TECHNICIAN_FORBIDDEN/);
      expectNoLeak(own.answer, world.foreign, label);
      if (!own.sample.references || own.answer.status >= 300) return;
      const foreign = await call(route, world.foreign, 'technician', world.own);
      expect(foreign.answer.status, `${label} with the other fleet's entity`).toBe(404);
      expectNoLeak(foreign.answer, world.foreign, label, JSON.stringify(foreign.sample));
    });

    for (const role of ['manager', 'admin'] as const) {
      it(`answers a ${role} from the caller's fleet only`, async () => {
        const own = await call(route, world.own, role, world.own);
        expect(own.answer.status, own.answer.text).toBeLessThan(500);
        if (route.auth === 'admin' && role === 'manager') {
          expect(own.answer.status, own.answer.text).toBe(403);
          return;
        }
        if (route.auth === 'public') return;
        expect([401, 403], own.answer.text).not.toContain(own.answer.status);
        if (OWN_MODULES.test(route.url)) {
          expect(own.answer.status, `${label}: ${own.answer.text}`).toBeLessThan(300);
        }
        expectNoLeak(own.answer, world.foreign, label);

        if (!own.sample.references) return;
        const foreign = await call(route, world.foreign, role, world.own);
        // a sample the route accepts for the own fleet proves the scoping: the same request
        // naming the other fleet's entity is a 404; otherwise it must at least not succeed
        if (own.answer.status < 300) {
          expect(foreign.answer.status, `${label} with the other fleet's entity`).toBe(404);
        } else {
          expect(
            foreign.answer.status,
            `${label} with the other fleet's entity`,
          ).toBeGreaterThanOrEqual(400);
        }
        expectNoLeak(foreign.answer, world.foreign, label, JSON.stringify(foreign.sample));
      });
    }
  },
);

describe('GET fleet/stream by role', () => {
  it("carries the administration's events to an admin, never to a manager", async () => {
    // the matrix changed accounts, passwords and settings while both listened; the admin's own
    // calls make sure there is something to see, a bike's event closes the window
    const admin = t.api({ token: world.own.adminToken });
    const created = await admin.post('accounts', {
      email: `matrix-stream-${Date.now()}@example.com`,
      fullName: 'Matrix Stream',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const settings = await admin.get('fleet/settings');
    const co2KgPerKm = settings.body.co2KgPerKm === 0.3 ? 0.31 : 0.3;
    expect((await admin.put('fleet/settings', { co2KgPerKm })).status).toBe(200);
    const alarm = await createEvent(t, world.own.bike);
    await t.server.database.notify(
      'vfm_fleet',
      JSON.stringify({ fleetId: world.own.fleet.id, kinds: ['event'] }),
    );
    const hasAlarm = (f: SseFrame) =>
      f.event === 'events' && f.data.events.some((e: { id: number }) => e.id === alarm.id);
    await streams.admin.next(hasAlarm);
    await streams.manager.next(hasAlarm);
    const administration = (stream: SseStream) =>
      stream.frames
        .filter((f) => f.event === 'events')
        .flatMap((f) => f.data.events as Array<{ name: string }>)
        .filter((event) => ADMINISTRATION_EVENT_NAMES.has(event.name));
    expect(administration(streams.admin).map((e) => e.name)).toEqual(
      expect.arrayContaining(['ACCOUNT_CREATED', 'FLEET_SETTINGS_CHANGED']),
    );
    expect(administration(streams.manager)).toEqual([]);
    expect(streams.manager.ended()).toBe(false);
  });
});
