// Reads the e-mails the e2e server writes as .eml files to $VFM_E2E_DATA_DIR/mail.
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** decoded text of every part */
  body: string;
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim() ?? '';
}

/** Splits a (possibly nested) MIME body into decoded leaf parts. */
function leafParts(headers: string, body: string): string[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return [decodePart(headers, body)];
  return body.split(`--${boundary}`).flatMap((section) => {
    const at = section.search(/\r?\n\r?\n/);
    if (at < 0) return [];
    return leafParts(section.slice(0, at), section.slice(at).replace(/^\s+/, ''));
  });
}

export function parseMail(file: string, raw: string): Mail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = leafParts(head, raw.slice(split).replace(/^\s+/, ''))
    .join('\n')
    .replace(/&amp;/g, '&');
  const links = [...new Set(body.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { file, to: header(head, 'To'), subject: header(head, 'Subject'), body, links };
}

export function mailDir(): string {
  const dir = process.env.VFM_E2E_DATA_DIR;
  if (!dir) throw new Error('VFM_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dir, 'mail');
}

/**
 * The newest e-mail to `to` written after `since` (ms since the epoch), waiting for it; with
 * `linkingTo`, the newest one with a link to that page (the demo's accounts also get alert
 * e-mails, which may arrive in between).
 */
export async function waitForMail(
  to: string,
  since: number,
  linkingTo?: string,
  timeoutMs = 15_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = await readdir(mailDir()).catch(() => [] as string[]);
    const candidates: { file: string; mtime: number }[] = [];
    for (const name of names.filter((n) => n.endsWith('.eml'))) {
      const file = path.join(mailDir(), name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs >= since - 1000) candidates.push({ file, mtime: mtimeMs });
    }
    candidates.sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const mail = parseMail(file, await readFile(file, 'utf8'));
      if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
      if (!linkingTo || mail.links.some((l) => new URL(l).pathname.endsWith(linkingTo))) {
        return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${mailDir()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The link of the mail leading to `page` (e.g. /auth/change-password), as path + query. */
export function linkTo(mail: Mail, page: string): string {
  const link = mail.links.find((l) => new URL(l).pathname.endsWith(page));
  if (!link) throw new Error(`no ${page} link in ${mail.file}: ${mail.links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
