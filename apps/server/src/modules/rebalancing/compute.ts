// The rebalancing's CPU work as messages (ADR 0136): training the forecast, recommending moves
// and planning the routes — pure functions of their input, run on the module's worker thread
// (compute-thread.ts) so that neither the API's event loop nor the jobs wait for them.
import { trainForecast, type Series, type TrainOptions, type TrainedForecast } from './forecast';
import { recommendMoves, type CellState, type Move, type RecommendOptions } from './recommend';
import { planRoutes, type Plan, type RouterOptions, type Stop, type Van } from './router';

/** Options a thread can receive (a clock function cannot be posted). */
export type PlanOptions = Omit<RouterOptions, 'clock'>;

export type ComputeJob =
  | { op: 'train'; cells: Map<string, Series>; options?: TrainOptions }
  | { op: 'recommend'; cells: CellState[]; options?: RecommendOptions }
  | { op: 'plan'; stops: Stop[]; vans: Van[]; options?: PlanOptions };

export interface ComputeResults {
  train: TrainedForecast;
  recommend: Move[];
  plan: Plan;
}

export function runComputeJob(job: ComputeJob): ComputeResults[ComputeJob['op']] {
  switch (job.op) {
    case 'train':
      return trainForecast(job.cells, job.options);
    case 'recommend':
      return recommendMoves(job.cells, job.options);
    case 'plan':
      return planRoutes(job.stops, job.vans, job.options);
  }
}
