// Firmware end to end (ADR 0129, docs/firmware.md): packages uploaded as multipart (SHA-256
// computed, size limit → 413), campaigns with a canary, modules over the embedded broker (or
// MQTT_URL) that download over HTTP with their token and report each step, the failure paths
// (wrong checksum, another model, a ride, a second campaign), pause, resume, abort.
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, XSRF_COOKIE } from '@vfm/contract';
import { createFleetWithUsers, type FleetCast } from '../helpers/factories';
import {
  bikeRow,
  moduleClients,
  publishUp,
  startIotTestServer,
  telemetry,
  waitFor,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { runFirmwareTick, tickCampaign } from '../../src/modules/firmware/tick';
import { MAX_ATTEMPTS } from '../../src/modules/firmware/state-machine';
import { firmwareModule, type FirmwareModule } from './module-double';
import { seedDemoFirmware } from '../../src/demo/demo-firmware';
import { createFleet } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { firmwareSettings } from '../../src/modules/firmware/settings';
import { auditNames } from '../helpers/audit';

let t: TestServer, cast: FleetCast;
const clients = moduleClients(() => t);
const MAX_BYTES = 64 * 1024;

beforeAll(async () => {
  t = await startIotTestServer({
    // a campaign's pace when its request gives none (the default is 100)
    env: { FIRMWARE_MAX_BYTES: String(MAX_BYTES), FIRMWARE_PACE_PER_MINUTE: '150' },
  });
  // modules download from this server (its port known once it listens)
  t.config.firmware.baseUrl = t.url;
  cast = await createFleetWithUsers(t);
});

const admin = () => t.api({ token: cast.adminToken });
const tick = () => runFirmwareTick(t.server.database, t.clock.now());
const store = () => firmwareSettings(t.config).store;

async function upload(
  fields: Record<string, string>,
  file: Buffer | null,
  token = cast.adminToken,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file]), 'fw.bin');
  const response = await fetch(`${t.url}${API_PREFIX}/firmware/packages`, {
    method: 'POST',
    body: form,
    headers: {
      'x-api-key': 'test-api-key',
      authorization: `Bearer ${token}`,
      cookie: `${XSRF_COOKIE}=x`,
      'x-xsrf-token': 'x',
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

let versionCounter = 0;
async function newPackage(model = 'VFM-IOT-3') {
  versionCounter += 1;
  const file = randomBytes(10_000 + versionCounter);
  const res = await upload({ version: `2.${versionCounter}.0`, moduleModel: model }, file);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body, file } as { id: string; version: string; sha256: string; file: Buffer };
}

async function modules(
  n: number,
  columns: Record<string, unknown> = {},
): Promise<FirmwareModule[]> {
  const list: FirmwareModule[] = [];
  for (let i = 0; i < n; i += 1) {
    const m = await firmwareModule(t, cast.fleet, columns);
    clients.keep(m.client);
    list.push(m);
  }
  return list;
}

const campaign = async (id: string) => (await admin().get(`firmware/campaigns/${id}`)).body;
const target = async (id: string, vn: string) =>
  (await campaign(id)).targets.find((x: { vehicleNumber: string }) => x.vehicleNumber === vn);

describe('packages', () => {
  it('uploads a package, shows its SHA-256, lists and deletes it (administrators only)', async () => {
    const file = randomBytes(20_000);
    const res = await upload({ version: '9.0.0', moduleModel: 'VFM-IOT-3' }, file);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      version: '9.0.0',
      moduleModel: 'VFM-IOT-3',
      size: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
      uploadedBy: cast.admin.email,
    });
    expect((await upload({ version: '9.0.0', moduleModel: 'VFM-IOT-3' }, file)).status).toBe(409);
    expect(
      (await upload({ version: '9.0.1', moduleModel: 'VFM-IOT-3' }, file, cast.managerToken))
        .status,
    ).toBe(403);
    const list = await admin().get('firmware/packages');
    expect(list.body.packages.map((p: { id: string }) => p.id)).toContain(res.body.id);
    expect((await admin().delete(`firmware/packages/${res.body.id}`)).status).toBe(204);
    expect((await admin().delete(`firmware/packages/${res.body.id}`)).status).toBe(404);
    expect(await auditNames(t, cast.fleet.id, 'FIRMWARE_PACKAGE_')).toEqual([
      'FIRMWARE_PACKAGE_UPLOADED',
      'FIRMWARE_PACKAGE_DELETED',
    ]);
  });

  it('refuses a package over the size limit (413) and an incomplete one (400)', async () => {
    const big = await upload(
      { version: '9.1.0', moduleModel: 'VFM-IOT-3' },
      randomBytes(MAX_BYTES + 1),
    );
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PACKAGE_TOO_LARGE');
    const missing = await upload({ version: '9.2.0' }, randomBytes(100));
    expect(missing.status).toBe(400);
    expect((await upload({ version: '9.3.0', moduleModel: 'VFM-IOT-3' }, null)).status).toBe(400);
    const bad = await upload({ version: '../x', moduleModel: 'VFM-IOT-3' }, randomBytes(100));
    expect(bad.status).toBe(400);
  });
});

