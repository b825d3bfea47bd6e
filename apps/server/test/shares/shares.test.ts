// Shared live positions (ADR 0094): a manager's link to one bike's live position,
// valid 1 hour to 7 days, listed and revocable; the public read carries that bike's position
// and label only; an expired or revoked link says which (410); another fleet, guessed tokens and
// bad input are refused with problem+json; creation, revocation and openings are audited; the
// public read is rate-limited per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ShareCreatedSchema,
  ShareListSchema,
  SharedPositionSchema,
  SHARE_MAX_HOURS,
} from '@vfm/contract';
import { RATE_LIMITS } from '../../src/plugins/rate-limit';
import { sha256 } from '../../src/lib/crypto';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers, tokenFor, type FleetCast } from '../helpers/factories';
import { createBike, type BikeRow } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';
import type { ApiClient } from '../helpers/api-client';

let t: TestServer;
let cast: FleetCast, other: FleetCast;
let manager: ApiClient;
let otherManager: ApiClient;
let bike: BikeRow;
let neighbour: BikeRow;
let foreignBike: BikeRow;

const tokenOf = (url: string) => new URL(url).hash.slice(1);
/** the public read, from one address (the rate limit counts per address) */
const open = (token: string, opening = false, from = '10.1.0.1') =>
  t.api().get('shared-position', {
    query: { token, ...(opening ? { opening: true } : {}) },
    headers: { 'x-forwarded-for': from },
  });

beforeAll(async () => {
  t = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  cast = await createFleetWithUsers(t, 'Share fleet');
  other = await createFleetWithUsers(t, 'Other share fleet');
  manager = t.api({ token: cast.managerToken });
  otherManager = t.api({ token: other.managerToken });
  bike = await createBike(t, cast.fleet, {
    vehicle_number: 'SHR-1',
    latitude: 45.76,
    longitude: 4.83,
    last_position_date: new Date('2026-05-01T10:00:00Z'),
  });
  neighbour = await createBike(t, cast.fleet, { vehicle_number: 'SHR-2' });
  foreignBike = await createBike(t, other.fleet, { vehicle_number: 'SHR-F' });
});
afterAll(() => t.close());

