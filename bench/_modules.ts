// Bench bikes whose modules talk MQTT: provisioned into the bench fleet as an import does
// (frame no. `${prefix}-i`, bike code `${prefix}C-i`, module id `${idPrefix}0000`…), then each
// module connected to the bench server's broker with the secret its import issued.
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../apps/server/src/db/client';
import { provisionVehicles } from '../apps/server/src/modules/provisioning/provisioning-service';
import { FLEET } from './_fleet-seed';

export function provisionBenchBikes(
  database: Database,
  count: number,
  prefix: string,
  idPrefix: string,
) {
  return database.transaction((tx) =>
    provisionVehicles(tx, {
      fleetId: FLEET,
      actorEmail: 'bench@example.com',
      lines: Array.from({ length: count }, (_, i) => ({
        line: i + 2,
        vehicleNumber: `${prefix}-${i}`,
        bikeCode: `${prefix}C-${i}`,
        moduleId: `${idPrefix}${i.toString().padStart(4, '0')}`,
        model: 'Bench',
        group: null,
      })),
      now: new Date(),
    }),
  );
}

/** Each module connected, one after the other, into `into` (so that a failure still closes them). */
export async function connectModules(
  brokerUrl: string,
  modules: readonly { moduleId: string; secret: string }[],
  into: MqttClient[],
) {
  for (const { moduleId, secret } of modules)
    into.push(
      await mqtt.connectAsync(brokerUrl, {
        clientId: moduleId,
        username: moduleId,
        password: secret,
        reconnectPeriod: 0,
        // a loaded machine hashes the module secrets slowly
        connectTimeout: 120_000,
      }),
    );
}

/** A parked bike's telemetry in Paris, low (10 %) or not (90 %): a low-battery alert opens and
 *  clears as a bench alternates them. */
export const parkedTelemetry = (seq: number, low: boolean) => ({
  seq,
  ts: new Date().toISOString(),
  lat: 48.85,
  lon: 2.35,
  speedKmh: 0,
  mode: 'STANDBY',
  bikeBattery: low ? 10 : 90,
  iotBattery: 90,
});
