// Rules (ADR 0126, docs/rules.md) through the real server: administrators write them, managers
// read them, versions and bad input refused with what is wrong, every change audited; a rule
// evaluated on the ingest's batch opens an alert of its own kind through the alerts' life cycle,
// the built-in tamper rules fire from the module's own telemetry, a duration is the sweep's and
// its state is in the database, the dry run replays stored telemetry. On PGlite and, with
// DATABASE_URL and MQTT_URL, on PostgreSQL and Mosquitto.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AlertPageSchema,
  RuleDryRunResultSchema,
  RuleListSchema,
  RuleSchema,
  type Alert,
  type Rule,
  type Task,
} from '@vfm/contract';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { moduleClients, publishUp, startIotTestServer, telemetry, waitFor } from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { sweepRules } from '../../src/modules/rules/sweep';
import { dryRunRule, evenSample } from '../../src/modules/rules/dry-run';
import { createBike } from '../helpers/bikes';
import { drawZone } from '../helpers/zones';

let t: TestServer, cast: FleetCast, other: FleetCast;
const modules = moduleClients(() => t);
beforeAll(
  async () => ({ t, cast, other } = await twoFleets(createFleetWithUsers, startIotTestServer)),
);

const admin = () => t.api({ token: cast.adminToken });
const manager = () => t.api({ token: cast.managerToken });

const RULE = {
  name: 'Locked bike on a low battery',
  enabled: true,
  severity: 'MINOR',
  condition: {
    all: [
      { type: 'assistanceLocked', value: true },
      { type: 'threshold', field: 'bikeBattery', op: 'le', value: 30 },
    ],
  },
  scope: { groupIds: [], models: [] },
  actions: [{ type: 'alert' }, { type: 'task', kind: 'BATTERY_SWAP' }],
  latch: false,
};

async function create(body: Record<string, unknown> = RULE): Promise<Rule> {
  const res = await admin().post('rules', body);
  expect(res.status, res.text).toBe(201);
  expectShape(RuleSchema, res.body);
  return res.body;
}

const moduleOnline = (columns: Record<string, unknown> = {}) =>
  modules.online(cast.fleet, {
    last_communication_date: new Date(),
    bike_battery_level: 80,
    ...columns,
  });

async function alertsOf(vehicleNumber: string): Promise<Alert[]> {
  const res = await manager().get('alerts', { query: { vehicleNumber, state: 'all' } });
  expect(res.status).toBe(200);
  expectShape(AlertPageSchema, res.body);
  return res.body.content;
}

const activeAlert = (vehicleNumber: string, kind: string) =>
  waitFor(
    async () => (await alertsOf(vehicleNumber)).find((a) => a.kind === kind && !a.clearedAt),
    15_000,
    `an active ${kind} alert of ${vehicleNumber}`,
  );

