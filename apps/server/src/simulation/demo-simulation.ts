import type { Logger } from 'pino';
import type { AppContext } from '../plugins/context';

export interface DemoSimulation {
  stop(): Promise<void>;
}

export function startDemoSimulation(
  _ctx: AppContext,
  _logger: Logger,
  _brokerUrl: string,
): DemoSimulation {
  return { stop: async () => {} };
}
