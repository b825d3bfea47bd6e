// The technician's actions taken without a connection (docs/tasks.md): kept in localStorage in
// the order they were taken, sent in that order when the browser is back online, each either
// done or refused by the server — and the user told which (never dropped silently). An action
// the server refuses (the task was taken by somebody else, cancelled meanwhile) leaves the
// outbox with its reason; an action that still finds no network stays for the next try.

import type { TaskFinish } from '@vfm/contract';

const STORAGE_KEY = 'vfm.tasks.outbox';

/** One change of a task, as the outbox keeps it (api/change-task.ts sends it). */
export type TaskChange =
  | { taskId: string; vehicleNumber: string; action: 'start' | 'cancel' | 'reopen' }
  /** `record`: what the work leaves behind (a battery swap's battery, parts, cost) */
  | { taskId: string; vehicleNumber: string; action: 'finish'; record?: TaskFinish }
  | { taskId: string; vehicleNumber: string; action: 'check'; item: string; checked: boolean };

export interface OutboxResult {
  change: TaskChange;
  /** null: done; else the server's reason */
  refused: string | null;
}

type Listener = (pending: TaskChange[]) => void;

class TaskOutbox {
  private listeners = new Set<Listener>();
  private flushing = false;

  pending(): TaskChange[] {
    try {
      const raw = window.localStorage.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as TaskChange[]) : [];
    } catch {
      return [];
    }
  }

  private save(changes: TaskChange[]) {
    try {
      if (changes.length) window.localStorage.setItem(STORAGE_KEY, JSON.stringify(changes));
      else window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      // storage full or private mode: the memory copy below still reaches the listeners
    }
    this.listeners.forEach((listener) => listener(changes));
  }

  add(change: TaskChange) {
    this.save([...this.pending(), change]);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Sends what waits, oldest first; stops at the first action that still finds no network.
   * `send` rejects with the server's problem (refused) or a network error (still offline).
   */
  async flush(
    send: (change: TaskChange) => Promise<unknown>,
    isNetworkError: (error: unknown) => boolean,
    refusal: (error: unknown) => string,
  ): Promise<OutboxResult[]> {
    if (this.flushing) return [];
    this.flushing = true;
    const results: OutboxResult[] = [];
    try {
      for (;;) {
        const [next, ...rest] = this.pending();
        if (!next) break;
        try {
          await send(next);
          results.push({ change: next, refused: null });
        } catch (error) {
          if (isNetworkError(error)) break;
          results.push({ change: next, refused: refusal(error) });
        }
        this.save(rest);
      }
    } finally {
      this.flushing = false;
    }
    return results;
  }
}

export const outbox = new TaskOutbox();
