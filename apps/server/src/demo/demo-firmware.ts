// The demo's firmware history (docs/firmware.md): one finished campaign, ten days ago, that
// brought firmware 2.5.0 to the bikes that run it now (the simulator's modules report the
// version their id fixes, ADR 0102, so the history and the live fleet agree). Seeded once.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import type { PackageStore } from '../modules/firmware/package-store';
import * as q from '../modules/firmware/queries';
import { DEMO_EMAIL_DOMAIN } from './seed';

export const DEMO_FIRMWARE = { version: '2.5.0', previous: '2.4.3', model: 'VFM-IOT-3' };
const CAMPAIGN_NAME = 'Firmware 2.5.0 — battery saving';
const DAY = 86_400_000;

export async function seedDemoFirmware(
  database: Database,
  fleetId: string,
  store: PackageStore,
  now: Date,
): Promise<boolean> {
  if ((await q.listCampaigns(database, fleetId)).some((c) => c.name === CAMPAIGN_NAME))
    return false;
  const bikes = (
    await q.resolveTargetBikes(database, fleetId, {
      models: null,
      groupIds: null,
      vehicleNumbers: null,
    })
  ).filter((b) => b.firmware_version === DEMO_FIRMWARE.version);
  if (!bikes.length) return false;
  const bytes = createHash('sha512').update(`vfm demo firmware ${DEMO_FIRMWARE.version}`).digest();
  const file = Buffer.concat(Array.from({ length: 512 }, () => bytes));
  const id = randomUUID();
  const put = await store.put(id, Readable.from([file]));
  await put.commit();
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await database.transaction(async (tx) => {
    await q.insertPackage(
      tx,
      {
        id,
        fleet_id: fleetId,
        version: DEMO_FIRMWARE.version,
        module_model: DEMO_FIRMWARE.model,
        file_name: `vfm-iot-3-${DEMO_FIRMWARE.version}.bin`,
        size: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
        storage_key: id,
        uploaded_by: `admin@${DEMO_EMAIL_DOMAIN}`,
      },
      at(12),
    );
    const campaignId = randomUUID();
    await q.insertCampaign(
      tx,
      {
        id: campaignId,
        fleet_id: fleetId,
        package_id: id,
        name: CAMPAIGN_NAME,
        state: 'FINISHED',
        canary_percent: 10,
        auto_approve_percent: 95,
        pace_per_minute: 50,
        max_failure_percent: 10,
        window_start: '01:00',
        window_end: '05:00',
        created_by: `admin@${DEMO_EMAIL_DOMAIN}`,
      },
      at(11),
    );
    const targets = bikes.map((b, i) => ({
      ...b,
      firmware_version: DEMO_FIRMWARE.previous,
      id: randomUUID(),
      canary: i % 10 === 0,
    }));
    await q.insertTargets(tx, campaignId, fleetId, targets);
    await q.updateTargets(
      tx,
      targets.map((t) => ({
        id: t.id,
        state: 'UPDATED',
        progress: 100,
        reason: null,
        attempts: 1,
        open: false,
        offered_at: at(10),
        deadline: at(10),
      })),
      at(10),
    );
    await q.setCampaignState(tx, campaignId, { state: 'FINISHED', finishedAt: at(10) });
  });
  return true;
}
