// The jobs' counters of this process and the queues' backlog (GET /metrics, Prometheus text).
import type { FleetLoad } from './queries/fair';

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
    const lines: string[] = [];
    const counter = (name: string, help: string, values: Map<string, number>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`);
      for (const [queue, value] of values) lines.push(`${name}{queue="${queue}"} ${value}`);
    };
    counter('vfm_jobs_completed_total', 'Jobs completed by this process.', this.completed);
    counter('vfm_jobs_failed_total', 'Job attempts that failed in this process.', this.failures);
    counter('vfm_jobs_seconds_total', 'Time spent in job handlers by this process.', this.seconds);
    lines.push(
      '# HELP vfm_jobs Jobs in the queue by state (created, retry, active, failed = dead letters).',
      '# TYPE vfm_jobs gauge',
    );
    for (const row of backlog)
      lines.push(`vfm_jobs{queue="${row.name}",state="${row.state}"} ${row.count}`);
    const gauge = (name: string, help: string, values: Map<string, number>) => {
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`);
      for (const [queue, value] of values) lines.push(`${name}{queue="${queue}"} ${value}`);
    };
    gauge('vfm_jobs_slots', 'Slots of a queue worked in slots, in this process.', this.slotCounts);
    gauge('vfm_jobs_slots_in_use', 'Slots running a job now, in this process.', this.slotsInUse);
    // all processes (the database's count): a fleet's jobs running, and those ready to start
    // that wait because the fleet holds its share of the queue (deferred for fairness)
    lines.push(
      '# HELP vfm_jobs_fleet_active Jobs of a queue running now, by fleet (all processes).',
      '# TYPE vfm_jobs_fleet_active gauge',
    );
    for (const row of fleetLoad)
      lines.push(`vfm_jobs_fleet_active{queue="${row.queue}",fleet="${row.fleet}"} ${row.active}`);
    lines.push(
      "# HELP vfm_jobs_fleet_deferred Jobs ready to start that wait for their fleet's share to free.",
      '# TYPE vfm_jobs_fleet_deferred gauge',
    );
    for (const row of fleetLoad) {
      const share = fleetSlots.get(row.queue) ?? Infinity;
      const deferred = row.active >= share ? row.ready : 0;
      lines.push(`vfm_jobs_fleet_deferred{queue="${row.queue}",fleet="${row.fleet}"} ${deferred}`);
    }
    return lines.join('\n') + '\n';
  }
}
