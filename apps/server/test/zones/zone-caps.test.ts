// ADR 0104: a zone's permit caps. The sweep counts the parked bikes of each
// capped zone; a cap crossed for ZONE_CAP_GRACE_MINUTES opens an alert of the zone — shown with
// the occupancy, notified through the alert rules (bell and e-mail, rules of all the bikes only)
// and sent to the webhooks that chose the event — and back within the cap clears it. On PGlite
// and, with DATABASE_URL, on PostgreSQL.
import { Webhook as Verifier } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NotificationPageSchema,
  ZONE_CAP_GRACE_MINUTES,
  ZoneOccupancySchema,
  type ZoneOccupancy,
} from '@vfm/contract';
import { sweepZoneCaps } from '../../src/modules/zones/zone-caps';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { waitForMails } from '../helpers/mail';
import { waitFor } from '../helpers/mqtt';
import { startTestServer, type TestServer } from '../helpers/server';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver';
import { drawZone } from '../helpers/zones';
import { ruleInput } from '../notifications/rule-input';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
let receiver: WebhookReceiver;
const parked: BikeRow[] = [];

beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  cast = await createFleetWithUsers(t);
  receiver = await startWebhookReceiver();
  // three bikes parked in the district, one riding through it, none at the station
  for (const n of [1, 2, 3])
    parked.push(
      await createBike(t, cast.fleet, {
        vehicle_number: `CAP-${n}`,
        latitude: 45.705,
        longitude: 4.805,
        status: 'PARKED',
      }),
    );
  await createBike(t, cast.fleet, {
    vehicle_number: 'CAP-RIDE',
    latitude: 45.705,
    longitude: 4.805,
    status: 'MOVING',
  });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const manager = () => t.api({ token: cast.managerToken });
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const sweep = (at: Date) => sweepZoneCaps(t.server.database, t.server.jobs, at);

/** A preferred parking of 0.01° from (lng, lat) with these caps, drawn by a manager: its id. */
const parking = (
  name: string,
  lng: number,
  lat: number,
  caps: { minBikes?: number; maxBikes?: number },
  token = cast.managerToken,
) => drawZone(t.api({ token }), name, 'PREFERRED_PARKING', [lng, lat, 0.01], caps);

async function occupancy(): Promise<ZoneOccupancy['content']> {
  const res = await manager().get('zones/occupancy');
  expect(res.status, res.text).toBe(200);
  expectShape(ZoneOccupancySchema, res.body);
  return res.body.content;
}

