// docs/operations.md: one module message must never stop the ingest. A leap second (valid RFC 3339,
// Invalid Date in JavaScript) in up/telemetry, up/ack, up/autotest or up/event, or an event
// whose data is nested 5,000 levels deep, made the writer throw; the pipeline took that for
// "database down" and retried the same batch forever: no module of any fleet was stored again.
// Now such messages are refused at the door (acknowledged, counted), and a message the writer
// still cannot store goes to the quarantine, which the fleet's administrators see, retry, clear.
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../src/ingest/batch-writer';
import { IngestMetrics } from '../../src/ingest/metrics';
import { IngestPipeline } from '../../src/ingest/pipeline';
import { createFleetWithUsers, twoFleets, type FleetCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { createQuarantined } from '../helpers/fleet-data';
import * as mqtt from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';
import { openStream, type SseFrame, type SseStream } from '../helpers/sse';

let t: TestServer, tenant: FleetCast, other: FleetCast;
const streams: SseStream[] = [];
const modules = mqtt.moduleClients(
  () => t,
  () => streams.forEach((stream) => stream.close()),
);
beforeAll(
  async () =>
    ({ t, cast: tenant, other } = await twoFleets(createFleetWithUsers, mqtt.startIotTestServer)),
);

const online = (fleet: typeof tenant) => modules.online(fleet.fleet);

const sharedBroker = Boolean(mqtt.externalBrokerUrl());
const LEAP = '2026-06-30T23:59:60Z';
const deep = (depth: number) =>
  `{"seq":${mqtt.nextSeq()},"ts":"${new Date().toISOString()}","name":"ALARM_TRIGGERED","source":"MODULE","data":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`;

describe('a poison message from one fleet', () => {
  const poisons: Array<[string, 'telemetry' | 'ack' | 'autotest' | 'event', () => unknown]> = [
    ['a leap-second telemetry', 'telemetry', () => mqtt.telemetry({ ts: LEAP })],
    [
      'a leap-second ack',
      'ack',
      () => ({
        seq: mqtt.nextSeq(),
        ts: LEAP,
        commandId: '11111111-2222-3333-4444-555555555555',
        status: 'OK',
      }),
    ],
    [
      'a leap-second autotest',
      'autotest',
      () => ({ seq: mqtt.nextSeq(), ts: LEAP, results: [{ code: 'GPS', status: 'OK' }] }),
    ],
    [
      'a leap-second event',
      'event',
      () => ({ seq: mqtt.nextSeq(), ts: LEAP, name: 'ALARM_TRIGGERED', source: 'MODULE' }),
    ],
    ['an event nested 5,000 levels deep', 'event', () => deep(5000)],
    [
      'an event with 5 KB of data',
      'event',
      () => ({
        seq: mqtt.nextSeq(),
        ts: new Date().toISOString(),
        name: 'ALARM_TRIGGERED',
        source: 'MODULE',
        data: { text: 'x'.repeat(5000) },
      }),
    ],
    ['a firmware holding U+0000', 'telemetry', () => mqtt.telemetry({ firmware: 'v1\u0000' })],
  ];

  it.each(poisons)(
    '%s is acknowledged and refused; every fleet goes on being stored',
    async (_label, kind, poison) => {
      const attacker = await online(tenant);
      const victim = await online(other);
      const rejected = t.server.iot!.metrics.rejected.schema;
      await mqtt.publishUp(attacker.client, attacker.moduleId, kind, poison()); // PUBACK received
      const next = mqtt.telemetry();
      await mqtt.publishUp(victim.client, victim.moduleId, 'telemetry', next);
      await mqtt.waitFor(
        () =>
          mqtt.count(t, 'telemetry WHERE bike_id = $1 AND seq = $2', [victim.bike.id, next.seq]),
        15_000,
        "the other fleet's telemetry",
      );
      // on a shared broker (the real-service pass) other test servers' modules reach this ingest
      // too, their own refused messages included: the count is then at least ours
      if (sharedBroker) expect(t.server.iot!.metrics.rejected.schema).toBeGreaterThan(rejected);
      else expect(t.server.iot!.metrics.rejected.schema).toBe(rejected + 1);
      expect(await mqtt.count(t, 'event WHERE bike_id = $1', [attacker.bike.id])).toBe(0);
      expect(await mqtt.count(t, 'telemetry WHERE bike_id = $1', [attacker.bike.id])).toBe(0);
    },
  );

  it('keeps /readyz ready and reports the ingest as moving', async () => {
    const ready = await t.api().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ database: true, mqtt: true, ingest: true });
    const metrics = await t.api().get('/metrics');
    // moving: nothing has waited anywhere near the stall limit (on a shared broker another
    // server's message may be in flight at this very instant, so not exactly 0 there)
    const stalled = Number(/^vfm_ingest_stalled_seconds (\S+)$/m.exec(metrics.text)?.[1]);
    if (sharedBroker) expect(stalled).toBeLessThan(5);
    else expect(stalled).toBe(0);
    expect(metrics.text).toMatch(/^vfm_ingest_quarantined_total 0$/m);
  });

  it('makes /readyz fail when messages have waited INGEST_STALL_SECONDS with no commit', async () => {
    const metrics = t.server.iot!.metrics;
    const { pending, lastProgressAt } = metrics;
    // what a stuck ingest looks like from outside: messages held, no commit for 31 s
    metrics.pending = pending + 1;
    metrics.lastProgressAt = Date.now() - (t.config.ingestStallSeconds + 1) * 1000;
    try {
      const ready = await t.api().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.checks).toMatchObject({ database: true, ingest: false });
      const text = (await t.api().get('/metrics')).text;
      const stalled = Number(/^vfm_ingest_stalled_seconds (\S+)$/m.exec(text)?.[1]);
      expect(stalled).toBeGreaterThan(t.config.ingestStallSeconds);
    } finally {
      metrics.pending = pending;
      metrics.lastProgressAt = lastProgressAt;
    }
    expect((await t.api().get('/readyz')).status).toBe(200);
  });
});

