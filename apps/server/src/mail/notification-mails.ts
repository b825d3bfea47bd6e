// The notification e-mails (docs/notifications.md): one per alert, or a digest of several, in the
// recipient's language, each with a link to its bike and — RFC 8058 — a one-click unsubscribe
// of the rule that sent it: `List-Unsubscribe: <https://…>` and
// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, the same link in the body.
import type { Language, NotificationKind } from '@vfm/contract';
import type { MailMessage } from './mailer';
import { MAIL_TEXTS } from './templates/messages';
import { NOTIFICATION_MAIL_TEXTS } from './templates/notification-messages';
import { escapeHtml, interpolate } from './templates/layout';

export interface NotificationItem {
  kind: NotificationKind;
  /** null for a zone's cap: `zoneName` instead */
  vehicleNumber: string | null;
  zoneName?: string | null;
  occurredAt: Date;
  /** the bike's page in the app (a zone's: the zones' page) */
  url: string;
}

export interface NotificationMailInput {
  to: string;
  fullName: string;
  language: Language;
  /** the zone of the times shown (IANA) */
  timeZone: string;
  items: NotificationItem[];
  /** the rule that sent it, and its one-click unsubscribe address */
  rule: { name: string; unsubscribeUrl: string } | null;
  /** the message's identity: sent once (mailer.ts) */
  idempotencyKey: string;
  /** a digest (its own subject and introduction), even of one item */
  digest?: boolean;
}

const formatTime = (at: Date, language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);

/** An alert's time where a line is short (a push, an SMS): day, month and time, no year. */
export const shortTime = (at: Date, language: Language, timeZone: string) =>
  new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(at);

/** One alert's e-mail, or (several items) a digest. */
export function notificationMail(input: NotificationMailInput): MailMessage {
  const texts = NOTIFICATION_MAIL_TEXTS[input.language] ?? NOTIFICATION_MAIL_TEXTS.fr;
  const account = MAIL_TEXTS[input.language] ?? MAIL_TEXTS.fr;
  const values = (item: NotificationItem) => ({
    kind: texts.kinds[item.kind],
    vehicleNumber: item.vehicleNumber ?? '',
    zone: item.zoneName ?? '',
    time: formatTime(item.occurredAt, input.language, input.timeZone),
  });
  const lines = input.items.map((item) => ({
    text: interpolate(item.vehicleNumber === null ? texts.zoneBody : texts.body, values(item)),
    url: item.url,
    action: item.vehicleNumber === null ? texts.zoneAction : texts.action,
  }));
  const single = !input.digest && input.items.length === 1 ? input.items[0]! : null;
  const subject = single
    ? interpolate(single.vehicleNumber === null ? texts.zoneSubject : texts.subject, values(single))
    : interpolate(texts.digestSubject, { count: input.items.length });
  const greeting = input.fullName.trim()
    ? interpolate(account.greeting, { name: input.fullName })
    : account.greetingNoName;
  const because = input.rule ? interpolate(texts.because, { rule: input.rule.name }) : null;

  const text = [
    greeting,
    ...(single ? [] : [texts.digestIntro]),
    ...lines.map((line) => `${line.text}\n${line.action}: ${line.url}`),
    ...(because && input.rule
      ? [`${because}\n${texts.unsubscribe}: ${input.rule.unsubscribeUrl}`]
      : []),
    `-- \n${account.signature}`,
  ].join('\n\n');

  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const button = (url: string, action: string) =>
    `<a href="${escapeHtml(url)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold">${escapeHtml(action)}</a>`;
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${p(escapeHtml(greeting))}
${single ? '' : p(escapeHtml(texts.digestIntro))}
${lines.map((line) => p(`${escapeHtml(line.text)}<br>${button(line.url, line.action)}`)).join('\n')}
<p style="margin:24px 0 0">${escapeHtml(account.signature)}</p>
${
  because && input.rule
    ? `<p style="margin:24px 0 0;font-size:13px;color:#52606d">${escapeHtml(because)}<br><a href="${escapeHtml(input.rule.unsubscribeUrl)}" style="color:#0b6e4f">${escapeHtml(texts.unsubscribe)}</a></p>`
    : ''
}
</div>
</body>
</html>
`;
  return {
    to: input.to,
    subject,
    text,
    html,
    links: lines.map((line) => line.url),
    idempotencyKey: input.idempotencyKey,
    ...(input.rule
      ? {
          headers: {
            'List-Unsubscribe': `<${input.rule.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
