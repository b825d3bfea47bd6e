// The jobs' counters of this process and the queues' backlog (GET /metrics, Prometheus text).
export class JobMetrics {
  private readonly completed = new Map<string, number>();
  private readonly failures = new Map<string, number>();
  private readonly seconds = new Map<string, number>();

  done(queue: string, count: number, ms: number) {
    this.completed.set(queue, (this.completed.get(queue) ?? 0) + count);
    this.seconds.set(queue, (this.seconds.get(queue) ?? 0) + ms / 1000);
  }

  failed(queue: string, count: number) {
    this.failures.set(queue, (this.failures.get(queue) ?? 0) + count);
  }

  /** The counters, and the backlog per queue and state (read from the database). */
  render(backlog: Array<{ name: string; state: string; count: number }>): string {
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
    return lines.join('\n') + '\n';
  }
}
