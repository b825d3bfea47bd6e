// A loopback server that accepts connections and never answers (ADR 0118's tests): the receiver
// or push service that keeps VFM waiting until its deadline. It counts the connections it holds;
// close() drops them all (the attempts in progress then fail at once).
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SilentServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** connections accepted so far, and those still open */
  accepted: number;
  open: number;
  close(): Promise<void>;
}

export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<net.Socket>();
  const silent: SilentServer = { origin: '', accepted: 0, open: 0, close: async () => {} };
  const server = net.createServer((socket) => {
    silent.accepted += 1;
    sockets.add(socket);
    silent.open = sockets.size;
    socket.on('error', () => {});
    socket.on('close', () => {
      sockets.delete(socket);
      silent.open = sockets.size;
    });
    // read what comes, answer nothing
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  silent.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  silent.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return silent;
}
