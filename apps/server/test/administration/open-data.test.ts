// fleet/open-data (docs/open-data.md): an administrator reads the publishing settings (off by
// default, with the fleet's name), saves them — an audited event with the values before and
// after —, gets a stable public system id and the feed's address once published; a manager is
// refused; another fleet is untouched; rules a feed needs are field errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenDataSchema, type OpenDataSettings } from '@vfm/contract';
import type { TestServer } from '../helpers/server';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import { createBike } from '../helpers/bikes';
import { expectShape } from '../helpers/contract';

let t: TestServer, cast: FleetCast, other: FleetCast;
beforeAll(async () => {
  ({ t, cast } = await oneFleet((server) => createFleetWithUsers(server, 'Vélo Ville')));
  other = await createFleetWithUsers(t);
  await createBike(t, cast.fleet, { model: 'City 28' });
  await createBike(t, cast.fleet, { model: 'Cargo' });
});
afterAll(() => t.close());

const admin = () => t.api({ token: cast.adminToken });
const manager = () => t.api({ token: cast.managerToken });
const otherAdmin = () => t.api({ token: other.adminToken });

const published = (body: OpenDataSettings): OpenDataSettings => ({
  ...body,
  published: true,
  contactEmail: 'data@example.com',
});

describe('fleet/open-data', () => {
  it('is off by default, named after the fleet, with its models', async () => {
    const res = await admin().get('fleet/open-data');
    expect(res.status, res.text).toBe(200);
    expectShape(OpenDataSchema, res.body);
    expect(res.body).toMatchObject({
      published: false,
      name: 'Vélo Ville',
      systemId: null,
      feedUrl: null,
      manifestUrl: 'http://vfm.test/gbfs/v3/manifest.json',
      models: ['Cargo', 'City 28'],
      updatedAt: null,
    });
  });

  it('publishes: a stable system id, the feed address, an audited event', async () => {
    const { body: current } = await admin().get('fleet/open-data');
    const { systemId, feedUrl, manifestUrl, models, updatedAt, ...settings } = current;
    void [systemId, feedUrl, manifestUrl, models, updatedAt];
    const res = await admin().put('fleet/open-data', published(settings));
    expect(res.status, res.text).toBe(200);
    expectShape(OpenDataSchema, res.body);
    expect(res.body.systemId).toMatch(/^velo-ville-[0-9a-f]{8}$/);
    expect(res.body.systemId).not.toContain(cast.fleet.id);
    expect(res.body.feedUrl).toBe(`http://vfm.test/gbfs/v3/${res.body.systemId}/gbfs.json`);

    const renamed = await admin().put('fleet/open-data', {
      ...published(settings),
      name: 'Autre nom',
      published: false,
    });
    expect(renamed.body.systemId).toBe(res.body.systemId);
    expect(renamed.body.feedUrl).toBeNull();

    const events = await t.server.database.query<{ user_email: string; data: any }>(
      `SELECT user_email, data FROM event
        WHERE fleet_id = $1 AND name = 'OPEN_DATA_SETTINGS_CHANGED' ORDER BY id`,
      [cast.fleet.id],
    );
    expect(events).toHaveLength(2);
    expect(events[0]!.data).toMatchObject({
      from: { published: false, contactEmail: '' },
      to: { published: true, contactEmail: 'data@example.com' },
    });
    expect(events[1]!.data).toEqual({
      from: { published: true, name: 'Vélo Ville' },
      to: { published: false, name: 'Autre nom' },
    });
    const activity = await admin().get('fleet/events', { query: { kind: ['settings'] } });
    expect(activity.body.content.map((e: { name: string }) => e.name)).toContain(
      'OPEN_DATA_SETTINGS_CHANGED',
    );
  });

  it("changes only the caller's fleet", async () => {
    const other = await otherAdmin().get('fleet/open-data');
    expect(other.body).toMatchObject({ published: false, systemId: null });
  });

  it('refuses a manager, and bad settings with field errors', async () => {
    expect((await manager().get('fleet/open-data')).status).toBe(403);
    const { body } = await admin().get('fleet/open-data');
    const { systemId, feedUrl, manifestUrl, models, updatedAt, ...settings } = body;
    void [systemId, feedUrl, manifestUrl, models, updatedAt];
    expect((await manager().put('fleet/open-data', settings)).status).toBe(403);
    const bad: Array<[Partial<OpenDataSettings>, string]> = [
      [{ published: true, contactEmail: '' }, 'contactEmail'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ contactEmail: 'not an email' }, 'contactEmail'],
      [{ languages: [] }, 'languages'],
      [{ languages: ['french'] }, 'languages'],
      [{ license: 'not a licence!' }, 'license'],
      [{ openingHours: '' }, 'openingHours'],
      [{ openingHours: '   ' }, 'openingHours'],
      [{ name: '  ' }, 'name'],
      [{ defaultRangeMeters: 0 }, 'defaultRangeMeters'],
      [
        {
          vehicleTypes: [
            { model: 'Cargo', maxRangeMeters: 30_000 },
            { model: 'Cargo', maxRangeMeters: 40_000 },
          ],
        },
        'vehicleTypes',
      ],
      [{ rentalApps: { ios: { storeUri: 'nope', discoveryUri: 'x:' } } }, 'rentalApps'],
    ];
    for (const [change, field] of bad) {
      const res = await admin().put('fleet/open-data', { ...settings, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/problem\+json/);
      expect(JSON.stringify(res.body.errors ?? []), JSON.stringify(change)).toContain(field);
    }
    expect((await admin().get('fleet/open-data')).body.updatedAt).toBe(body.updatedAt);
  });
});
