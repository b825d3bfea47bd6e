// The label of each webhook event (administration.webhooks.eventTypes.*).
import type { WebhookEventType } from '@vfm/contract';

export const WEBHOOK_EVENT_LABELS = {
  'alert.opened': 'opened',
  'alert.cleared': 'cleared',
  'zone.cap-crossed': 'capCrossed',
  'zone.cap-ended': 'capEnded',
} as const satisfies Record<WebhookEventType, string>;
