// The `worker` role (ADR 0081): the handlers of the jobs home. Each queue — its policy, owner,
// the events it hears and its handler — is declared by its module's manifest (ADR 0123); the
// module list (modules/index.ts) names them all, and the process (server.ts) hands them here.
// The default process runs this beside api and ingest.
import type { Logger } from 'pino';
import type { QueueName } from './jobs/queues';
import type { QueueDeclaration } from './modules/manifest/define';
import type { AppContext } from './plugins/context';
import { yieldingDatabase, type RequestGate } from './plugins/request-gate';

/** `declarations`: every queue of the module list (server.ts hands them over); `gate`: the API
 *  beside it in this process — the handlers' queries give way to its requests on PGlite's one
 *  connection (ADR 0137). */
export async function startWorker(
  ctx: AppContext,
  declarations: ReadonlyArray<readonly [QueueName, QueueDeclaration]>,
  log: Logger,
  gate?: RequestGate,
): Promise<void> {
  const jobCtx = gate ? { ...ctx, database: yieldingDatabase(ctx.database, gate) } : ctx;
  for (const [name, queue] of declarations)
    await ctx.jobs.work(name, (batch) => queue.handler(batch, { ctx: jobCtx, log }));
  // a fresh start: the sweeps that should not wait for their minute (zones, then alerts)
  for (const [name, queue] of declarations) if (queue.atStart) await ctx.jobs.send(null, name, {});
}
