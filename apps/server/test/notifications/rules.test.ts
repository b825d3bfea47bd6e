// ADR 0086: alert rules through the API — a user's own, fleet-wide ones set by
// an administrator, scoped to the fleet (another fleet's bike or group: 404 naming it), bad
// input a 400 naming the field, stale writes a 409, every change audited; a new manager gets
// the default theft rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationRuleListSchema, NotificationRuleSchema } from '@vfm/contract';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { createBike } from '../helpers/bikes';
import type { TestServer } from '../helpers/server';
import { ruleInput } from './rule-input';

let t: TestServer, cast: FleetCast, other: FleetCast;
beforeAll(async () => ({ t, cast, other } = await twoFleets(createFleetWithUsers)));
afterAll(async () => {
  await t.close();
});

const manager = () => t.api({ token: cast.managerToken });
const admin = () => t.api({ token: cast.adminToken });

async function auditNames(email: string) {
  const rows = await t.server.database.query<{ name: string }>(
    `SELECT name FROM event WHERE user_email = $1 AND name LIKE 'NOTIFICATION_RULE_%'
      ORDER BY id`,
    [email],
  );
  return rows.map((row) => row.name);
}

describe('alert rules', () => {
  it('creates, reads, replaces and deletes the caller’s rule, each change audited', async () => {
    const bike = await createBike(t, cast.fleet);
    const created = await manager().post(
      'notification-rules',
      ruleInput({ bikeScope: 'BIKES', vehicleNumbers: [bike.vehicleNumber.toLowerCase()] }),
    );
    expect(created.status).toBe(201);
    expectShape(NotificationRuleSchema, created.body);
    expect(created.body).toMatchObject({
      name: 'Batteries',
      fleetWide: false,
      isDefault: false,
      vehicleNumbers: [bike.vehicleNumber],
      version: 1,
      updatedBy: cast.manager.email,
    });

    const list = await manager().get('notification-rules');
    expect(list.status).toBe(200);
    expectShape(NotificationRuleListSchema, list.body);
    expect(list.body.content.map((rule: { id: string }) => rule.id)).toContain(created.body.id);
    // another user of the fleet does not see it
    const seen = await admin().get(`notification-rules/${created.body.id}`);
    expect(seen.status).toBe(404);

    const replaced = await manager().put(`notification-rules/${created.body.id}`, {
      ...ruleInput({
        name: 'Nights',
        kinds: ['SUSPECTED_THEFT', 'LOW_VEHICLE_BATTERY'],
        channels: ['IN_APP', 'EMAIL'],
        quietHours: { from: '22:00', to: '07:00', days: ['MON', 'TUE'], timeZone: 'Europe/Paris' },
        alwaysNotify: ['SUSPECTED_THEFT'],
        digest: 'DAILY',
      }),
      version: 1,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      name: 'Nights',
      bikeScope: 'ALL',
      vehicleNumbers: [],
      digest: 'DAILY',
      version: 2,
      quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Paris' },
    });

    // a write on the read of version 1 is refused: someone changed it since
    const stale = await manager().put(`notification-rules/${created.body.id}`, {
      ...ruleInput(),
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('RULE_CHANGED');

    expect((await manager().delete(`notification-rules/${created.body.id}`)).status).toBe(204);
    expect((await manager().get(`notification-rules/${created.body.id}`)).status).toBe(404);
    expect(await auditNames(cast.manager.email)).toEqual([
      'NOTIFICATION_RULE_CREATED',
      'NOTIFICATION_RULE_UPDATED',
      'NOTIFICATION_RULE_DELETED',
    ]);
  });

  it('refuses another fleet’s bike or group as absent (404 naming it), and bad input (400)', async () => {
    const theirs = await createBike(t, other.fleet);
    const bike = await manager().post(
      'notification-rules',
      ruleInput({ bikeScope: 'BIKES', vehicleNumbers: [theirs.vehicleNumber] }),
    );
    expect(bike.status).toBe(404);
    expect(bike.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(bike.body).toMatchObject({ code: 'BIKE_NOT_FOUND', missing: [theirs.vehicleNumber] });

    const [group] = await t.server.database.query<{ id: string }>(
      `INSERT INTO fleet_group (fleet_id, name) VALUES ($1, 'Depot') RETURNING id`,
      [other.fleet.id],
    );
    const groups = await manager().post(
      'notification-rules',
      ruleInput({ bikeScope: 'GROUPS', groupIds: [group!.id] }),
    );
    expect(groups.status).toBe(404);
    expect(groups.body).toMatchObject({ code: 'GROUP_NOT_FOUND', missing: [group!.id] });

    for (const [body, field] of [
      [ruleInput({ bikeScope: 'BIKES' }), 'vehicleNumbers'],
      [ruleInput({ bikeScope: 'GROUPS', groupIds: [] }), 'groupIds'],
      [ruleInput({ name: '   ' }), 'name'],
      [ruleInput({ alwaysNotify: ['SUSPECTED_THEFT'] }), 'alwaysNotify'],
      [
        ruleInput({
          quietHours: { from: '22:00', to: '07:00', days: ['MON'], timeZone: 'Mars/Olympus' },
        }),
        'quietHours/timeZone',
      ],
    ] as const) {
      const res = await manager().post('notification-rules', body);
      expect(res.status, field).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        field,
      ).toContain(field);
    }
    const unknownKind = await manager().post(
      'notification-rules',
      ruleInput({ kinds: ['EARTHQUAKE'] as never }),
    );
    expect(unknownKind.status).toBe(400);
    expect((await manager().post('notification-rules', { name: 'x' })).status).toBe(400);
  });

  it('lets only an administrator set fleet-wide rules, which every user of the fleet reads', async () => {
    const refused = await manager().post('notification-rules', ruleInput({ fleetWide: true }));
    expect(refused.status).toBe(403);
    const created = await admin().post(
      'notification-rules',
      ruleInput({ name: 'Fleet batteries', fleetWide: true }),
    );
    expect(created.status).toBe(201);
    expect(created.body.fleetWide).toBe(true);

    const read = await manager().get(`notification-rules/${created.body.id}`);
    expect(read.status).toBe(200);
    const change = await manager().put(`notification-rules/${created.body.id}`, {
      ...ruleInput(),
      version: 1,
    });
    expect(change.status).toBe(403);
    expect((await manager().delete(`notification-rules/${created.body.id}`)).status).toBe(403);
    // another fleet's administrator does not see it
    const foreign = await t
      .api({ token: other.adminToken })
      .get(`notification-rules/${created.body.id}`);
    expect(foreign.status).toBe(404);
    expect((await admin().delete(`notification-rules/${created.body.id}`)).status).toBe(204);
  });

  it('gives a manager created by an administrator the default theft rule', async () => {
    const res = await admin().post('accounts', {
      email: `new-${Date.now()}@example.com`,
      fullName: 'Nina New',
      language: 'de',
    });
    expect(res.status).toBe(201);
    const rules = await t.server.database.query<{
      name: string;
      kinds: string[];
      channels: string[];
      is_default: boolean;
    }>('SELECT name, kinds, channels, is_default FROM notification_rule WHERE account_id = $1', [
      res.body.id,
    ]);
    expect(rules).toEqual([
      {
        name: 'Diebstähle',
        kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
        channels: ['IN_APP', 'EMAIL'],
        is_default: true,
      },
    ]);
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    expect((await t.api().get('notification-rules')).status).toBe(401);
    expect((await manager().get('notification-rules/not-a-uuid')).status).toBe(400);
  });
});
