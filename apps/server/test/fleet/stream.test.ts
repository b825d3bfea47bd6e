// fleet/stream (ADR 0020): authenticated by the Authorization header, uncompressed SSE; pushes
// bike changes, removals, warning counters, command status and new events of the caller's
// fleet only; coalesces bursts; follows the change-notification contract of every writer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamPayloadSchemas } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers, type FleetRow } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createCommand, createEvent } from '../helpers/fleet-data';
import { expectShape } from '../helpers/contract';
import { openStream, type SseFrame, type SseStream } from '../helpers/sse';
import { streamHubOf } from '../../src/modules/fleet/stream/stream-hub';
import { loginPair } from '../helpers/auth';

let t: TestServer;
let fleetA: FleetRow;
let fleetB: FleetRow;
let tokenA: string;
let tokenB: string;
let bikeA: BikeRow;
let bikeB: BikeRow;
const streams: SseStream[] = [];

const notify = (fleet: FleetRow, kinds: string[]) =>
  t.server.database.notify('vfm_fleet', JSON.stringify({ fleetId: fleet.id, kinds }));
const touch = (bike: BikeRow, set = 'bike_battery_level = bike_battery_level') =>
  t.server.database.query(`UPDATE bike SET ${set}, updated_at = now() WHERE id = $1`, [bike.id]);
const open = async (token: string | null) => {
  const stream = await openStream(t, token);
  streams.push(stream);
  return stream;
};
/** a bikes frame carrying this bike, optionally in a given state */
const hasBike =
  (vn: string, state: Record<string, unknown> = {}) =>
  (f: SseFrame) =>
    f.event === 'bikes' &&
    f.data.bikes.some(
      (b: Record<string, unknown>) =>
        b.vehicleNumber === vn && Object.entries(state).every(([k, v]) => b[k] === v),
    );

