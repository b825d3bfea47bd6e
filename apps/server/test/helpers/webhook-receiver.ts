// A real local webhook receiver (docs/notifications.md): an HTTP server on 127.0.0.1 that keeps
// every request (headers and raw body) and answers what the test tells it (200 by default,
// or the next status of `answers` for the request's path).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** the next statuses (then 200) of the requests to a path (with its query) */
  answers: Map<string, number[]>;
  /** awaited before answering a request (a receiver that keeps the server waiting) */
  hold: ((path: string) => Promise<void>) | null;
  answerHeaders: Record<string, string>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    requests: [],
    answers: new Map(),
    hold: null,
    answerHeaders: {},
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      receiver.requests.push({
        at: Date.now(),
        method: request.method ?? '',
        path: request.url ?? '',
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, String(v)]),
        ),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      await receiver.hold?.(request.url ?? '');
      if (response.destroyed) return;
      const status = receiver.answers.get(request.url ?? '')?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain', ...receiver.answerHeaders });
      response.end(status < 300 ? 'ok' : `status ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/hooks/vfm`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
