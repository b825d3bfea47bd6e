// fleet/stream and its reader (docs/operations.md, §6): a connection carries what its reader's role
// may read — never the administration's events to a manager — and ends when that role changes;
// one session holds at most MAX_STREAMS_PER_SESSION open streams, one more is a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMINISTRATION_EVENT_NAMES } from '@vfm/contract';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers, tokenFor, type FleetRow } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { createEvent } from '../helpers/fleet-data';
import { openStream, type SseFrame, type SseStream } from '../helpers/sse';
import { rawRequest } from '../helpers/raw-request';
import { MAX_STREAMS_PER_SESSION, streamHubOf } from '../../src/modules/fleet/stream/stream-hub';

let t: TestServer;
const streams: SseStream[] = [];

const notify = (fleet: FleetRow, kinds: string[]) =>
  t.server.database.notify('vfm_fleet', JSON.stringify({ fleetId: fleet.id, kinds }));
const open = async (token: string | null) => {
  const stream = await openStream(t, token);
  streams.push(stream);
  return stream;
};

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('GET fleet/stream by reader', () => {
  it('carries the administration’s events to an administrator, never to a manager', async () => {
    const cast = await createFleetWithUsers(t);
    const bike = await createBike(t, cast.fleet);
    const manager = await open(cast.managerToken);
    const admin = await open(cast.adminToken);
    await manager.next((f) => f.event === 'ready');
    await admin.next((f) => f.event === 'ready');
    const adminApi = t.api({ token: cast.adminToken });
    const created = await adminApi.post('accounts', {
      email: `stream-${Date.now()}@example.com`,
      fullName: 'Stream Reader',
    });
    expect(created.status).toBe(201);
    await adminApi.put(`accounts/${created.body.id}/password`, { password: 'N3w-passw0rd' });
    expect((await adminApi.put('fleet/settings', { co2KgPerKm: 0.2 })).status).toBe(200);
    // a bike's event after them: both streams read the window that holds all of them
    const alarm = await createEvent(t, bike, { name: 'ALARM_TRIGGERED' });
    await notify(cast.fleet, ['event']);
    const hasAlarm = (f: SseFrame) =>
      f.event === 'events' && f.data.events.some((e: any) => e.id === alarm.id);
    await admin.next(hasAlarm);
    await manager.next(hasAlarm);
    const names = (stream: SseStream) =>
      stream.frames
        .filter((f) => f.event === 'events')
        .flatMap((f) => f.data.events.map((e: any) => e.name as string))
        .filter((name) => ADMINISTRATION_EVENT_NAMES.has(name));
    expect(names(admin)).toEqual(
      expect.arrayContaining(['ACCOUNT_CREATED', 'ACCOUNT_PASSWORD_SET', 'FLEET_SETTINGS_CHANGED']),
    );
    expect(names(manager)).toEqual([]);
    expect(JSON.stringify(manager.frames)).not.toContain(created.body.email);
    manager.close();
    admin.close();
  });

  it('ends a stream whose reader’s role changed since it opened', async () => {
    const cast = await createFleetWithUsers(t);
    const admin = await open(cast.adminToken);
    const manager = await open(cast.managerToken);
    await admin.next((f) => f.event === 'ready');
    await manager.next((f) => f.event === 'ready');
    await t.server.database.query("UPDATE account SET roles = '{ROLE_VFM}' WHERE id = $1", [
      cast.admin.id,
    ]);
    await streamHubOf(t.server.app.ctx)!.checkConnections();
    await expect.poll(() => admin.ended(), { timeout: 5_000 }).toBe(true);
    expect(manager.ended()).toBe(false);
    manager.close();
  });

  it('caps the open streams of one session, answering one more 429 problem+json', async () => {
    const cast = await createFleetWithUsers(t);
    // concurrent openings cannot all pass the count
    const first = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_SESSION + 4 }, () => open(cast.managerToken)),
    );
    const accepted = first.filter((stream) => stream.status === 200);
    expect(accepted).toHaveLength(MAX_STREAMS_PER_SESSION);
    expect(first.filter((stream) => stream.status === 429)).toHaveLength(4);
    await Promise.all(accepted.map((stream) => stream.next((f) => f.event === 'ready')));

    const refused = await rawRequest(t, {
      method: 'GET',
      path: '/fleet/stream',
      token: cast.managerToken,
    });
    expect(refused.status).toBe(429);
    expect(refused.contentType).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refused.text)).toMatchObject({ status: 429, code: 'TOO_MANY_STREAMS' });
    const withHeaders = await open(cast.managerToken);
    expect(withHeaders.status).toBe(429);
    expect(Number(withHeaders.headers['retry-after'])).toBeGreaterThan(0);

    // another session of the same account has its own count
    const otherSession = await open(await tokenFor(t, cast.manager));
    expect(otherSession.status).toBe(200);
    otherSession.close();

    // a closed stream frees its place
    accepted[0]!.close();
    await expect
      .poll(async () => {
        const again = await open(cast.managerToken);
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const stream of accepted) stream.close();
  });
});
