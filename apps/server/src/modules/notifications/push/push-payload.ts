// What a push says (docs/notifications.md): the e-mail's subject and sentence (mail/templates, the 11
// languages) in the user's language and time zone, the bike page it opens, and a tag so that a
// newer notice of the same bike and kind replaces the older one on screen.
import type { Language, NotificationKind, PushPayload } from '@vfm/contract';
import { shortTime } from '../../../mail/notification-mails';
import { NOTIFICATION_MAIL_TEXTS } from '../../../mail/templates/notification-messages';
import { interpolate } from '../../../mail/templates/layout';

export function pushPayload(input: {
  kind: NotificationKind;
  /** null for a zone's caps: `zoneName` instead, and the zones' page */
  vehicleNumber: string | null;
  zoneName?: string | null;
  occurredAt: Date;
  language: Language;
  timeZone: string;
}): PushPayload {
  const texts = NOTIFICATION_MAIL_TEXTS[input.language] ?? NOTIFICATION_MAIL_TEXTS.fr;
  const kind = texts.kinds[input.kind];
  const time = shortTime(input.occurredAt, input.language, input.timeZone);
  if (input.vehicleNumber === null) {
    const zone = input.zoneName ?? '';
    return {
      title: interpolate(texts.zoneSubject, { kind, zone }),
      body: interpolate(texts.zoneBody, { kind, zone, time }),
      url: `/${input.language}/zones`,
      tag: `${input.kind}:zone:${zone}`,
      kind: input.kind,
      vehicleNumber: null,
      occurredAt: input.occurredAt.toISOString(),
    };
  }
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