describe('the rules resource', () => {
  it('lists the built-in rules to a manager, on by default', async () => {
    const res = await manager().get('rules');
    expect(res.status, res.text).toBe(200);
    expectShape(RuleListSchema, res.body);
    const builtins = (res.body.content as Rule[]).filter((r) => r.builtin);
    expect(builtins.map((r) => r.builtin).sort()).toEqual([
      'BATTERY_REMOVED',
      'BATTERY_RISING_PARKED',
      'FAR_OUTSIDE_SERVICE_AREA',
      'MODULE_POWER_CUT',
      'UNACCOMPANIED_MOTION',
      'VAN_HOP',
    ]);
    expect(builtins.every((r) => r.enabled && r.alertKind === r.builtin)).toBe(true);
  });

  it('lets an administrator write, version and delete a rule, audited', async () => {
    const rule = await create();
    expect(rule).toMatchObject({ version: 1, builtin: null, alertKind: 'RULE', enabled: true });
    const one = await manager().get(`rules/${rule.id}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe('"1"');

    const {
      id: _id,
      builtin: _b,
      alertKind: _k,
      version: _v,
      updatedAt: _u,
      updatedBy: _by,
      ...body
    } = rule;
    const renamed = await admin().put(
      `rules/${rule.id}`,
      { ...body, name: 'Renamed' },
      {
        headers: { 'if-match': '"1"' },
      },
    );
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', version: 2 });
    // a stale version (body or header): 409, nothing changed
    const stale = await admin().put(`rules/${rule.id}`, { ...body, name: 'Lost', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    const noVersion = await admin().put(`rules/${rule.id}`, body);
    expect(noVersion.status).toBe(400);
    expect((await manager().get(`rules/${rule.id}`)).body.name).toBe('Renamed');

    expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
    expect((await manager().get(`rules/${rule.id}`)).status).toBe(404);
    const audit = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE fleet_id = $1 AND data->>'id' = $2 ORDER BY id`,
      [cast.fleet.id, rule.id],
    );
    expect(audit.map((a) => a.name)).toEqual(['RULE_CREATED', 'RULE_UPDATED', 'RULE_DELETED']);
  });

  it('refuses a manager’s writes and another fleet’s rules', async () => {
    expect((await manager().post('rules', RULE)).status).toBe(403);
    const rule = await create();
    const foreign = t.api({ token: other.adminToken });
    expect((await foreign.get(`rules/${rule.id}`)).status).toBe(404);
    expect((await foreign.delete(`rules/${rule.id}`)).status).toBe(404);
    const builtin = (await manager().get('rules')).body.content.find((r: Rule) => r.builtin);
    expect((await admin().delete(`rules/${builtin.id}`)).status).toBe(409);
    expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
  });

  it('answers 400 naming the problem, and saves nothing', async () => {
    const before = (await manager().get('rules')).body.content.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...RULE, script: 'rm -rf' }, /script|additional/i],
      [
        {
          ...RULE,
          condition: { all: [{ type: 'threshold', field: 'bikeBattery', op: 'gt', value: 100 }] },
        },
        /can never hold/,
      ],
      [
        {
          ...RULE,
          actions: [{ type: 'command', command: 'LOCK_CONTROL', value: 'true' }],
        },
        /retrigger/,
      ],
      [{ ...RULE, actions: [{ type: 'command', command: 'MODE', value: 'FAST' }] }, /not a value/],
      [{ ...RULE, scope: { groupIds: [other.fleet.id], models: [] } }, /not a group/],
      [
        {
          ...RULE,
          condition: {
            all: [{ type: 'inZone', zoneId: '00000000-0000-4000-8000-000000000001', value: true }],
          },
        },
        /not a zone of your fleet/,
      ],
      [
        {
          ...RULE,
          condition: {
            all: [
              { type: 'schedule', days: [1], from: '22:00', to: '06:00', timeZone: 'Mars/Olympus' },
            ],
          },
        },
        /not a time zone/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin().post('rules', body);
      expect(res.status, res.text).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(res.text).toMatch(message);
    }
    expect((await manager().get('rules')).body.content.length).toBe(before);
  });
});

