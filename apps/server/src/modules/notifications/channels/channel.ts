// A notification channel (ADR 0124): everything the fan-out and the delivery jobs need to know
// of one way to reach a user — what the recipient needs, which deliveries a notification makes,
// the queue its deliveries wait in, and how one delivery is sent. The fan-out and the delivery
// job know the channels only through this interface (channels/index.ts lists them).
import type { Logger } from 'pino';
import type { ZoneActiveHours } from '@vfm/contract';
import type { ResolvedConfig } from '../../../config/secrets';
import type { AppContext } from '../../../plugins/context';
import type { QueuePolicy } from '../../../jobs/queues';
import type { ClaimedDelivery, DeliveryChannelName } from '../delivery/queries';

export type { DeliveryChannelName } from '../delivery/queries';

export type ChannelContext = Pick<AppContext, 'config' | 'database' | 'mailer' | 'now'>;
export type ChannelLog = Pick<Logger, 'info' | 'warn'> | null;

/**
 * One delivery's end, recorded by the delivery job (delivery/deliver.ts): sent; skipped (nobody
 * to reach any more); held (the channel put it back for a digest itself); refused for good (the
 * reason kept, never retried). A delivery to try again is a thrown error: the job's retry.
 */
export type DeliveryResult =
  { outcome: 'sent' | 'skipped' | 'held' } | { outcome: 'refused'; reason: string };

/** A matching rule of a now-or-never channel, as the fan-out reads it. */
export interface InstantRule {
  channel: DeliveryChannelName;
  quietHours: ZoneActiveHours | null;
  alwaysNotify: string[];
}

/**
 * The queue of a channel's delivery jobs, declared by the channel (ADR 0124): its name and
 * policy; the notifications' manifest registers it with the one delivery handler. A fleet's
 * jobs, in slots fairly between fleets (ADR 0118).
 */
export interface ChannelQueue<Q extends string = string> extends QueuePolicy {
  name: Q;
}

export interface Channel<Q extends string = string> {
  name: DeliveryChannelName;
  /** the queue of its delivery jobs, apart from the other channels' (ADR 0118) */
  queue: ChannelQueue<Q>;
  /**
   * now or never (push, SMS): one delivery when a matching rule is not in its quiet hours,
   * none otherwise. false: the e-mail, whose rules may hold it for a digest (fanout.ts).
   */
  instant: boolean;
  /** whether the server can send it at all (an SMS gateway configured…): off, the fan-out
   *  plans none */
  enabled(config: ResolvedConfig): boolean;
  /** SQL: whether the account `a` can receive it (a push subscription, a phone number) —
   *  the fan-out plans none for the others (the channel's queries.ts) */
  recipientNeedsSql: string;
  /** sends one claimed delivery; throws to be tried again */
  deliver(ctx: ChannelContext, delivery: ClaimedDelivery, log: ChannelLog): Promise<DeliveryResult>;
}