describe('shares', () => {
  let url: string;
  let id: string;

  it('creates a link valid for the chosen hours; the answer carries the link', async () => {
    const res = await manager.post('products/shares/SHR-1', {
      validForHours: 2,
      label: '  Stolen bike, 3 May  ',
    });
    expect(res.status, res.text).toBe(201);
    expectShape(ShareCreatedSchema, res.body);
    url = res.body.url;
    id = res.body.share.id;
    expect(url).toMatch(/^http:\/\/vfm\.test\/[a-z]{2}\/share#[A-Za-z0-9_-]{43}$/);
    expect(res.body.share).toMatchObject({
      vehicleNumber: 'SHR-1',
      label: 'Stolen bike, 3 May',
      state: 'ACTIVE',
      openings: 0,
      createdBy: cast.manager.email,
      revokedAt: null,
    });
    const lifetime = Date.parse(res.body.share.expiresAt) - Date.parse(res.body.share.createdAt);
    expect(lifetime).toBe(2 * 3_600_000);
  });

  it('keeps only the hash of the token', async () => {
    const rows = await t.server.database.query<{ token_hash: string }>(
      'SELECT token_hash FROM position_share WHERE id = $1',
      [id],
    );
    expect(rows[0]!.token_hash).toBe(sha256(tokenOf(url)));
    expect(rows[0]!.token_hash).not.toContain(tokenOf(url));
  });

  it("lists the bike's links for its managers and administrators, never the link itself", async () => {
    const res = await manager.get('products/shares/SHR-1');
    expect(res.status).toBe(200);
    expectShape(ShareListSchema, res.body);
    expect(res.body.content.map((s: { id: string }) => s.id)).toEqual([id]);
    expect(res.text).not.toContain(tokenOf(url));
    const byAdmin = await t.api({ token: cast.adminToken }).get('products/shares/SHR-1');
    expect(byAdmin.body.content).toHaveLength(1);
    expect((await manager.get('products/shares/SHR-2')).body.content).toEqual([]);
  });

  it('opens without sign-in: the position and the label, nothing else of the fleet', async () => {
    const res = await open(tokenOf(url), true);
    expect(res.status, res.text).toBe(200);
    expectShape(SharedPositionSchema, res.body);
    expect(res.body).toEqual({
      label: 'Stolen bike, 3 May',
      position: { latitude: 45.76, longitude: 4.83, at: '2026-05-01T10:00:00.000Z' },
      expiresAt: expect.any(String),
    });
    for (const secret of [
      bike.vehicleNumber,
      bike.bikeCode,
      bike.moduleId,
      neighbour.vehicleNumber,
      cast.fleet.id,
      cast.fleet.name,
      cast.manager.email,
    ]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('follows the bike: a new position shows at the next read', async () => {
    await t.server.database.query('UPDATE bike SET latitude = 45.77 WHERE id = $1', [bike.id]);
    expect((await open(tokenOf(url))).body.position.latitude).toBe(45.77);
  });

  it('audits the creation and each opening (not every refresh of the page)', async () => {
    await open(tokenOf(url), true);
    const events = await t.server.database.query<{ name: string; user_email: string | null }>(
      `SELECT name, user_email FROM event WHERE bike_id = $1 AND name LIKE 'SHARE_%'
        ORDER BY id`,
      [bike.id],
    );
    expect(events.map((e) => e.name)).toEqual(['SHARE_CREATED', 'SHARE_OPENED', 'SHARE_OPENED']);
    expect(events[0]!.user_email).toBe(cast.manager.email);
    const list = await manager.get('products/shares/SHR-1');
    expect(list.body.content[0]).toMatchObject({ openings: 2, lastOpenedAt: expect.any(String) });
    const activity = await t
      .api({ token: cast.adminToken })
      .get('fleet/events', { query: { kind: 'shares' } });
    expect(activity.status, activity.text).toBe(200);
    expect(activity.body.content.map((e: { name: string }) => e.name)).toContain('SHARE_OPENED');
  });

  it('refuses a guessed or malformed token: 404 or 400, problem+json', async () => {
    const guessed = await open('A'.repeat(43));
    expect(guessed.status).toBe(404);
    expect(guessed.headers.get('content-type')).toMatch(/problem\+json/);
    expect(guessed.body.code).toBe('SHARE_NOT_FOUND');
    // one character off the real one
    const real = tokenOf(url);
    const near = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    expect((await open(near)).status).toBe(404);
    expect((await open('../../etc')).status).toBe(400);
    expect((await open('')).status).toBe(400);
    const noToken = await t.api().get('shared-position');
    expect(noToken.status).toBe(400);
  });

  it('refuses durations outside 1 hour to 7 days and bad labels with a 400 naming the field', async () => {
    for (const body of [
      { validForHours: 0 },
      { validForHours: SHARE_MAX_HOURS + 1 },
      { validForHours: 1.5 },
      { validForHours: '2' },
      {},
      { validForHours: 2, label: 'x'.repeat(81) },
      { validForHours: 2, label: 'bad\u0000label' },
      { validForHours: 2, fleetId: other.fleet.id },
    ]) {
      const res = await manager.post('products/shares/SHR-1', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    }
    const week = await manager.post('products/shares/SHR-1', { validForHours: SHARE_MAX_HOURS });
    expect(week.status).toBe(201);
    expect(week.body.share.label).toBeNull();
  });

  it("keeps another fleet out: its managers neither list, create nor revoke this bike's links", async () => {
    expect((await otherManager.get('products/shares/SHR-1')).status).toBe(404);
    expect((await otherManager.post('products/shares/SHR-1', { validForHours: 1 })).status).toBe(
      404,
    );
    expect((await otherManager.delete(`products/shares/SHR-1/${id}`)).status).toBe(404);
    // naming its own bike with this fleet's share id
    expect((await otherManager.delete(`products/shares/SHR-F/${id}`)).status).toBe(404);
    expect((await manager.delete(`products/shares/SHR-2/${id}`)).status).toBe(404);
    expect((await manager.get(`products/shares/${foreignBike.vehicleNumber}`)).status).toBe(404);
    expect((await open(tokenOf(url))).status).toBe(200);
  });

  it('asks for a signed-in caller on the manager calls', async () => {
    expect((await t.api().get('products/shares/SHR-1')).status).toBe(401);
    expect((await t.api().post('products/shares/SHR-1', { validForHours: 1 })).status).toBe(401);
  });

  it('revokes: the link stops at once and says it was revoked; revoking again changes nothing', async () => {
    const res = await manager.delete(`products/shares/SHR-1/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ state: 'REVOKED', revokedBy: cast.manager.email });
    const gone = await open(tokenOf(url), true);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('content-type')).toMatch(/problem\+json/);
    expect(gone.body.code).toBe('SHARE_REVOKED');
    expect(gone.text).not.toContain('45.7');
    const again = await manager.delete(`products/shares/SHR-1/${id}`);
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
    const revocations = await t.server.database.query(
      `SELECT 1 FROM event WHERE bike_id = $1 AND name = 'SHARE_REVOKED'`,
      [bike.id],
    );
    expect(revocations).toHaveLength(1);
    const missing = await manager.delete(
      'products/shares/SHR-1/00000000-0000-4000-8000-000000000000',
    );
    expect(missing.status).toBe(404);
  });

  it('expires at the chosen time and says so (in the opener’s language)', async () => {
    const res = await manager.post('products/shares/SHR-1', { validForHours: 1 });
    const token = tokenOf(res.body.url);
    t.clock.advance(59 * 60_000);
    expect((await open(token)).status).toBe(200);
    t.clock.advance(2 * 60_000);
    const expired = await t
      .api({ language: 'fr' })
      .get('shared-position', { query: { token }, headers: { 'x-forwarded-for': '10.1.0.2' } });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'SHARE_EXPIRED', detail: 'Ce lien a expiré.' });
    const fresh = t.api({ token: await tokenFor(t, cast.manager) });
    const list = await fresh.get('products/shares/SHR-1');
    expect(list.body.content[0]).toMatchObject({ id: res.body.share.id, state: 'EXPIRED' });
  });

  it(`limits the public read to ${RATE_LIMITS.sharedPosition} calls a minute per address`, async () => {
    const from = '10.1.9.9';
    for (let i = 0; i < RATE_LIMITS.sharedPosition; i++) {
      expect((await open('B'.repeat(43), false, from)).status).toBe(404);
    }
    const limited = await open('B'.repeat(43), false, from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open('B'.repeat(43), false, '10.1.9.10')).status).toBe(404);
  });
});