describe('a campaign', () => {
  it('updates its canary, goes on by itself, finishes; versions, history and audit follow', async () => {
    const pkg = await newPackage();
    const fleet = await modules(3);
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Spring update',
      target: { vehicleNumbers: fleet.map((m) => m.bike.vehicleNumber) },
      canaryPercent: 34,
      autoApproveSuccessPercent: 100,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      state: 'CANARY',
      total: 3,
      counts: { PENDING: 3 },
      pacePerMinute: 150,
      maxFailurePercent: 20,
    });
    const id = created.body.id;

    await tick();
    const canary = (await campaign(id)).targets.filter((x: { canary: boolean }) => x.canary);
    expect(canary).toHaveLength(2);
    await waitFor(
      async () => (await campaign(id)).campaign.counts.UPDATED === 2,
      15_000,
      'canary updated',
    );
    await tick(); // canary done → RUNNING, the rest offered
    await waitFor(
      async () => (await campaign(id)).campaign.counts.UPDATED === 3,
      15_000,
      'all updated',
    );
    await tick();
    const done = await campaign(id);
    expect(done.campaign.state).toBe('FINISHED');
    for (const m of fleet) {
      expect(m.offers[0]).toMatchObject({
        version: pkg.version,
        sha256: pkg.sha256,
        size: pkg.file.length,
      });
      expect(m.offers[0]!.url.startsWith(`${t.url}/firmware/v1/download/`)).toBe(true);
      await waitFor(async () => (await bikeRow(t, m.bike.id)).firmware_version === pkg.version);
    }
    const history = await admin().get(`firmware/bikes/${fleet[0]!.bike.vehicleNumber}`);
    expect(history.body).toMatchObject({
      currentVersion: pkg.version,
      updates: [
        { campaignId: id, version: pkg.version, previousVersion: '1.0.0', state: 'UPDATED' },
      ],
    });
    const versions = await admin().get('firmware/versions');
    expect(versions.body.versions).toContainEqual({
      moduleModel: 'VFM-IOT-3',
      version: pkg.version,
      bikes: 3,
    });
    const steps = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE data->>'campaignId' = $1 ORDER BY id`,
      [id],
    );
    const names = steps.map((s) => s.name);
    expect(names.filter((n) => n === 'FIRMWARE_OFFERED')).toHaveLength(3);
    expect(names.filter((n) => n === 'FIRMWARE_UPDATED')).toHaveLength(3);
    expect(names).toContain('FIRMWARE_CAMPAIGN_CREATED');
    expect(names).toContain('FIRMWARE_CAMPAIGN_FINISHED');
    // the package is kept while a campaign refers to it
    expect((await admin().delete(`firmware/packages/${pkg.id}`)).status).toBe(409);
  });

  it('serves the package by ranges with the offer token only', async () => {
    const pkg = await newPackage();
    const [m] = await modules(1);
    m!.behaviour = 'ignore';
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Ranges',
      target: { vehicleNumbers: [m!.bike.vehicleNumber] },
      canaryPercent: 0,
    });
    expect(created.body.state).toBe('RUNNING');
    await tick();
    const offer = await waitFor(() => m!.offers[0], 15_000, 'offer');
    const part = await fetch(offer.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${pkg.file.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(pkg.file.subarray(100, 200));
    const whole = await fetch(offer.url);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(pkg.file);
    expect(
      (await fetch(offer.url, { headers: { range: `bytes=${pkg.file.length}-` } })).status,
    ).toBe(416);
    const forged = offer.url.replace(/token=.*/, 'token=forged');
    expect((await fetch(forged)).status).toBe(404);
    // a second campaign on a module in this one → 409
    const second = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Twice',
      target: { vehicleNumbers: [m!.bike.vehicleNumber] },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ALREADY_IN_CAMPAIGN');
    // abort: the module is left out, its token no longer serves
    const aborted = await admin().post(`firmware/campaigns/${created.body.id}/abort`);
    expect(aborted.body).toMatchObject({ state: 'ABORTED', counts: { SKIPPED: 1 } });
    expect((await fetch(offer.url)).status).toBe(410);
    expect((await admin().post(`firmware/campaigns/${created.body.id}/resume`)).status).toBe(409);
  });

  it('fails a module whose checksum is wrong after its retries, and pauses above the failure rate', async () => {
    const pkg = await newPackage();
    const [bad, good] = await modules(2);
    bad!.behaviour = 'corrupt';
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Checksum',
      target: { vehicleNumbers: [bad!.bike.vehicleNumber, good!.bike.vehicleNumber] },
      canaryPercent: 0,
      maxFailurePercent: 40,
    });
    const id = created.body.id;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await tick();
      await waitFor(
        async () => {
          const x = await target(id, bad!.bike.vehicleNumber);
          return x.attempts === attempt && (x.state === 'PENDING' || x.state === 'FAILED');
        },
        15_000,
        `attempt ${attempt}`,
      );
    }
    expect(await target(id, bad!.bike.vehicleNumber)).toMatchObject({
      state: 'FAILED',
      reason: 'CHECKSUM_MISMATCH',
    });
    await waitFor(async () => (await target(id, good!.bike.vehicleNumber)).state === 'UPDATED');
    await tick();
    const paused = (await campaign(id)).campaign;
    expect(paused).toMatchObject({ state: 'PAUSED', pausedReason: 'FAILURE_RATE: 1/2' });
    expect((await admin().post(`firmware/campaigns/${id}/resume`)).body.state).toBe('RUNNING');
  });

  it('never offers a package for another model, and waits for a bike on a ride', async () => {
    const pkg = await newPackage();
    const [other, riding] = await modules(2);
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Holds',
      target: { vehicleNumbers: [other!.bike.vehicleNumber, riding!.bike.vehicleNumber] },
      canaryPercent: 0,
      maxFailurePercent: 100,
    });
    await t.server.database.query(`UPDATE bike SET hardware_version = 'OTHER-2' WHERE id = $1`, [
      other!.bike.id,
    ]);
    await t.server.database.query(`UPDATE bike SET status = 'MOVING' WHERE id = $1`, [
      riding!.bike.id,
    ]);
    await tick();
    expect(await target(created.body.id, other!.bike.vehicleNumber)).toMatchObject({
      state: 'FAILED',
      reason: 'MODEL_MISMATCH',
    });
    expect(await target(created.body.id, riding!.bike.vehicleNumber)).toMatchObject({
      state: 'WAITING',
      reason: 'ON_RIDE',
    });
    expect(other!.offers).toEqual([]);
    const foreign = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Other model',
      target: { models: ['OTHER-2'] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('MODEL_MISMATCH');
    // the ride ends: offered at the next tick
    await t.server.database.query(`UPDATE bike SET status = 'PARKED' WHERE id = $1`, [
      riding!.bike.id,
    ]);
    await tick();
    await waitFor(
      async () => (await target(created.body.id, riding!.bike.vehicleNumber)).state === 'UPDATED',
    );
  });

  it('waits for a sleeping module (LOW_POWER) and offers it at its next wake', async () => {
    const pkg = await newPackage();
    const [sleeper] = await modules(1, {
      iot_mode: 'LOW_POWER',
      last_communication_date: new Date(Date.now() - 10 * 60_000),
    });
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Asleep',
      target: { vehicleNumbers: [sleeper!.bike.vehicleNumber] },
      canaryPercent: 0,
    });
    await tick();
    expect(await target(created.body.id, sleeper!.bike.vehicleNumber)).toMatchObject({
      state: 'WAITING',
      reason: 'ASLEEP',
    });
    expect(sleeper!.offers).toEqual([]);
    // it wakes: its telemetry (still LOW_POWER) comes in, and the next tick offers it
    await publishUp(
      sleeper!.client,
      sleeper!.moduleId,
      'telemetry',
      telemetry({ mode: 'LOW_POWER', firmware: '1.0.0', hardware: 'VFM-IOT-3' }),
    );
    await waitFor(
      async () =>
        Date.now() -
          new Date((await bikeRow(t, sleeper!.bike.id)).last_communication_date).getTime() <
        60_000,
      15_000,
      'the wake seen',
    );
    await tick();
    await waitFor(
      async () => (await target(created.body.id, sleeper!.bike.vehicleNumber)).state === 'UPDATED',
      15_000,
      'updated after its wake',
    );
    expect(sleeper!.offers).toHaveLength(1);
  });

  it('asks for approval after a canary without automatic approval; pause and resume', async () => {
    const pkg = await newPackage();
    const fleet = await modules(2);
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Approval',
      target: { vehicleNumbers: fleet.map((m) => m.bike.vehicleNumber) },
      canaryPercent: 50,
    });
    const id = created.body.id;
    expect((await admin().post(`firmware/campaigns/${id}/pause`)).body.state).toBe('PAUSED');
    expect((await admin().post(`firmware/campaigns/${id}/resume`)).body.state).toBe('CANARY');
    await tick();
    await waitFor(async () => (await campaign(id)).campaign.counts.UPDATED === 1);
    await tick();
    expect((await campaign(id)).campaign.state).toBe('AWAITING_APPROVAL');
    const manager = t.api({ token: cast.managerToken });
    expect((await manager.post(`firmware/campaigns/${id}/approve`)).status).toBe(403);
    expect((await admin().post(`firmware/campaigns/${id}/approve`)).body.state).toBe('RUNNING');
  });
});

describe('a group target', () => {
  it("includes its sub-groups' bikes, and no other group's", async () => {
    const pkg = await newPackage();
    const group = async (name: string, parentId: string | null) =>
      (
        await t.server.database.query<{ id: string }>(
          `INSERT INTO fleet_group (fleet_id, name, parent_id) VALUES ($1, $2, $3) RETURNING id`,
          [cast.fleet.id, `${name} ${randomBytes(3).toString('hex')}`, parentId],
        )
      )[0]!.id;
    const city = await group('City', null);
    const north = await group('North', city);
    const harbour = await group('Harbour', north);
    const other = await group('Other', null);
    const bike = (groupId: string) =>
      createBike(t, cast.fleet, { group_id: groupId, hardware_version: 'VFM-IOT-3' });
    const inside = [await bike(city), await bike(north), await bike(harbour)];
    const outside = await bike(other);
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Sub-groups',
      target: { groupIds: [city] },
      canaryPercent: 0,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const targeted = (await campaign(created.body.id)).targets.map(
      (x: { vehicleNumber: string }) => x.vehicleNumber,
    );
    expect(targeted.sort()).toEqual(inside.map((b) => b.vehicleNumber).sort());
    expect(targeted).not.toContain(outside.vehicleNumber);
    // a sub-group alone: its own bikes and its sub-groups'
    const abort = await admin().post(`firmware/campaigns/${created.body.id}/abort`);
    expect(abort.body.state).toBe('ABORTED');
    const narrower = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'North only',
      target: { groupIds: [north] },
      canaryPercent: 0,
    });
    expect(
      (await campaign(narrower.body.id)).targets
        .map((x: { vehicleNumber: string }) => x.vehicleNumber)
        .sort(),
    ).toEqual([inside[1]!.vehicleNumber, inside[2]!.vehicleNumber].sort());
    await admin().post(`firmware/campaigns/${narrower.body.id}/abort`);
  });
});

describe('a worker killed mid-tick', () => {
  it('loses no module state: a tick is one transaction per campaign, done again by the next', async () => {
    const pkg = await newPackage();
    const fleet = await modules(2);
    for (const m of fleet) m.behaviour = 'ignore';
    const created = await admin().post('firmware/campaigns', {
      packageId: pkg.id,
      name: 'Crash',
      target: { vehicleNumbers: fleet.map((m) => m.bike.vehicleNumber) },
      canaryPercent: 0,
    });
    const id = created.body.id;
    // the worker dies after the tick's writes, before its commit
    await t.server.database
      .transaction(async (tx) => {
        await tickCampaign(tx, id, t.clock.now());
        throw new Error('SIGKILL');
      })
      .catch(() => undefined);
    expect((await campaign(id)).campaign.counts).toEqual({ PENDING: 2 });
    await tick();
    expect((await campaign(id)).campaign.counts).toEqual({ OFFERED: 2 });
    const offered = await t.server.database.query(
      `SELECT 1 FROM event WHERE name = 'FIRMWARE_OFFERED' AND data->>'campaignId' = $1`,
      [id],
    );
    expect(offered).toHaveLength(2);
    for (const m of fleet) await waitFor(() => m.offers.length === 1, 15_000, 'offer');
    await admin().post(`firmware/campaigns/${id}/abort`);
  });
});

describe('the demo', () => {
  it('has a finished campaign in its history, seeded once', async () => {
    const fleet = await createFleet(t);
    for (const fw of ['2.5.0', '2.5.0', '2.4.1'])
      await createBike(t, fleet, { firmware_version: fw, hardware_version: 'VFM-IOT-3' });
    expect(await seedDemoFirmware(t.server.database, fleet.id, store(), t.clock.now())).toBe(true);
    expect(await seedDemoFirmware(t.server.database, fleet.id, store(), t.clock.now())).toBe(false);
    const [row] = await t.server.database.query<{ state: string; n: number }>(
      `SELECT c.state, count(*)::int AS n FROM firmware_campaign c
         JOIN firmware_target t ON t.campaign_id = c.id AND t.state = 'UPDATED'
        WHERE c.fleet_id = $1 GROUP BY c.state`,
      [fleet.id],
    );
    expect(row).toEqual({ state: 'FINISHED', n: 2 });
  });
});