describe('rules at work', () => {
  it('opens an alert of the rule, with its task, from the ingest’s batch; clears it after', async () => {
    const rule = await create({ ...RULE, name: 'Locked and low' });
    const m = await moduleOnline();
    const vn = m.bike.vehicleNumber;
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ assistanceLocked: true }));
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ assistanceLocked: true, bikeBattery: 25 }),
    );
    const alert = await activeAlert(vn, 'RULE');
    expect(alert).toMatchObject({
      severity: 'MINOR',
      rule: { id: rule.id, name: 'Locked and low' },
    });
    expect((alert.detail as { messages: unknown[] }).messages).toHaveLength(1);
    const tasks = await t.server.database.query<{ kind: string }>(
      `SELECT kind FROM task WHERE bike_id = $1`,
      [m.bike.id],
    );
    expect(tasks.map((task) => task.kind)).toEqual(['BATTERY_SWAP']);
    // the task names its rule (each reader's language says it), its notes left to the people
    const listed = await admin().get('tasks', { query: { kind: 'BATTERY_SWAP', status: 'all' } });
    const task = listed.body.content.find((one: Task) => one.vehicleNumber === vn) as Task;
    expect(task).toMatchObject({
      rule: { id: rule.id, name: 'Locked and low', builtin: null },
      notes: '',
      title: '',
    });

    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ assistanceLocked: false }));
    await waitFor(async () =>
      (await alertsOf(vn)).find((a) => a.id === alert.id && a.state === 'CLEARED'),
    );
    expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
  });

  it('fires a built-in tamper rule on the module’s own telemetry (externalPower)', async () => {
    const m = await moduleOnline();
    const vn = m.bike.vehicleNumber;
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ externalPower: false }));
    const alert = await activeAlert(vn, 'MODULE_POWER_CUT');
    expect(alert.severity).toBe('CRITICAL');
    expect(alert.rule?.name).toBe('Module cut from the bike');
  });

  it('fires a built-in theft rule: moving while out of service, no task', async () => {
    const m = await moduleOnline({ availability: 'OUT' });
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ speedKmh: 14 }));
    await activeAlert(m.bike.vehicleNumber, 'UNACCOMPANIED_MOTION');
  });

  it('fires a van hop from the bike’s one trail, shared by every distance rule (ADR 0135)', async () => {
    // three more distance rules that never hold: they share the trail and remember nothing
    const far = await Promise.all(
      [50, 60, 70].map((km) =>
        create({
          ...RULE,
          name: `Moved ${km} km`,
          condition: { all: [{ type: 'distanceMoved', km, minutes: 30 }] },
          actions: [{ type: 'alert' }],
        }),
      ),
    );
    const m = await moduleOnline();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ odometerKm: 100, ts: at(0) }));
    await publishUp(
      m.client,
      m.moduleId,
      'telemetry',
      telemetry({ lat: 45.79, odometerKm: 100, ts: at(60_000) }),
    );
    await activeAlert(m.bike.vehicleNumber, 'VAN_HOP');
    const trails = await t.server.database.query<{ trail: { track: unknown[] } }>(
      'SELECT trail FROM rule_trail WHERE bike_id = $1',
      [m.bike.id],
    );
    expect(trails).toHaveLength(1);
    expect(trails[0]!.trail.track).toHaveLength(2);
    const states = await t.server.database.query<{ ruleId: string }>(
      'SELECT rule_id AS "ruleId" FROM rule_state WHERE bike_id = $1',
      [m.bike.id],
    );
    expect(states.filter((s) => far.some((rule) => rule.id === s.ruleId))).toEqual([]);
    for (const rule of far) expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
  });

  it('fires a rule on one zone of the fleet, named by its id (ADR 0135)', async () => {
    const zone = await drawZone(manager(), 'Dépôt', 'PREFERRED_PARKING', [4.83, 45.755, 0.01]);
    const rule = await create({
      ...RULE,
      name: 'At the depot',
      condition: { all: [{ type: 'inZone', zoneId: zone, value: true }] },
      actions: [{ type: 'alert' }],
      // the fleet's bikes may all stand in the depot by now: its dry run may ask to confirm
      confirmed: true,
    });
    const m = await moduleOnline();
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ lat: 45.76, lon: 4.835 }));
    const alert = await activeAlert(m.bike.vehicleNumber, 'RULE');
    expect(alert.rule?.id).toBe(rule.id);
    expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
    expect((await manager().delete(`zones/${zone}`)).status).toBe(204);
  });

  it('keeps a duration in the database and fires it by the sweep', async () => {
    const rule = await create({
      ...RULE,
      name: 'Locked for ten minutes',
      condition: { all: [{ type: 'assistanceLocked', value: true }], forMinutes: 10 },
      actions: [{ type: 'alert' }],
    });
    const m = await moduleOnline();
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ assistanceLocked: true }));
    const state = await waitFor(async () => {
      const [row] = await t.server.database.query<{ memory: { holdsSince?: string } }>(
        'SELECT memory FROM rule_state WHERE rule_id = $1 AND bike_id = $2',
        [rule.id, m.bike.id],
      );
      return row?.memory.holdsSince ? row : null;
    });
    expect(state.memory.holdsSince).toBeTruthy();
    // a sweep 11 minutes later (any worker, after any restart: the state is the row)
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await sweepRules(t.server.database, t.server.jobs, later)).toBeGreaterThan(0);
    await activeAlert(m.bike.vehicleNumber, 'RULE');
    expect((await admin().delete(`rules/${rule.id}`)).status).toBe(204);
  });

  it('dry-runs a rule over stored telemetry, and asks to confirm one firing for most bikes', async () => {
    const m = await moduleOnline();
    await publishUp(m.client, m.moduleId, 'telemetry', telemetry({ bikeBattery: 12 }));
    await waitFor(
      async () =>
        (await t.server.database.query('SELECT 1 FROM telemetry WHERE bike_id = $1', [m.bike.id]))
          .length > 0,
    );
    const low = {
      condition: { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 15 }] },
      scope: { groupIds: [], models: [] },
      actions: [{ type: 'alert' }],
    };
    const res = await admin().post('rules/dry-run', { rule: low, days: 1 });
    expect(res.status, res.text).toBe(200);
    expectShape(RuleDryRunResultSchema, res.body);
    expect(res.body.sampledBikes).toBeNull();
    expect(res.body.firings.map((f: { vehicleNumber: string }) => f.vehicleNumber)).toContain(
      m.bike.vehicleNumber,
    );
    expect((await admin().post('rules/dry-run', { rule: low, days: 31 })).status).toBe(400);
    // a bike none of whose stored rows passes a threshold is not replayed (ADR 0135): not fired
    const lower = {
      ...low,
      condition: { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 5 }] },
    };
    const none = await admin().post('rules/dry-run', { rule: lower, days: 1 });
    expect(none.status, none.text).toBe(200);
    expect(none.body.firings.map((f: { vehicleNumber: string }) => f.vehicleNumber)).not.toContain(
      m.bike.vehicleNumber,
    );

    const everyone = {
      ...RULE,
      name: 'Everyone',
      condition: { all: [{ type: 'threshold', field: 'iotBattery', op: 'ge', value: 1 }] },
      actions: [{ type: 'alert' }],
    };
    const asks = await admin().post('rules', everyone);
    expect(asks.status, asks.text).toBe(409);
    expect(asks.body.code).toBe('RULE_NEEDS_CONFIRMATION');
    const confirmed = await create({ ...everyone, enabled: false });
    expect(confirmed.enabled).toBe(false);
  });

  it('replays an even sample of many bikes and estimates the bikes fired from it (ADR 0139)', async () => {
    // a sample drawn again the same, in id order, spread over the ids, with no period
    const ids = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1 }));
    const sample = evenSample(ids, 1_000);
    expect(sample).toHaveLength(1_000);
    expect(evenSample(ids, 1_000)).toEqual(sample);
    expect(sample.map((b) => b.id)).toEqual([...sample.map((b) => b.id)].sort((a, b) => a - b));
    for (let tenth = 0; tenth < 10; tenth += 1) {
      const inTenth = sample.filter((b) => Math.floor((b.id - 1) / 1_000) === tenth).length;
      expect(inTenth).toBeGreaterThan(70);
      expect(inTenth).toBeLessThan(130);
    }
    // every 80th id (a pattern along the ids) is sampled in proportion
    const periodic = sample.filter((b) => b.id % 80 === 0).length;
    expect(periodic).toBeGreaterThan(3);
    expect(periodic).toBeLessThan(25);
    expect(evenSample([{ id: 1 }, { id: 2 }], 4)).toEqual([{ id: 1 }, { id: 2 }]);
    const fleet = await createFleetWithUsers(t);
    const bikes = await Promise.all([0, 1, 2, 3, 4, 5].map(() => createBike(t, fleet.fleet)));
    const now = new Date();
    for (const [i, bike] of bikes.entries())
      await t.server.database.query(
        `INSERT INTO telemetry (bike_id, seq, ts, received_at, bike_battery)
         VALUES ($1, 1, $2, $2, $3)`,
        [bike.id, new Date(now.getTime() - 3_600_000), i < 4 ? 12 : 60],
      );
    const rule = {
      name: 'Low',
      enabled: true,
      severity: 'MINOR' as const,
      condition: {
        all: [
          {
            type: 'threshold' as const,
            field: 'bikeBattery' as const,
            op: 'le' as const,
            value: 15,
          },
        ],
      },
      scope: { groupIds: [], models: [] },
      actions: [{ type: 'alert' as const }],
      latch: false,
    };
    const full = await dryRunRule(t.server.database, fleet.fleet.id, rule, 1, now);
    expect(full).toMatchObject({ bikesInScope: 6, bikesFired: 4, sampledBikes: null });
    // four bikes pass the history's gate; two of them are replayed: 2 of 2 fired → 4
    const sampled = await dryRunRule(t.server.database, fleet.fleet.id, rule, 1, now, {
      sample: 2,
    });
    expect(sampled).toMatchObject({ bikesInScope: 6, bikesFired: 4, sampledBikes: 2 });
    expect(sampled.firings).toHaveLength(2);
    expect(sampled.needsConfirmation).toBe(true);
  });
});
