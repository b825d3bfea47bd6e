// A Server-Sent Events body a test writes to, for the stream controller and the fleet page.
export interface SseFeed {
  /** a fresh response whose body is this feed */
  response(): Response;
  send(event: string, data: unknown): void;
  /** end the stream (as a server or a network loss would) */
  close(): void;
}

export function createSseFeed(): SseFeed {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  return {
    response() {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    send(event, data) {
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller?.close();
      controller = null;
    },
  };
}