describe('a message the writer cannot store', () => {
  it('goes to the quarantine, acknowledged, while the rest of its batch is stored', async () => {
    const module = await mqtt.provisionModule(t, tenant.fleet);
    // the fleet's administrators hear of it live; its managers never
    const adminStream = await openStream(t, tenant.adminToken);
    const managerStream = await openStream(t, tenant.managerToken);
    streams.push(adminStream, managerStream);
    await adminStream.next((f) => f.event === 'ready');
    await managerStream.next((f) => f.event === 'ready');
    const metrics = new IngestMetrics();
    const poisonSeq = mqtt.nextSeq();
    // a writer with a bug for one message: what a future defect would look like
    const pipeline = new IngestPipeline({
      database: t.server.database,
      metrics,
      logger: pino({ level: 'silent' }),
      now: () => new Date(),
      batchRows: 10,
      flushMs: 5,
      write: (tx, batch, options) => {
        if (batch.some((m) => m.message.seq === poisonSeq))
          throw new RangeError('Invalid time value');
        return writeBatch(tx, batch, options);
      },
    });
    const seqs = [mqtt.nextSeq(), poisonSeq, mqtt.nextSeq()];
    const settled: Array<[number, boolean]> = [];
    for (const seq of seqs) {
      const payload = Buffer.from(JSON.stringify(mqtt.telemetry({ seq })));
      pipeline.accept(module.moduleId, 'telemetry', payload, (ok) => settled.push([seq, ok]));
    }
    await pipeline.stop();
    expect(settled.sort()).toEqual(seqs.map((seq) => [seq, true]).sort());
    expect(await mqtt.count(t, 'telemetry WHERE bike_id = $1', [module.bike.id])).toBe(2);
    expect(metrics.quarantined).toBe(1);
    const live = (count: number) => (f: SseFrame) =>
      f.event === 'quarantine' && f.data.count === count;
    await adminStream.next(live(1));

    const admin = t.api({ token: tenant.adminToken });
    const page = await admin.get('fleet/admin/quarantine');
    expect(page.status).toBe(200);
    const entry = page.body.content.find(
      (m: { moduleId: string }) => m.moduleId === module.moduleId,
    );
    expect(entry).toMatchObject({
      vehicleNumber: module.bike.vehicleNumber,
      kind: 'telemetry',
      reason: 'RangeError: Invalid time value',
      attempts: 1,
    });
    expect(JSON.parse(entry.payload)).toMatchObject({ seq: poisonSeq });

    // fixed (here: the server's own writer), the administrator retries: stored, and gone
    const retried = await admin.post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toEqual({ outcome: 'stored' });
    expect(
      await mqtt.count(t, 'telemetry WHERE bike_id = $1 AND seq = $2', [module.bike.id, poisonSeq]),
    ).toBe(1);
    expect(await mqtt.count(t, 'ingest_quarantine WHERE id = $1', [entry.id])).toBe(0);
    await adminStream.next(live(0));
    expect(managerStream.frames.filter((f) => f.event === 'quarantine')).toEqual([]);
    // audited: who stored which module's message, read by administrators only
    const activity = await admin.get('fleet/events', { query: { kind: 'quarantine' } });
    expect(activity.body.content[0]).toMatchObject({
      name: 'QUARANTINE_STORED',
      userEmail: tenant.admin.email,
      vehicleNumber: module.bike.vehicleNumber,
      data: { moduleId: module.moduleId, kind: 'telemetry', outcome: 'stored' },
    });
    await adminStream.next(
      (f) => f.event === 'events' && f.data.events.some((e: any) => e.name === 'QUARANTINE_STORED'),
    );
    expect(
      managerStream.frames.some(
        (f) =>
          f.event === 'events' && f.data.events.some((e: any) => e.name.startsWith('QUARANTINE')),
      ),
    ).toBe(false);
  });
});

