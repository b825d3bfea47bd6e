// The notification channels (ADR 0124): a new channel is its file beside (with its queue), one
// entry here, and its name in the contract's NOTIFICATION_CHANNELS and in the delivery table's
// check (a migration) — ADR 0138 walks through it.
import type { ResolvedConfig } from '../../../config/secrets';
import type { Channel, DeliveryChannelName } from './channel';
import { emailChannel } from './email';
import { pushChannel } from './push';
import { smsChannel } from './sms';

export const CHANNELS = {
  EMAIL: emailChannel,
  PUSH: pushChannel,
  SMS: smsChannel,
} as const satisfies Record<DeliveryChannelName, Channel>;

/** The channels' delivery queues' names (the notifications' manifest declares the queues). */
export type ChannelQueueName = (typeof CHANNELS)[DeliveryChannelName]['queue']['name'];

export const channelOf = (name: string): Channel => {
  const channel: Channel | undefined = CHANNELS[name as DeliveryChannelName];
  if (!channel) throw new Error(`no notification channel ${name}`);
  return channel;
};

/** The now-or-never channels the server can send (the fan-out plans only these). */
export const instantChannels = (config: ResolvedConfig) =>
  Object.values<Channel>(CHANNELS).filter((channel) => channel.instant && channel.enabled(config));

export type { Channel, DeliveryChannelName } from './channel';
