// Coalescing of the stream's events (STYLE "live data flows one way"): between two flushes a
// bike keeps only its latest state, a command its latest status, the warning counters their
// latest values. Whatever the event rate, listeners see at most one batch per flush.
import type {
  Command,
  FleetListItem,
  StreamPayloads,
  VfmEvent,
  WarningCounts,
} from '@vfm/contract';

export interface LiveBatch {
  /** the latest state of each bike that changed */
  bikes: FleetListItem[];
  /** bikes removed from the fleet */
  removed: string[];
  /** the latest status of each command created or changed */
  commands: Command[];
  events: VfmEvent[];
  /** the warning counters, when they changed */
  warnings: WarningCounts | null;
  /** bikes whose alerts were opened, acknowledged, assigned or cleared */
  alerts: string[];
}

/** A stream event whose payload waits in the buffer for the next flush. */
export type BatchedEvent = {
  [Name in keyof LiveBatch]: { name: Name; data: StreamPayloads[Name] };
}[keyof LiveBatch];

export class LiveBatchBuffer {
  private bikes = new Map<string, FleetListItem>();
  private removed = new Set<string>();
  private commands = new Map<string, Command>();
  private events: VfmEvent[] = [];
  private warnings: WarningCounts | null = null;
  private alerts = new Set<string>();

  get isEmpty(): boolean {
    return (
      !this.bikes.size &&
      !this.removed.size &&
      !this.commands.size &&
      !this.events.length &&
      !this.warnings &&
      !this.alerts.size
    );
  }

  /** Keeps an event's payload until the next take(), replacing what it makes out of date. */
  add(event: BatchedEvent): void {
    switch (event.name) {
      case 'bikes':
        for (const bike of event.data.bikes) {
          this.removed.delete(bike.vehicleNumber);
          this.bikes.set(bike.vehicleNumber, bike);
        }
        return;
      case 'removed':
        for (const vehicleNumber of event.data.vehicleNumbers) {
          this.bikes.delete(vehicleNumber);
          this.removed.add(vehicleNumber);
        }
        return;
      case 'commands':
        for (const command of event.data.commands) this.commands.set(command.id, command);
        return;
      case 'events':
        this.events.push(...event.data.events);
        return;
      case 'warnings':
        this.warnings = event.data.counts;
        return;
      case 'alerts':
        for (const vehicleNumber of event.data.vehicleNumbers) this.alerts.add(vehicleNumber);
        return;
    }
  }

  /** The batch so far; the buffer starts empty again. */
  take(): LiveBatch {
    const batch: LiveBatch = {
      bikes: [...this.bikes.values()],
      removed: [...this.removed],
      commands: [...this.commands.values()],
      events: this.events,
      warnings: this.warnings,
      alerts: [...this.alerts],
    };
    this.bikes.clear();
    this.removed.clear();
    this.commands.clear();
    this.events = [];
    this.warnings = null;
    this.alerts.clear();
    return batch;
  }
}
