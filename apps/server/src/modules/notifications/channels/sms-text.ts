// What an SMS says (ADR 0124): short — one line, in the user's language and time zone — the
// alert kind's name from the e-mails' texts (mail/templates, the 11 languages), the bike (or the
// zone), the time, and the page to open. Nothing else of the fleet: a phone's lock screen shows it.
import type { Language, NotificationKind } from '@vfm/contract';
import { shortTime } from '../../../mail/notification-mails';
import { NOTIFICATION_MAIL_TEXTS } from '../../../mail/templates/notification-messages';

export function smsText(input: {
  kind: NotificationKind;
  vehicleNumber: string | null;
  zoneName: string | null;
  occurredAt: Date;
  language: Language;
  timeZone: string;
  publicUrl: string;
}): string {
  const texts = NOTIFICATION_MAIL_TEXTS[input.language] ?? NOTIFICATION_MAIL_TEXTS.fr;
  const time = shortTime(input.occurredAt, input.language, input.timeZone);
  const what = input.vehicleNumber ?? input.zoneName ?? '';
  const page =
    input.vehicleNumber === null
      ? `${input.publicUrl}/${input.language}/zones`
      : `${input.publicUrl}/${input.language}/fleet/product/${encodeURIComponent(input.vehicleNumber)}`;
  return `VFM: ${texts.kinds[input.kind]} – ${what} – ${time} ${page}`;
}