beforeAll(async () => {
  t = await startTestServer();
  const a = await createFleetWithUsers(t);
  const b = await createFleetWithUsers(t);
  fleetA = a.fleet;
  fleetB = b.fleet;
  tokenA = a.managerToken;
  tokenB = b.adminToken;
  bikeA = await createBike(t, fleetA, { vehicle_number: 'S-A1' });
  bikeB = await createBike(t, fleetB, { vehicle_number: 'S-B1' });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('GET fleet/stream', () => {
  it('refuses a caller without a valid token', async () => {
    expect((await open(null)).status).toBe(401);
    expect((await open('not-a-token')).status).toBe(401);
  });

  it('opens an uncompressed event stream that starts with ready and the warning counters', async () => {
    const stream = await open(tokenA);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toContain('no-cache');
    const ready = await stream.next((f) => f.event === 'ready');
    expect(ready.data.fleetId).toBe(fleetA.id);
    expectShape(StreamPayloadSchemas.ready, ready.data);
    const warnings = await stream.next((f) => f.event === 'warnings');
    expectShape(StreamPayloadSchemas.warnings, warnings.data);
    stream.close();
  });

  it('pushes changed bikes to the connections of their fleet only', async () => {
    const a = await open(tokenA);
    const b = await open(tokenB);
    await a.next((f) => f.event === 'ready');
    await b.next((f) => f.event === 'ready');
    await touch(bikeA, 'bike_battery_level = 42');
    await notify(fleetA, ['bike']);
    const frame = await a.next(hasBike('S-A1', { bikeBatteryLevel: 42 }));
    expectShape(StreamPayloadSchemas.bikes, frame.data);
    await touch(bikeB);
    await notify(fleetB, ['bike']);
    await b.next(hasBike('S-B1'));
    // fleet A never hears of fleet B's bike, fleet B never of fleet A's
    expect(a.frames.some(hasBike('S-B1'))).toBe(false);
    expect(b.frames.some(hasBike('S-A1'))).toBe(false);
    a.close();
    b.close();
  });

  it('reads the bikes a notice lists by id, of the stream’s fleet only', async () => {
    const a = await open(tokenA);
    await a.next((f) => f.event === 'ready');
    await touch(bikeA, 'bike_battery_level = 17');
    await touch(bikeB, 'bike_battery_level = 18');
    // a listing notice of fleet A naming fleet B's bike too (a writer's bug): never shown to A
    await t.server.database.notify(
      'vfm_fleet',
      JSON.stringify({ fleetId: fleetA.id, kinds: ['bike'], bikes: [bikeA.id, bikeB.id] }),
    );
    await a.next(hasBike('S-A1', { bikeBatteryLevel: 17 }));
    expect(a.frames.some(hasBike('S-B1'))).toBe(false);
    a.close();
  });

  it('coalesces a burst of notices into fewer pushes, losing no change', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    const bikes: BikeRow[] = [];
    for (let i = 0; i < 10; i += 1) bikes.push(await createBike(t, fleetA));
    for (const bike of bikes) {
      await touch(bike);
      await notify(fleetA, ['bike']);
    }
    for (const bike of bikes) await stream.next(hasBike(bike.vehicleNumber));
    const pushes = stream.frames.filter((f) => f.event === 'bikes').length;
    expect(pushes).toBeLessThan(bikes.length);
    stream.close();
  });

  it('delivers more than a thousand bike changes of one moment without a resync', async () => {
    const c = await createFleetWithUsers(t);
    await t.server.database.query(
      `INSERT INTO bike (fleet_id, vehicle_number, bike_code)
       SELECT $1, 'MANY-' || i, 'MANYC-' || i FROM generate_series(1, 1500) i`,
      [c.fleet.id],
    );
    const stream = await open(c.managerToken);
    await stream.next((f) => f.event === 'ready');
    await t.server.database.query(
      'UPDATE bike SET bike_battery_level = 7, updated_at = now() WHERE fleet_id = $1',
      [c.fleet.id],
    );
    await notify(c.fleet, ['bike']);
    const seen = new Set<string>();
    while (seen.size < 1500) {
      const frame = await stream.next(
        (f) =>
          (f.event === 'bikes' &&
            f.data.bikes.some((b: { vehicleNumber: string }) => !seen.has(b.vehicleNumber))) ||
          f.event === 'resync',
      );
      expect(frame.event).toBe('bikes');
      for (const bike of frame.data.bikes as Array<{ vehicleNumber: string }>)
        seen.add(bike.vehicleNumber);
    }
    // the look-back reads them again, but only a new change is pushed again
    await t.server.database.query(
      "UPDATE bike SET bike_battery_level = 8, updated_at = now() WHERE vehicle_number = 'MANY-1'",
    );
    await notify(c.fleet, ['bike']);
    const next = await stream.next(hasBike('MANY-1', { bikeBatteryLevel: 8 }));
    expect(next.data.bikes).toHaveLength(1);
    expect(stream.frames.some((f) => f.event === 'resync')).toBe(false);
    stream.close();
  });

  it('pushes a bike change at once even while a warnings recount waits for its interval', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    await stream.next((f) => f.event === 'warnings');
    // the first change leaves a warnings recount pending until 5 s after the last one
    await touch(bikeA, 'bike_battery_level = 61');
    await notify(fleetA, ['bike']);
    await stream.next(hasBike('S-A1', { bikeBatteryLevel: 61 }));
    await touch(bikeA, 'bike_battery_level = 62');
    await notify(fleetA, ['bike']);
    // the second one comes with the next flush (250 ms), not behind that recount
    await stream.next(hasBike('S-A1', { bikeBatteryLevel: 62 }), 3500);
    stream.close();
  });

  it('pushes a change committed after newer ones, and each change once', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    const late = await createBike(t, fleetA, { vehicle_number: 'S-LATE' });
    const early = await createBike(t, fleetA, { vehicle_number: 'S-EARLY' });
    await touch(early);
    await notify(fleetA, ['bike']);
    await stream.next(hasBike('S-EARLY'));
    // a transaction that started 2 s ago commits now: its updated_at is older than the cursor
    await t.server.database.query(
      "UPDATE bike SET bike_battery_level = 11, updated_at = now() - interval '2 seconds' WHERE id = $1",
      [late.id],
    );
    await notify(fleetA, ['bike']);
    await stream.next(hasBike('S-LATE', { bikeBatteryLevel: 11 }));
    const pushes = stream.frames.filter(hasBike('S-EARLY'));
    expect(pushes).toHaveLength(1);
    stream.close();
  });

  it('shares the fleet’s pushes between its connections', async () => {
    const one = await open(tokenA);
    const two = await open(tokenA);
    await one.next((f) => f.event === 'ready');
    await two.next((f) => f.event === 'ready');
    await touch(bikeA, 'bike_battery_level = 43');
    await notify(fleetA, ['bike']);
    await one.next(hasBike('S-A1', { bikeBatteryLevel: 43 }));
    await two.next(hasBike('S-A1', { bikeBatteryLevel: 43 }));
    one.close();
    two.close();
  });

  it('pushes the bike calls’ own writes: availability and theft', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    const api = t.api({ token: tokenA });
    await api.put('products/availability', undefined, {
      query: { vehicleNumbers: 'S-A1', availability: 'TRANSIT' },
    });
    await stream.next(hasBike('S-A1', { availability: 'TRANSIT' }));
    await stream.next(
      (f) =>
        f.event === 'events' && f.data.events.some((e: any) => e.name === 'AVAILABILITY_CHANGED'),
    );
    expect((await api.post('products/theft/S-A1')).status).toBe(200);
    const warnings = await stream.next(
      (f) => f.event === 'warnings' && f.data.counts.REPORTED_THEFT === 1,
    );
    expect(warnings.data.counts.REPORTED_THEFT).toBe(1);
    const commands = await stream.next((f) => f.event === 'commands');
    expectShape(StreamPayloadSchemas.commands, commands.data);
    expect(commands.data.commands[0]).toMatchObject({
      vehicleNumber: 'S-A1',
      type: 'MODE',
      value: 'PERMANENT',
      status: 'PENDING',
    });
    stream.close();
  });

  it('pushes command status changes, new events and removed bikes', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    const command = await createCommand(t, bikeA, { type: 'ALARM' });
    await t.server.database.query("UPDATE command SET status = 'ACKNOWLEDGED' WHERE id = $1", [
      command.id,
    ]);
    await notify(fleetA, ['command']);
    await stream.next(
      (f) =>
        f.event === 'commands' &&
        f.data.commands.some((c: any) => c.id === command.id && c.status === 'ACKNOWLEDGED'),
    );
    await createEvent(t, bikeA, { name: 'ALARM_TRIGGERED' });
    await notify(fleetA, ['event']);
    const events = await stream.next(
      (f) => f.event === 'events' && f.data.events.some((e: any) => e.name === 'ALARM_TRIGGERED'),
    );
    expectShape(StreamPayloadSchemas.events, events.data);
    const doomed = await createBike(t, fleetA, { vehicle_number: 'S-DOOMED' });
    await t.server.database.query('DELETE FROM bike WHERE id = $1', [doomed.id]);
    await notify(fleetA, ['bike']);
    const removed = await stream.next(
      (f) => f.event === 'removed' && f.data.vehicleNumbers.includes('S-DOOMED'),
    );
    expectShape(StreamPayloadSchemas.removed, removed.data);
    stream.close();
  });

  it('ignores malformed notices on the channel', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    await t.server.database.notify('vfm_fleet', 'not json');
    await t.server.database.notify('vfm_fleet', JSON.stringify({ kinds: ['bike'] }));
    await touch(bikeA, 'bike_battery_level = 44');
    await notify(fleetA, ['unknown-kind']);
    await stream.next(hasBike('S-A1', { bikeBatteryLevel: 44 }));
    stream.close();
  });

  it('ends streams whose session was revoked since they opened', async () => {
    const stream = await open(tokenA);
    await stream.next((f) => f.event === 'ready');
    const other = await open(tokenB);
    await other.next((f) => f.event === 'ready');
    const hub = streamHubOf(t.server.app.ctx)!;
    await hub.checkConnections();
    expect(stream.ended()).toBe(false);
    const [claims] = await t.server.database.query<{ id: string }>(
      `UPDATE auth_session SET revoked_at = now()
        WHERE account_id = (SELECT id FROM account WHERE fleet_id = $1 AND NOT ($2 = ANY(roles)))
        RETURNING id`,
      [fleetA.id, 'ROLE_VFM_ADMIN'],
    );
    expect(claims).toBeDefined();
    await hub.checkConnections();
    await expect.poll(() => stream.ended(), { timeout: 10_000 }).toBe(true);
    expect(other.ended()).toBe(false);
    other.close();
  });

  it('ends a session’s streams at once on logout, before any periodic check', async () => {
    const fleet = await createFleetWithUsers(t);
    const manager = fleet.manager;
    const pair = await loginPair(t, manager);
    const stream = await open(pair.jwtToken);
    await stream.next((f) => f.event === 'ready');
    const bystander = await open(fleet.adminToken);
    await bystander.next((f) => f.event === 'ready');
    const res = await t.api().post('auth/logout', { refreshToken: pair.jwtRefreshToken });
    expect(res.status).toBe(204);
    // no checkConnections() here: the revocation itself closes the stream
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
    expect(bystander.ended()).toBe(false);
    bystander.close();
  });

  it('ends the streams of every session of an account whose password an administrator sets', async () => {
    const fleet = await createFleetWithUsers(t);
    const stream = await open(fleet.managerToken);
    await stream.next((f) => f.event === 'ready');
    const set = await t
      .api({ token: fleet.adminToken })
      .put(`accounts/${fleet.manager.id}/password`, { password: 'N3w-passw0rd' });
    expect(set.status).toBe(204);
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
  });

  it('ends the streams of a deleted account', async () => {
    const fleet = await createFleetWithUsers(t);
    const stream = await open(fleet.managerToken);
    await stream.next((f) => f.event === 'ready');
    const res = await t
      .api({ token: fleet.adminToken })
      .request('DELETE', `accounts/${fleet.manager.id}`);
    expect(res.status).toBeLessThan(300);
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
  });

  it('ends the stream on server shutdown', async () => {
    const own = await startTestServer();
    let closing: Promise<void> | null = null;
    try {
      const { managerToken } = await createFleetWithUsers(own);
      const stream = await openStream(own, managerToken);
      await stream.next((f) => f.event === 'ready');
      closing = own.close();
      await closing;
      await expect.poll(() => stream.ended(), { timeout: 10_000 }).toBe(true);
    } finally {
      if (!closing) await own.close();
    }
  });
});
