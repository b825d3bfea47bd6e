// One layout for every account e-mail: the same paragraphs as plain text and as simple,
// inline-styled HTML (mail clients ignore style sheets). Every value is HTML-escaped.
import type { Language } from '@vfm/contract';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Replaces {placeholders}; unknown ones are left as they are. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

export interface MailLayout {
  language: Language;
  subject: string;
  greeting: string;
  before: string[];
  action: { label: string; url: string };
  after: string[];
  linkFallback: string;
  signature: string;
}

export function renderText(mail: MailLayout): string {
  return [
    mail.greeting,
    ...mail.before,
    `${mail.action.label}: ${mail.action.url}`,
    ...mail.after,
    `-- \n${mail.signature}`,
  ].join('\n\n');
}

export function renderHtml(mail: MailLayout): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const url = escapeHtml(mail.action.url);
  return `<!doctype html>
<html lang="${mail.language}">
<head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${p(mail.greeting)}
${mail.before.map(p).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#0b6e4f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(mail.action.label)}</a></p>
${mail.after.map(p).join('\n')}
<p style="margin:0 0 16px;font-size:13px;color:#52606d">${escapeHtml(mail.linkFallback)}<br><a href="${url}" style="color:#0b6e4f;word-break:break-all">${url}</a></p>
<p style="margin:24px 0 0">${escapeHtml(mail.signature)}</p>
</div>
</body>
</html>
`;
}

/** The message of a laid-out e-mail with one action: its text and HTML, its link. */
export const layoutMessage = (to: string, mail: MailLayout) => ({
  to,
  subject: mail.subject,
  text: renderText(mail),
  html: renderHtml(mail),
  links: [mail.action.url],
});
