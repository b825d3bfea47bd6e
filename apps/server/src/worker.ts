// The `worker` role (ADR 0081): the handlers of the jobs home. Each queue — its policy, owner,
// the events it hears and its handler — is declared by its module's manifest (ADR 0123); the
// module list (modules/index.ts) names them all. The default process runs this beside api and
// ingest.
import type { Logger } from 'pino';
import { queueDeclarations } from './modules';
import type { AppContext } from './plugins/context';

export async function startWorker(ctx: AppContext, log: Logger): Promise<void> {
  const declarations = queueDeclarations();
  for (const [name, queue] of declarations)
    await ctx.jobs.work(name, (batch) => queue.handler(batch, { ctx, log }));
  // a fresh start: the sweeps that should not wait for their minute (zones, then alerts)
  for (const [name, queue] of declarations) if (queue.atStart) await ctx.jobs.send(null, name, {});
}
