// The jobs' counters of this process and the queues' backlog (GET /metrics, Prometheus text).
import type { FleetLoad } from './queries/fair';
import { byLabel, metricLines } from '../lib/prometheus';

export class JobMetrics {
  private readonly completed = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly seconds = new Map<string, number>();

  done(queue: string, count: number, ms: number) {
    this.completed.set(queue, (this.completed.get(queue) ?? 0) + count);
    this.seconds.set(queue, (this.seconds.get(queue) ?? 0) + ms / 1000);
  }

  /** the queues worked in slots (ADR 0118): their size and the slots in use in this process */
  private readonly slotCounts = new Map<string, number>();
  private readonly slotsInUse = new Map<string, number>();

  slots(queue: string, count: number) {
    this.slotCounts.set(queue, count);
    this.slotsInUse.set(queue, this.slotsInUse.get(queue) ?? 0);
  }

  slotTaken(queue: string) {
    this.slotsInUse.set(queue, (this.slotsInUse.get(queue) ?? 0) + 1);
  }

  slotFreed(queue: string) {
    this.slotsInUse.set(queue, (this.slotsInUse.get(queue) ?? 0) - 1);
  }

  failed(queue: string, count: number) {
    this.failures.set(queue, (this.failures.get(queue) ?? 0) + count);
  }

  /** The counters, and the backlog per queue and state (read from the database). */
  render(
    backlog: Array<{ name: string; state: string; count: number }>,
    fleetLoad: FleetLoad[] = [],
    fleetSlots: ReadonlyMap<string, number> = new Map(),
  ): string {
    const share = (row: FleetLoad) =>
      row.active >= (fleetSlots.get(row.queue) ?? Infinity) ? row.ready : 0;
    return [
      ...metricLines(
        'vfm_jobs_completed_total',
        'counter',
        'Jobs completed by this process.',
        byLabel('queue', this.completed),
      ),
      ...metricLines(
        'vfm_jobs_failed_total',
        'counter',
        'Job attempts that failed in this process.',
        byLabel('queue', this.failures),
      ),
      ...metricLines(
        'vfm_jobs_seconds_total',
        'counter',
        'Time spent in job handlers by this process.',
        byLabel('queue', this.seconds),
      ),
      ...metricLines(
        'vfm_jobs',
        'gauge',
        'Jobs in the queue by state (created, retry, active, failed = dead letters).',
        backlog.map((row) => [{ queue: row.name, state: row.state }, row.count] as const),
      ),
      ...metricLines(
        'vfm_jobs_slots',
        'gauge',
        'Slots of a queue worked in slots, in this process.',
        byLabel('queue', this.slotCounts),
      ),
      ...metricLines(
        'vfm_jobs_slots_in_use',
        'gauge',
        'Slots running a job now, in this process.',
        byLabel('queue', this.slotsInUse),
      ),
      // all processes (the database's count): a fleet's jobs running, and those ready to start
      // that wait because the fleet holds its share of the queue (deferred for fairness)
      ...metricLines(
        'vfm_jobs_fleet_active',
        'gauge',
        'Jobs of a queue running now, by fleet (all processes).',
        fleetLoad.map((row) => [{ queue: row.queue, fleet: row.fleet }, row.active] as const),
      ),
      ...metricLines(
        'vfm_jobs_fleet_deferred',
        'gauge',
        "Jobs ready to start that wait for their fleet's share to free.",
        fleetLoad.map((row) => [{ queue: row.queue, fleet: row.fleet }, share(row)] as const),
      ),
      '',
    ].join('\n');
  }
}
