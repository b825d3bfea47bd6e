// Reads a Server-Sent Events stream (fleet/stream) in tests: the frames received so far, and
// waiting for the next one that matches, without timing assertions (only a generous timeout).
// node:http with its own socket, so that close() really closes it (no pooled client socket).
import http from 'node:http';
import { API_PREFIX } from '@vfm/contract';
import type { TestServer } from './server';
import { TEST_API_KEY } from './server';

export interface SseFrame {
  event: string;
  data: any;
  /** when it arrived (performance.now()): the benches time the stream by it */
  at: number;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  frames: SseFrame[];
  /** resolves with the first frame (already received or to come) that matches */
  next(match: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  /** true once the server ended the stream */
  ended(): boolean;
  close(): void;
}

export function openStream(t: TestServer, token: string | null): Promise<SseStream> {
  const headers: Record<string, string> = { 'x-api-key': TEST_API_KEY };
  if (token) headers.authorization = `Bearer ${token}`;
  return openStreamOf(t.url, headers);
}

/** fleet/stream of the server at `origin` (a bench's, say) with these headers, as openStream. */
export function openStreamOf(origin: string, headers: Record<string, string>): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}${API_PREFIX}/fleet/stream`,
      { headers, agent: false },
      (response) => {
        const frames: SseFrame[] = [];
        const waiters = new Set<() => void>();
        let done = false;
        let buffer = '';
        const wake = () => waiters.forEach((check) => check());
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined)
              frames.push({ event, data: JSON.parse(data), at: performance.now() });
          }
          wake();
        });
        const finish = () => {
          done = true;
          wake();
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          frames,
          ended: () => done,
          next(match, timeoutMs = 15_000) {
            return new Promise((found, fail) => {
              const check = () => {
                const frame = frames.find(match);
                if (frame) {
                  cleanup();
                  found(frame);
                } else if (done) {
                  cleanup();
                  fail(new Error(`stream ended; frames: ${JSON.stringify(frames).slice(0, 2000)}`));
                }
              };
              const timer = setTimeout(() => {
                cleanup();
                fail(
                  new Error(`no matching frame; frames: ${JSON.stringify(frames).slice(0, 2000)}`),
                );
              }, timeoutMs);
              const cleanup = () => {
                clearTimeout(timer);
                waiters.delete(check);
              };
              waiters.add(check);
              check();
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
