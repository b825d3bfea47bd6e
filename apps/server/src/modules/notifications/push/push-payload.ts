// What a push says (issue 22 §5): the e-mail's subject and sentence (mail/templates, the 11
// languages) in the user's language and time zone, the bike page it opens, and a tag so that a
// newer notice of the same bike and kind replaces the older one on screen.
import type { Language, NotificationKind, PushPayload } from '@vfm/contract';
import { NOTIFICATION_MAIL_TEXTS } from '../../../mail/templates/notification-messages';
import { interpolate } from '../../../mail/templates/layout';

export function pushPayload(input: {
  kind: NotificationKind;
  vehicleNumber: string;
  occurredAt: Date;
  language: Language;
  timeZone: string;
}): PushPayload {
  const texts = NOTIFICATION_MAIL_TEXTS[input.language] ?? NOTIFICATION_MAIL_TEXTS.fr;
  const kind = texts.kinds[input.kind];
  const time = new Intl.DateTimeFormat(input.language, {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    timeZone: input.timeZone,
  }).format(input.occurredAt);
  return {
    title: interpolate(texts.subject, { kind, vehicleNumber: input.vehicleNumber }),
    body: interpolate(texts.body, { kind, vehicleNumber: input.vehicleNumber, time }),
    url: `/${input.language}/fleet/product/${encodeURIComponent(input.vehicleNumber)}`,
    tag: `${input.kind}:${input.vehicleNumber}`,
    kind: input.kind,
    vehicleNumber: input.vehicleNumber,
    occurredAt: input.occurredAt.toISOString(),
  };
}
