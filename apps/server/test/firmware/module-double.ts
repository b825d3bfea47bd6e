// A module that speaks the firmware protocol (docs/mqtt.md "Firmware") over the test's broker,
// with the simulator's updater: it takes its offers, downloads over HTTP (loopback), checks
// the SHA-256, reports each step on up/firmware, then its new version in its telemetry.
import type { MqttClient } from 'mqtt';
import { firmwareTopic, type FirmwareOfferMessage } from '@vfm/contract';
import { applyFirmwareOffer } from '../../../simulator/src/firmware';
import {
  brokerUrlOf,
  connectModule,
  nextSeq,
  provisionModule,
  publishUp,
  telemetry,
} from '../helpers/mqtt';
import type { FleetRow } from '../helpers/factories';
import type { TestServer } from '../helpers/server';

export interface FirmwareModule {
  bike: { id: number; vehicleNumber: string };
  moduleId: string;
  client: MqttClient;
  offers: FirmwareOfferMessage[];
  versions: string[];
  /** what the module does with an offer: update it, or see a wrong checksum */
  behaviour: 'update' | 'corrupt' | 'ignore';
}

export async function firmwareModule(
  t: TestServer,
  fleet: FleetRow,
  columns: Record<string, unknown> = {},
): Promise<FirmwareModule> {
  const m = await provisionModule(t, fleet, {
    hardware_version: 'VFM-IOT-3',
    firmware_version: '1.0.0',
    ...columns,
  });
  const client = await connectModule(brokerUrlOf(t), m.moduleId, m.secret);
  return speakFirmware(client, m.bike, m.moduleId);
}

/**
 * Makes a connected module speak the firmware protocol (the cluster test's modules, on the
 * machine's broker, too): it subscribes to its `down/firmware` and updates as it is offered.
 */
export async function speakFirmware(
  client: MqttClient,
  bike: FirmwareModule['bike'],
  moduleId: string,
  options: { chunkBytes?: number; rebootMs?: number } = {},
): Promise<FirmwareModule> {
  const module: FirmwareModule = {
    bike,
    moduleId,
    client,
    offers: [],
    versions: [],
    behaviour: 'update',
  };
  client.on('message', (topic, payload) => {
    if (topic !== firmwareTopic(moduleId)) return;
    const offer = JSON.parse(payload.toString()) as FirmwareOfferMessage;
    module.offers.push(offer);
    if (module.behaviour === 'ignore') return;
    const given = module.behaviour === 'corrupt' ? { ...offer, sha256: '0'.repeat(64) } : offer;
    void applyFirmwareOffer(given, {
      chunkBytes: options.chunkBytes ?? 4096,
      rebootMs: options.rebootMs ?? 10,
      report: (step) =>
        publishUp(client, moduleId, 'firmware', {
          seq: nextSeq(),
          ts: new Date().toISOString(),
          ...step,
        }),
    })
      .then(async (version) => {
        if (!version) return;
        module.versions.push(version);
        await publishUp(
          client,
          moduleId,
          'telemetry',
          telemetry({ firmware: version, hardware: 'VFM-IOT-3' }),
        );
      })
      // the suite may end while a module still reports: its connection closes under it
      .catch(() => {});
  });
  await client.subscribeAsync(firmwareTopic(moduleId), { qos: 1 });
  return module;
}