describe('zone caps', () => {
  it('opens an alert of the zone after the grace, notifies and calls the webhooks, then clears it', async () => {
    // who hears of it: a rule of all the bikes (bell + e-mail), a rule of one bike (not a
    // zone's), a webhook of the cap events and one of the alerts only
    const all = await createAccount(t, cast.fleet, { language: 'en', fullName: 'Zoe Zone' });
    const allApi = t.api({ token: await tokenFor(t, all) });
    expect(
      (
        await allApi.post(
          'notification-rules',
          ruleInput({
            name: 'Caps',
            kinds: ['ZONE_ABOVE_MAXIMUM', 'ZONE_BELOW_MINIMUM'],
            channels: ['IN_APP', 'EMAIL'],
          }),
        )
      ).status,
    ).toBe(201);
    const one = await createAccount(t, cast.fleet, { language: 'en' });
    const oneApi = t.api({ token: await tokenFor(t, one) });
    expect(
      (
        await oneApi.post(
          'notification-rules',
          ruleInput({
            name: 'One bike',
            kinds: ['ZONE_ABOVE_MAXIMUM'],
            bikeScope: 'BIKES',
            vehicleNumbers: ['CAP-1'],
          }),
        )
      ).status,
    ).toBe(201);
    const admin = t.api({ token: cast.adminToken });
    const capsHook = await admin.post('webhooks', {
      url: `${receiver.url}?caps`,
      kinds: ['REPORTED_THEFT'],
      events: ['zone.cap-crossed', 'zone.cap-ended'],
    });
    expect(capsHook.status, capsHook.text).toBe(201);
    const alertsHook = await admin.post('webhooks', {
      url: `${receiver.url}?alerts`,
      kinds: ['REPORTED_THEFT'],
    });
    expect(alertsHook.status, alertsHook.text).toBe(201);

    const district = await parking('District', 4.8, 45.7, { maxBikes: 2 });
    const station = await parking('Station', 4.9, 45.7, { minBikes: 1 });

    // first seen: pending its grace, nothing opened
    expect(await sweep(minutes(0))).toEqual([]);
    let content = await occupancy();
    const ofZone = (id: string) => content.find((o) => o.zoneId === id)!;
    expect(ofZone(district)).toMatchObject({
      parked: 3,
      bikes: 4,
      aboveMaximum: true,
      capAlert: null,
    });
    expect(ofZone(station)).toMatchObject({ belowMinimum: true, capAlert: null });

    // the grace over: both open, once
    const opened = await sweep(minutes(ZONE_CAP_GRACE_MINUTES + 1));
    expect(opened.map((c) => [c.alert.kind, c.change]).sort()).toEqual([
      ['ZONE_ABOVE_MAXIMUM', 'opened'],
      ['ZONE_BELOW_MINIMUM', 'opened'],
    ]);
    expect(await sweep(minutes(ZONE_CAP_GRACE_MINUTES + 2))).toEqual([]);
    content = await occupancy();
    expect(ofZone(district).capAlert).toMatchObject({
      kind: 'ZONE_ABOVE_MAXIMUM',
      cap: 2,
      parked: 3,
    });
    expect(ofZone(station).capAlert).toMatchObject({
      kind: 'ZONE_BELOW_MINIMUM',
      cap: 1,
      parked: 0,
    });

    // the bell of the rule of all the bikes, with the zone; not the rule of one bike
    const page = await waitFor(async () => {
      const res = await allApi.get('notifications');
      return res.body.content?.length === 2 ? res.body : null;
    }, 30_000);
    expectShape(NotificationPageSchema, page);
    expect(
      page.content
        .map((n: { kind: string; vehicleNumber: string | null; zone: { name: string } }) => [
          n.kind,
          n.vehicleNumber,
          n.zone.name,
        ])
        .sort(),
    ).toEqual([
      ['ZONE_ABOVE_MAXIMUM', null, 'District'],
      ['ZONE_BELOW_MINIMUM', null, 'Station'],
    ]);
    // the e-mail names the zone and links to the zones' page
    const mails = await waitForMails(t, all.email, 2);
    const district_mail = mails.find((m) => m.subject.includes('District'))!;
    expect(district_mail.subject).toBe('Zone above its maximum – zone District');
    expect(district_mail.text).toContain('http://vfm.test/en/zones');
    expect((await oneApi.get('notifications')).body.content).toEqual([]);

    // the webhook of the cap events gets both, signed; the one of the alerts nothing
    const requests = await waitFor(() => {
      const got = receiver.requests.filter((r) => r.path.endsWith('?caps'));
      return got.length === 2 ? got : null;
    }, 30_000);
    const verifier = new Verifier(capsHook.body.secret);
    const bodies = requests.map(
      (r) =>
        verifier.verify(r.body, r.headers) as {
          type: string;
          data: {
            zone: { name: string };
            zoneAlert: { kind: string; cap: number; parked: number };
          };
        },
    );
    expect(bodies.map((b) => [b.type, b.data.zone.name, b.data.zoneAlert.parked]).sort()).toEqual([
      ['zone.cap-crossed', 'District', 3],
      ['zone.cap-crossed', 'Station', 0],
    ]);
    expect(receiver.requests.filter((r) => r.path.endsWith('?alerts'))).toEqual([]);

    // one bike leaves the district: back within its cap, the alert clears (and says so)
    await t.server.database.query(`UPDATE bike SET status = 'MOVING' WHERE id = $1`, [
      parked[0]!.id,
    ]);
    const cleared = await sweep(minutes(ZONE_CAP_GRACE_MINUTES + 3));
    expect(cleared.map((c) => [c.alert.zoneName, c.change])).toEqual([['District', 'cleared']]);
    content = await occupancy();
    expect(ofZone(district)).toMatchObject({ aboveMaximum: false, capAlert: null });
    await waitFor(() =>
      receiver.requests.some(
        (r) => r.path.endsWith('?caps') && r.body.includes('"type":"zone.cap-ended"'),
      ),
    );
    // ending notifies nobody (the bell lists what opened)
    expect((await allApi.get('notifications')).body.content).toHaveLength(2);
  });

  it('forgets a breach that ended within its grace, and answers the caps of its own fleet only', async () => {
    const zone = await parking('Brief', 4.8, 45.7, { maxBikes: 1 });
    await sweep(minutes(100));
    const [row] = await t.server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM zone_alert WHERE zone_id = $1`,
      [zone],
    );
    expect(row!.n).toBe(1);
    await t.server.database.query(`UPDATE bike SET status = 'MOVING' WHERE fleet_id = $1`, [
      cast.fleet.id,
    ]);
    await sweep(minutes(101));
    const [after] = await t.server.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM zone_alert WHERE zone_id = $1`,
      [zone],
    );
    expect(after!.n).toBe(0);
    // another fleet sees none of these zones' occupancy
    const other = await createFleetWithUsers(t);
    const res = await t.api({ token: other.managerToken }).get('zones/occupancy');
    expect(res.status).toBe(200);
    expect(res.body.content).toEqual([]);
  });
});

describe('zone caps across a crash', () => {
  it('keeps nothing of a sweep that died before its commit; the next opens the alert once', async () => {
    const own = await createFleetWithUsers(t);
    for (const n of [1, 2])
      await createBike(t, own.fleet, {
        vehicle_number: `CRASH-${n}`,
        latitude: 45.805,
        longitude: 4.805,
        status: 'PARKED',
      });
    const zone = await parking('Crash district', 4.8, 45.8, { maxBikes: 1 }, own.managerToken);
    const rows = () =>
      t.server.database.query<{ opened: boolean }>(
        `SELECT opened_at IS NOT NULL AS opened FROM zone_alert WHERE zone_id = $1`,
        [zone],
      );
    await sweep(minutes(200));
    expect(await rows()).toEqual([{ opened: false }]);
    // the process dies as the sweep publishes its events (SIGKILL: the transaction never commits)
    const dying = {
      ...t.server.jobs,
      publish: async () => {
        throw new Error('killed');
      },
    } as unknown as typeof t.server.jobs;
    await expect(
      sweepZoneCaps(t.server.database, dying, minutes(200 + ZONE_CAP_GRACE_MINUTES + 1)),
    ).rejects.toThrow('killed');
    expect(await rows()).toEqual([{ opened: false }]);
    // the next minute's sweep opens it, once
    const opened = await sweep(minutes(200 + ZONE_CAP_GRACE_MINUTES + 2));
    expect(opened.filter((c) => c.alert.zoneId === zone).map((c) => c.change)).toEqual(['opened']);
    expect(await sweep(minutes(200 + ZONE_CAP_GRACE_MINUTES + 3))).toEqual([]);
    expect(await rows()).toEqual([{ opened: true }]);
  });
});
