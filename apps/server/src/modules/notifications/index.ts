// The notifications' manifest (docs/notifications.md, ADR 0123), listed in ../index.ts: the API
// routes, the one-click unsubscribe outside the API prefix, and the queues — notifications, then
// each e-mail, push and SMS as its own job (ADR 0086, ADR 0087, ADR 0124), the digests.
import type { EventJobData } from '../../jobs/domain-events';
import { defineModule, type QueueDeclaration, type QueueHandler } from '../manifest/define';
import { CHANNELS, instantChannels, type Channel, type ChannelQueueName } from './channels';
import {
  deliverOne,
  queueDueDigests,
  sendDigest,
  type DeliveryJobData,
  type DigestJobData,
} from './delivery/deliver';
import { fanOut } from './fanout/fanout';
import routes from './routes';
import unsubscribeRoutes from './unsubscribe-routes';

const fanout: QueueHandler<EventJobData> = async (batch, { ctx }) => {
  await fanOut(
    ctx.database,
    ctx.jobs,
    batch.map((job) => job.data),
    ctx.now(),
    instantChannels(ctx.config),
  );
};

// ADR 0118: worked in slots, fairly between fleets: one job at a time each; the delivery's
// channel (e-mail, push, SMS: ADR 0124) says how it goes out
const deliver: QueueHandler<DeliveryJobData> = async ([job], { ctx, log }) => {
  if (job) await deliverOne(ctx, job.data.deliveryId, log);
};

/** Each channel's delivery queue (channels/*.ts), one job a delivery, worked by `deliver`. */
const channelQueues = Object.fromEntries(
  Object.values<Channel>(CHANNELS).map(({ queue: { name, ...policy } }) => [
    name,
    { ...policy, owner: 'fleet', handler: deliver } satisfies QueueDeclaration,
  ]),
) as Record<ChannelQueueName, QueueDeclaration>;

const digest: QueueHandler = async (_batch, { ctx, log }) => {
  const queued = await queueDueDigests(ctx);
  if (queued) log.info({ queued }, 'notification digests queued');
};

const digestSend: QueueHandler<DigestJobData> = async ([job], { ctx, log }) => {
  if (job) await sendDigest(ctx, job.data.digestKey, log);
};

export default defineModule({
  name: 'notifications',
  api: routes,
  root: [unsubscribeRoutes],
  queues: {
    /** the rules matching an alert (or a module back, a command failed) → the users'
     *  notifications and one delivery job per e-mail */
    'notifications.fanout': {
      retryLimit: 8,
      retryDelay: 1,
      expireInSeconds: 60,
      batchSize: 100,
      owner: 'fleet',
      // what may notify someone (the alert kinds, and three events that open no alert)
      hears: [
        'alert.opened',
        'module.back',
        'command.failed',
        'command.expired',
        'zone.cap-crossed',
      ],
      handler: fanout,
    },
    // each channel's deliveries in its own queue, as the channel declares it (ADR 0124)
    ...channelQueues,
    /** one account's digest (ADR 0118): sent, refused or retried on its own — a mailbox that
     *  refuses holds no other account's digest back; the account's fleet's job */
    'notifications.digest-send': {
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 120,
      slots: { slots: 4, fleetSlots: 2 },
      owner: 'fleet',
      handler: digestSend,
    },
    /** the held e-mails (digests, throttle, quiet hours) whose digest is due: gathered, then one
     *  `notifications.digest-send` job per account (the cron gathers for every fleet) */
    'notifications.digest': {
      retryLimit: 3,
      retryDelay: 30,
      expireInSeconds: 300,
      cron: '*/5 * * * *',
      owner: 'operator',
      handler: digest,
    },
  },
});
