// The commands module's manifest (ADR 0123), listed in ../index.ts: its routes, and the minute's
// expiry of the commands not acknowledged within 24 h (DESIGN §7).
import { defineModule, type QueueHandler } from '../manifest/define';
import { expireOverdueCommands } from './lifecycle';
import routes from './routes';
import { MINUTE_SWEEP } from '../../jobs/queues';

const expire: QueueHandler = async (_batch, { ctx }) => {
  await expireOverdueCommands(ctx.database, ctx.jobs, ctx.now());
};

export default defineModule({
  name: 'commands',
  api: routes,
  queues: {
    'commands.expire': { ...MINUTE_SWEEP, atStart: false, handler: expire },
  },
});
