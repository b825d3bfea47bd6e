// The simulated module's firmware update against a loopback HTTP server: ranges, resumption
// after a broken response, the SHA-256 check and the failure rate (docs/mqtt.md "Firmware").
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareOfferMessage } from '@vfm/contract';
import { applyFirmwareOffer, type FirmwareStep } from './firmware';

const file = randomBytes(50_000);
let server: Server;
let url = '';
let breakNext = false;

beforeAll(async () => {
  server = createServer((request, response) => {
    const [, a, b] = /bytes=(\d+)-(\d+)/.exec(request.headers.range ?? '') ?? [];
    const start = Number(a ?? 0);
    const end = Math.min(Number(b ?? file.length - 1), file.length - 1);
    if (breakNext) {
      breakNext = false;
      response.socket?.destroy();
      return;
    }
    response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${file.length}` });
    response.end(file.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fw`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const offer = (overrides: Partial<FirmwareOfferMessage> = {}): FirmwareOfferMessage => ({
  offerId: '00000000-0000-4000-8000-000000000001',
  version: '3.0.0',
  url,
  size: file.length,
  sha256: createHash('sha256').update(file).digest('hex'),
  deadline: new Date(Date.now() + 60_000).toISOString(),
  ...overrides,
});

async function run(o: FirmwareOfferMessage, failRate = 0) {
  const steps: FirmwareStep[] = [];
  const version = await applyFirmwareOffer(o, {
    chunkBytes: 16_384,
    rebootMs: 1,
    failRate,
    random: () => 0.5,
    report: (step) => void steps.push(step),
  });
  return { version, steps };
}

describe('a simulated firmware update', () => {
  it('downloads by ranges (resuming after a break), verifies, installs and reports its version', async () => {
    breakNext = true;
    const { version, steps } = await run(offer());
    expect(version).toBe('3.0.0');
    expect(steps.map((s) => s.state)).toEqual([
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADING',
      'DOWNLOADED',
      'VERIFIED',
      'UPDATING',
      'UPDATED',
    ]);
    expect(steps.at(-1)).toMatchObject({ version: '3.0.0' });
  });

  it('fails on a wrong checksum and at its failure rate, with the reason', async () => {
    const bad = await run(offer({ sha256: '0'.repeat(64) }));
    expect(bad.version).toBeNull();
    expect(bad.steps.at(-1)).toEqual({
      offerId: offer().offerId,
      state: 'FAILED',
      reason: 'CHECKSUM_MISMATCH',
    });
    const unlucky = await run(offer(), 0.9);
    expect(unlucky.steps.at(-1)).toMatchObject({ state: 'FAILED', reason: 'INSTALL_FAILED' });
  });
});
