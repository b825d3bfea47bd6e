// A simulated module's firmware update (docs/mqtt.md "Firmware", ADR 0129): given a
// `down/firmware` offer it downloads the package over HTTP in byte ranges (resumable: an
// interrupted download goes on from the bytes it has), checks the size and the SHA-256,
// "installs" it — failing at a configurable rate —, reboots and reports the new version.
// Every step is reported through `report` (the caller publishes it as `up/firmware`).
import { createHash } from 'node:crypto';
import type { FirmwareOfferMessage, FirmwareReportMessage } from '@vfm/contract';

export type FirmwareStep = Omit<FirmwareReportMessage, 'seq' | 'ts'>;

export interface FirmwareUpdateOptions {
  report: (step: FirmwareStep) => Promise<void> | void;
  /** share of installs that fail (0–1) */
  failRate?: number;
  random?: () => number;
  /** bytes asked per range request */
  chunkBytes?: number;
  /** how long the reboot takes */
  rebootMs?: number;
  fetch?: typeof fetch;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one offer to its end; answers the version now running, or null when it failed. */
export async function applyFirmwareOffer(
  offer: FirmwareOfferMessage,
  options: FirmwareUpdateOptions,
): Promise<string | null> {
  const { report, chunkBytes = 256 * 1024, rebootMs = 200, random = Math.random } = options;
  const get = options.fetch ?? fetch;
  const base = { offerId: offer.offerId };
  const fail = async (reason: string) => {
    await report({ ...base, state: 'FAILED', reason });
    return null;
  };
  const hash = createHash('sha256');
  let received = 0;
  let lastProgress = -1;
  let retries = 0;
  await report({ ...base, state: 'DOWNLOADING', progress: 0 });
  while (received < offer.size) {
    if (Date.parse(offer.deadline) < Date.now()) return fail('DEADLINE_PASSED');
    const end = Math.min(offer.size, received + chunkBytes) - 1;
    let response: Response;
    try {
      response = await get(offer.url, { headers: { range: `bytes=${received}-${end}` } });
    } catch {
      // a broken connection: resume from what we have, a few times
      if ((retries += 1) > 5) return fail('DOWNLOAD_ERROR');
      await sleep(100 * retries);
      continue;
    }
    if (response.status !== 206 && response.status !== 200)
      return fail(`DOWNLOAD_HTTP_${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // a server that ignores Range sends the whole file: keep what is new
    const fresh = response.status === 200 ? bytes.subarray(received) : bytes;
    if (!fresh.length) return fail('SIZE_MISMATCH');
    hash.update(fresh);
    received += fresh.length;
    const progress = Math.floor((received * 100) / offer.size);
    if (progress >= lastProgress + 25 && progress < 100) {
      lastProgress = progress;
      await report({ ...base, state: 'DOWNLOADING', progress });
    }
  }
  if (received !== offer.size) return fail('SIZE_MISMATCH');
  await report({ ...base, state: 'DOWNLOADED' });
  if (hash.digest('hex') !== offer.sha256) return fail('CHECKSUM_MISMATCH');
  await report({ ...base, state: 'VERIFIED' });
  await report({ ...base, state: 'UPDATING' });
  if (random() < (options.failRate ?? 0)) return fail('INSTALL_FAILED');
  await sleep(rebootMs);
  await report({ ...base, state: 'UPDATED', version: offer.version });
  return offer.version;
}
