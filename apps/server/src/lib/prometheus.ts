// The Prometheus text format (version 0.0.4) of the /metrics answers: a metric's HELP and TYPE
// lines, then a sample a line, its labels in braces. Label values here are our own names
// (queues, kinds, endpoint ids), never a user's text.

export type Labels = Readonly<Record<string, string | number>>;

/** One metric: its HELP and TYPE lines and its samples. */
export function metricLines(
  name: string,
  type: 'counter' | 'gauge' | 'histogram',
  help: string,
  samples: Iterable<readonly [Labels, number]>,
): string[] {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`];
  for (const [labels, value] of samples) lines.push(sampleLine(name, labels, value));
  return lines;
}

export function sampleLine(name: string, labels: Labels, value: number): string {
  const text = Object.entries(labels)
    .map(([key, label]) => `${key}="${label}"`)
    .join(',');
  return `${name}${text ? `{${text}}` : ''} ${value}`;
}

/** The samples of a map of counts by one label. */
export const byLabel = (label: string, values: ReadonlyMap<string, number>) =>
  [...values].map(([key, value]) => [{ [label]: key }, value] as const);
