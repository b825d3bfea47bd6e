// One browser's Server-Sent Events stream (fleet/stream). Writes `event:`/`data:` frames to a
// PassThrough that Fastify sends uncompressed; a client that stops reading (more than
// MAX_BUFFERED bytes waiting) is dropped and resynchronises when it reconnects.
import { PassThrough } from 'node:stream';
import type { StreamEventName, StreamPayloads } from '@vfm/contract';

const MAX_BUFFERED = 8 * 1024 * 1024;

/** One event as SSE text (serialised once, written to every connection of a fleet). */
export const sseFrame = <K extends StreamEventName>(event: K, data: StreamPayloads[K]) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class SseConnection {
  readonly body = new PassThrough();
  private closed = false;
  private readonly closeListeners: Array<() => void> = [];

  constructor(
    readonly fleetId: string,
    readonly sessionId: string,
    /** the reader's role when the stream opened: which events it may carry (docs/operations.md) */
    readonly isAdmin: boolean,
    /** the reader: their own notifications' count is theirs only (docs/notifications.md) */
    readonly accountId: string | null = null,
  ) {
    this.body.on('close', () => this.close());
    this.body.on('error', () => this.close());
    // how long the browser waits before reconnecting after a drop
    this.write('retry: 5000\n\n');
  }

  send<K extends StreamEventName>(event: K, data: StreamPayloads[K]) {
    this.write(sseFrame(event, data));
  }

  sendFrame(frame: string) {
    this.write(frame);
  }

  /** A comment line: keeps proxies and the browser from timing the stream out. */
  heartbeat() {
    this.write(': keep-alive\n\n');
  }

  onClose(listener: () => void) {
    this.closeListeners.push(listener);
  }

  get isClosed() {
    return this.closed;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.body.end();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private write(text: string) {
    if (this.closed) return;
    if (this.body.writableLength > MAX_BUFFERED) {
      this.close();
      return;
    }
    this.body.write(text);
  }
}
