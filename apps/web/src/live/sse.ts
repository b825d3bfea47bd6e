// Reads a Server-Sent Events body (fleet/stream, ADR 0020) into named events with JSON data.
// The WHATWG parsing (fields, multi-line data, comments, CR/LF) is eventsource-parser's.
import { createParser } from 'eventsource-parser';

export interface ServerEvent {
  name: string;
  data: unknown;
}

/** Calls `onEvent` for each event until the body ends (resolves) or fails (rejects). */
export async function readServerEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerEvent) => void,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      let data: unknown = null;
      try {
        data = message.data ? JSON.parse(message.data) : null;
      } catch {
        return; // not ours: the contract's events are JSON
      }
      onEvent({ name: message.event ?? 'message', data });
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}
