// Concurrent MQTT connections per module on the embedded broker (docs/mqtt.md):
// a module has one connection — a reconnect with its client id replaces the old one — and a
// test tool may open a second (`{module id}-…`). Without a cap, one module's credentials opened
// 200 connections at once. A connection counts from its successful authentication until its
// socket closes; one whose client id is already connected replaces that one and adds nothing.
import type { Client } from 'aedes';

/** connections of one module at once, each with its own client id (module, test tool) */
export const MAX_CONNECTIONS_PER_MODULE = 2;

interface Closable {
  destroyed?: boolean;
  once(event: 'close', listener: () => void): unknown;
}

export class ModuleConnections {
  private readonly byModule = new Map<string, Set<Client>>();

  /** Counts an authenticated connection of the module, or answers false if it is one too many. */
  admit(moduleId: string, client: Client): boolean {
    const clients = this.byModule.get(moduleId) ?? new Set<Client>();
    const clientIds = new Set([...clients].map((other) => other.id));
    if (!clientIds.has(client.id) && clientIds.size >= MAX_CONNECTIONS_PER_MODULE) return false;
    const socket = client.conn as unknown as Closable;
    if (socket.destroyed) return true; // gone already: aedes drops it, nothing to count
    clients.add(client);
    this.byModule.set(moduleId, clients);
    socket.once('close', () => {
      clients.delete(client);
      if (clients.size === 0 && this.byModule.get(moduleId) === clients) {
        this.byModule.delete(moduleId);
      }
    });
    return true;
  }
}