describe('a quarantined message sent again', () => {
  // SIGKILL between the quarantine's commit and the PUBACK: the module (QoS 1) sends the same
  // message to the restarted process, whose writer fails on it again
  it('is kept once', async () => {
    const module = await mqtt.provisionModule(t, other.fleet);
    const payload = Buffer.from(JSON.stringify(mqtt.telemetry()));
    for (let process = 0; process < 2; process += 1) {
      const pipeline = new IngestPipeline({
        database: t.server.database,
        metrics: new IngestMetrics(),
        logger: pino({ level: 'silent' }),
        now: () => new Date(),
        batchRows: 10,
        flushMs: 5,
        write: () => {
          throw new RangeError('Invalid time value');
        },
      });
      const acknowledged: boolean[] = [];
      pipeline.accept(module.moduleId, 'telemetry', payload, (ok) => acknowledged.push(ok));
      await pipeline.stop();
      expect(acknowledged).toEqual([true]);
    }
    expect(await mqtt.count(t, 'ingest_quarantine WHERE module_id = $1', [module.moduleId])).toBe(
      1,
    );
  });
});

describe('fleet/admin/quarantine', () => {
  it("shows a fleet's administrators their fleet's messages only; managers not at all", async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const mine = await createQuarantined(t, bike);
    const ownPage = await t.api({ token: other.adminToken }).get('fleet/admin/quarantine', {
      query: { size: 200 },
    });
    expect(ownPage.body.content.map((m: { id: number }) => m.id)).toContain(mine.id);
    const foreignPage = await t.api({ token: tenant.adminToken }).get('fleet/admin/quarantine', {
      query: { size: 200 },
    });
    expect(foreignPage.body.content.map((m: { id: number }) => m.id)).not.toContain(mine.id);
    const manager = t.api({ token: other.managerToken });
    expect((await manager.get('fleet/admin/quarantine')).status).toBe(403);
    expect((await manager.delete(`fleet/admin/quarantine/${mine.id}`)).status).toBe(403);
    const foreign = t.api({ token: tenant.adminToken });
    expect((await foreign.post(`fleet/admin/quarantine/${mine.id}/retry`)).status).toBe(404);
    expect((await foreign.delete(`fleet/admin/quarantine/${mine.id}`)).status).toBe(404);
    expect(await mqtt.count(t, 'ingest_quarantine WHERE id = $1', [mine.id])).toBe(1);
  });

  it('keeps a message that still cannot be stored, counting the attempt (409)', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const entry = await createQuarantined(t, bike, {
      payload: JSON.stringify(mqtt.telemetry({ ts: LEAP })),
    });
    const admin = t.api({ token: other.adminToken, language: 'fr' });
    const retried = await admin.post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.body).toMatchObject({ code: 'STILL_QUARANTINED' });
    expect(retried.body.detail).toMatch(/quarantaine/);
    const [row] = await t.server.database.query<{ attempts: number; reason: string }>(
      'SELECT attempts, reason FROM ingest_quarantine WHERE id = $1',
      [entry.id],
    );
    expect(row).toMatchObject({
      attempts: 2,
      reason: 'Refused: schema: /ts must match format "date-time"',
    });
  });

  it('clears a message (204), once', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const entry = await createQuarantined(t, bike);
    const admin = t.api({ token: other.adminToken });
    expect((await admin.delete(`fleet/admin/quarantine/${entry.id}`)).status).toBe(204);
    expect((await admin.delete(`fleet/admin/quarantine/${entry.id}`)).status).toBe(404);
    expect(await mqtt.count(t, 'ingest_quarantine WHERE id = $1', [entry.id])).toBe(0);
    const activity = await admin.get('fleet/events', { query: { kind: 'quarantine' } });
    expect(activity.body.content[0]).toMatchObject({
      name: 'QUARANTINE_CLEARED',
      userEmail: other.admin.email,
      vehicleNumber: bike.vehicleNumber,
      data: { moduleId: bike.moduleId, reason: 'RangeError: Invalid time value' },
    });
  });

  /** The module taken off its bike and put on another one (as a new pairing does). */
  async function moveModule(from: BikeRow, to: typeof tenant) {
    await t.server.database.query('UPDATE bike SET module_id = NULL WHERE id = $1', [from.id]);
    return createBike(t, to.fleet, { module_id: from.moduleId });
  }

  it('refuses a retry (409) once the module moved to another fleet, naming neither', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const entry = await createQuarantined(t, bike);
    const carrier = await moveModule(bike, tenant);
    const admin = t.api({ token: other.adminToken });
    const retried = await admin.post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.headers.get('content-type')).toContain('application/problem+json');
    expect(retried.body).toMatchObject({ code: 'QUARANTINE_MODULE_MOVED', status: 409 });
    expect(retried.body.detail).toContain(bike.moduleId);
    expect(retried.body.detail).toContain('moved to another fleet');
    // nothing of the other fleet leaks: neither its name nor its bike
    expect(retried.text).not.toContain(tenant.fleet.name);
    expect(retried.text).not.toContain(carrier.vehicleNumber);
    // nothing written, anywhere; the message stays, its attempts not counted
    expect(await mqtt.count(t, 'telemetry WHERE bike_id = ANY($1)', [[bike.id, carrier.id]])).toBe(
      0,
    );
    const [row] = await t.server.database.query<{ attempts: number }>(
      'SELECT attempts FROM ingest_quarantine WHERE id = $1',
      [entry.id],
    );
    expect(row).toEqual({ attempts: 1 });
    const french = await t
      .api({ token: other.adminToken, language: 'fr' })
      .post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(french.status).toBe(409);
    expect(french.body.detail).toBe(
      `Le module ${bike.moduleId} a rejoint une autre flotte depuis la mise en quarantaine de ce message : rien n'a été enregistré ; supprimez le message.`,
    );
    // the administrator clears it instead
    expect((await admin.delete(`fleet/admin/quarantine/${entry.id}`)).status).toBe(204);
  });

  it('refuses a retry (409) once the module moved to another bike, naming it', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const entry = await createQuarantined(t, bike);
    const carrier = await moveModule(bike, other);
    const retried = await t
      .api({ token: other.adminToken })
      .post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(retried.status).toBe(409);
    expect(retried.body).toMatchObject({ code: 'QUARANTINE_MODULE_MOVED' });
    expect(retried.body.detail).toContain(
      `Module ${bike.moduleId} is now on bike ${carrier.vehicleNumber}`,
    );
    expect(await mqtt.count(t, 'telemetry WHERE bike_id = ANY($1)', [[bike.id, carrier.id]])).toBe(
      0,
    );
    expect(await mqtt.count(t, 'ingest_quarantine WHERE id = $1', [entry.id])).toBe(1);
    // and off every bike
    await t.server.database.query('UPDATE bike SET module_id = NULL WHERE id = $1', [carrier.id]);
    const gone = await t
      .api({ token: other.adminToken })
      .post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toContain(`Module ${bike.moduleId} is on no bike now`);
    expect(await mqtt.count(t, 'ingest_quarantine WHERE id = $1', [entry.id])).toBe(1);
  });

  it('stores a retry into the bike that carried the module', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const entry = await createQuarantined(t, bike);
    const retried = await t
      .api({ token: other.adminToken })
      .post(`fleet/admin/quarantine/${entry.id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toEqual({ outcome: 'stored' });
    expect(await mqtt.count(t, 'telemetry WHERE bike_id = $1', [bike.id])).toBe(1);
  });

  it('pages newest first and refuses a bad id', async () => {
    const bike = (await mqtt.provisionModule(t, other.fleet)).bike;
    const first = await createQuarantined(t, bike);
    const second = await createQuarantined(t, bike);
    const admin = t.api({ token: other.adminToken });
    const page = await admin.get('fleet/admin/quarantine', { query: { size: 1 } });
    expect(page.body).toMatchObject({ page: 0, size: 1 });
    expect(page.body.content.map((m: { id: number }) => m.id)).toEqual([second.id]);
    expect(page.body.totalElements).toBeGreaterThanOrEqual(2);
    expect(first.id).toBeLessThan(second.id);
    expect((await admin.post('fleet/admin/quarantine/abc/retry')).status).toBe(400);
    expect((await admin.delete('fleet/admin/quarantine/0')).status).toBe(400);
  });
});
