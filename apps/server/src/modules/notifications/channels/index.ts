// The notification channels (ADR 0124): a new channel is one entry here, its file beside, its
// queue (jobs/queues.ts, jobs/job-scope.ts, worker.ts) and its name in the contract's
// NOTIFICATION_CHANNELS.
import type { ResolvedConfig } from '../../../config/secrets';
import type { Channel, DeliveryChannelName } from './channel';
import { emailChannel } from './email';
import { pushChannel } from './push';
import { smsChannel } from './sms';

export const CHANNELS: Record<DeliveryChannelName, Channel> = {
  EMAIL: emailChannel,
  PUSH: pushChannel,
  SMS: smsChannel,
};

export const channelOf = (name: string): Channel => {
  const channel = CHANNELS[name as DeliveryChannelName];
  if (!channel) throw new Error(`no notification channel ${name}`);
  return channel;
};

/** The now-or-never channels the server can send (the fan-out plans only these). */
export const instantChannels = (config: ResolvedConfig) =>
  Object.values(CHANNELS).filter((channel) => channel.instant && channel.enabled(config));

export type { Channel, DeliveryChannelName } from './channel';
