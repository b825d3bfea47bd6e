// Graceful stop (ADR 0010): what the server committed before it stops is acknowledged to the
// module before its connection closes, so a module does not resend what is already stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upTopic } from '@vfm/contract';
import { createFleetWithUsers } from '../helpers/factories';
import {
  brokerUrlOf,
  connectModule,
  count,
  externalBrokerUrl,
  nextSeq,
  provisionModule,
  startIotTestServer,
  telemetry,
  waitFor,
} from '../helpers/mqtt';
import type { TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startIotTestServer();
});
afterAll(() => t.close());

describe.skipIf(externalBrokerUrl())('graceful stop (embedded broker)', () => {
  it('acknowledges every message it committed before closing the connection', async () => {
    const { fleet } = await createFleetWithUsers(t);
    const m = await provisionModule(t, fleet);
    const client = await connectModule(brokerUrlOf(t), m.moduleId, m.secret);
    let acked = 0;
    const total = 3000;
    for (let i = 0; i < total; i += 1) {
      const payload = JSON.stringify(telemetry({ seq: nextSeq() }));
      client.publish(upTopic(m.moduleId, 'telemetry'), payload, { qos: 1 }, (error) => {
        if (!error) acked += 1;
      });
    }
    await waitFor(async () => (await count(t, 'telemetry WHERE bike_id = $1', [m.bike.id])) > 0);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await t.server.iot!.close();
    await closed;
    const stored = await count(t, 'telemetry WHERE bike_id = $1', [m.bike.id]);
    expect(stored).toBeGreaterThan(0);
    expect(acked).toBe(stored);
    client.end(true);
  });
});
