// GET /metrics is public by default; with METRICS_TOKEN it needs that bearer token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { METRICS_TOKEN: 'scrape-token-123' } });
});
afterAll(() => t.close());

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses a scraper without the token (401 problem) and serves it with the token', async () => {
    const anonymous = await t.api({ apiKey: null }).get('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/problem\+json/);
    const wrong = await t.api({ apiKey: null }).get('/metrics', { token: 'other' });
    expect(wrong.status).toBe(401);
    const ok = await t.api({ apiKey: null }).get('/metrics', { token: 'scrape-token-123' });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('vfm_ingest_received_total');
  });
});
