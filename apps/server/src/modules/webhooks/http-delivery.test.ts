// One webhook attempt against real local servers: no redirect followed, the connection pinned
// to the address checked after DNS, a blocked address refused before any connection, the answer
// read capped at 1 KiB, a receiver that never answers cut at the timeout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook, urlProblem } from './http-delivery';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener) {
  const hits: http.IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, hits };
}

const post = (url: string, options: Parameters<typeof postWebhook>[3]) =>
  postWebhook(url, { 'webhook-id': 'msg_1' }, '{"type":"webhook.test"}', options);

describe('postWebhook', () => {
  it('does not follow a redirect: the 3xx is the attempt, the target gets nothing', async () => {
    const target = await serve((_q, r) => r.end('target'));
    const redirecting = await serve((_q, r) => {
      r.writeHead(302, { location: `http://127.0.0.1:${target.port}/` });
      r.end();
    });
    const result = await post(`http://127.0.0.1:${redirecting.port}/hook`, { allowPrivate: true });
    expect(result).toMatchObject({ status: 302, error: 'redirect not followed' });
    expect(target.hits).toHaveLength(0);
  });

  it('connects to the address it checked, with the name as Host', async () => {
    const receiver = await serve((_q, r) => r.end('ok'));
    const result = await post(`http://hooks.rebind.test:${receiver.port}/hook`, {
      allowPrivate: true,
      resolveName: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(result).toMatchObject({ status: 200, response: 'ok', error: null });
    expect(receiver.hits[0]!.headers.host).toBe(`hooks.rebind.test:${receiver.port}`);
    expect(receiver.hits[0]!.headers['webhook-id']).toBe('msg_1');
  });

  it('refuses a name that resolves to a private, loopback or metadata address', async () => {
    const receiver = await serve((_q, r) => r.end('ok'));
    for (const [address, family, cls] of [
      ['127.0.0.1', 4, 'loopback'],
      ['10.0.0.8', 4, 'private'],
      ['169.254.169.254', 4, 'metadata'],
      ['::ffff:127.0.0.1', 6, 'loopback'],
    ] as const) {
      const result = await post(`https://hooks.rebind.test:${receiver.port}/hook`, {
        allowPrivate: false,
        // one good address is not enough: every address of the name must be allowed
        resolveName: async () => [
          { address: '93.184.216.34', family: 4 },
          { address, family },
        ],
      });
      expect(result).toMatchObject({ status: null, error: `blocked address (${cls})` });
    }
    expect(receiver.hits).toHaveLength(0);
  });

  it('refuses http and private literals without WEBHOOK_ALLOW_PRIVATE', async () => {
    const receiver = await serve((_q, r) => r.end('ok'));
    const result = await post(`http://127.0.0.1:${receiver.port}/`, { allowPrivate: false });
    expect(result.error).toBe('URL must use https');
    expect(receiver.hits).toHaveLength(0);
    expect(urlProblem('https://127.0.0.1/', false)).toMatch(/loopback/);
    expect(urlProblem('https://[::ffff:7f00:1]/', false)).toMatch(/loopback/);
    expect(urlProblem('https://169.254.169.254/latest', false)).toMatch(/metadata/);
    expect(urlProblem('https://localhost/', false)).toMatch(/local name/);
    expect(urlProblem('https://user:pw@hooks.example.com/', false)).toMatch(/password/);
    expect(urlProblem('ftp://hooks.example.com/', true)).toBe('must use https');
    expect(urlProblem('https://hooks.example.com/vfm?token=1', false)).toBeNull();
    expect(urlProblem('http://127.0.0.1:8080/', true)).toBeNull();
    // ADR 0118: the transition forms of a private IPv4, and names with a trailing dot
    expect(urlProblem('https://[64:ff9b:1::a00:1]/', false)).toMatch(/private/);
    expect(urlProblem('https://[2002:7f00:1::]/', false)).toMatch(/loopback/);
    expect(urlProblem('https://[::ffff:0:7f00:1]/', false)).toMatch(/loopback/);
    expect(urlProblem('https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/', false)).toMatch(/private/);
    expect(urlProblem('https://localhost./', false)).toMatch(/dot/);
    expect(urlProblem('https://internal.example./hook', false)).toMatch(/dot/);
    expect(urlProblem('https://hooks.example.com./vfm', false)).toMatch(/dot/);
  });

  it('keeps the first KiB of a long answer', async () => {
    const receiver = await serve((_q, r) => r.end('x'.repeat(200_000)));
    const result = await post(`http://127.0.0.1:${receiver.port}/`, { allowPrivate: true });
    expect(result.status).toBe(200);
    expect(result.response).toHaveLength(1024);
  });

  it('gives up at the timeout', async () => {
    const receiver = await serve(() => {});
    const result = await post(`http://127.0.0.1:${receiver.port}/`, {
      allowPrivate: true,
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ status: null, error: 'timeout (0.3 s)' });
  });

  it('counts a slow name resolution in the timeout', async () => {
    const result = await post('https://hooks.slow-dns.test/', {
      allowPrivate: false,
      timeoutMs: 200,
      resolveName: () => new Promise(() => {}),
    });
    expect(result).toMatchObject({ status: null, error: 'DNS: timeout' });
  });

  it('reports a refused connection', async () => {
    const receiver = await serve((_q, r) => r.end());
    const port = receiver.port;
    servers.pop()!.close();
    const result = await post(`http://127.0.0.1:${port}/`, { allowPrivate: true });
    expect(result).toMatchObject({ status: null, error: 'ECONNREFUSED' });
  });
});
