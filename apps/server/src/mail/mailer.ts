// Outgoing mail through nodemailer: an SMTP server when SMTP_URL is set, otherwise .eml files
// in DATA_DIR/mail (the demo default), each logged with its links so a developer can click them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** links worth logging in file mode (never logged in SMTP mode) */
  links?: string[];
  /** extra header lines (List-Unsubscribe…) */
  headers?: Record<string, string>;
  /**
   * The message's identity (docs/notifications.md): its Message-ID in SMTP mode (a receiver drops a
   * second copy), and in file mode a message already written is not written again.
   */
  idempotencyKey?: string;
  /** files attached (a scheduled report, ADR 0127) */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** A Message-ID that a key always gives (RFC 5322: unique per message, here per key). */
const messageIdOf = (key: string, from: string) =>
  `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'vfm.local'}>`;
const fileTagOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export interface Mailer {
  readonly mode: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | null;
  mailDir: string;
  from: string;
  logger: Logger;
}

/**
 * The whole of one SMTP send (ADR 0118): below the lease of every job that sends mail (60 s
 * and more), so a mail server that accepts and never answers fails the attempt, and the job's
 * retry comes, instead of the lease passing with the send still waiting.
 */
export const SMTP_DEADLINE_MS = 30_000;

/**
 * A refusal that no retry will change (ADR 0118): the server answered 5xx for the recipient
 * (550 mailbox unavailable, 553 name not allowed…). A 4xx or no answer may pass later.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function createMailer({ smtpUrl, mailDir, from, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      // each step bounded: a connection, the greeting, a silence
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      mode: 'smtp',
      async send({ to, subject, text, html, headers, idempotencyKey, attachments }) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          transport.sendMail(
            envelope(from, { to, subject, text, html, headers, idempotencyKey, attachments }),
          ),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`SMTP: no answer within ${SMTP_DEADLINE_MS / 1000} s`)),
              SMTP_DEADLINE_MS,
            );
          }),
        ]).finally(() => clearTimeout(timer));
        logger.info({ subject }, 'mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let counter = 0;
  // the sends of one idempotency key in turn: the check for a written message and the writing
  // are one step (two slots retrying one delivery never both write it)
  const writing = new Map<string, Promise<void>>();
  const write = async (mail: MailMessage, tag: string) => {
    await mkdir(mailDir, { recursive: true });
    if (tag && (await readdir(mailDir)).some((name) => name.endsWith(`${tag}.eml`))) {
      logger.info(
        { subject: mail.subject },
        'mail already written (same idempotency key): not again',
      );
      return;
    }
    const { to, subject, text, html, headers, idempotencyKey, attachments } = mail;
    const info = await transport.sendMail(
      envelope(from, { to, subject, text, html, headers, idempotencyKey, attachments }),
    );
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    // zero-padded counter: files sort in sending order even within one millisecond
    const name = `${stamp}-${process.pid}-${String(++counter).padStart(6, '0')}${tag}`;
    // written whole, then named: a process killed mid-write leaves no half message under the
    // key, and the retry writes it
    await writeFile(path.join(mailDir, `${name}.part`), info.message as Buffer);
    await rename(path.join(mailDir, `${name}.part`), path.join(mailDir, `${name}.eml`));
    logger.info(
      { file: path.join(mailDir, `${name}.eml`), subject, links: mail.links ?? [] },
      'mail written to file (set SMTP_URL to send it)',
    );
  };
  return {
    mode: 'file',
    async send(mail) {
      const tag = mail.idempotencyKey ? `-${fileTagOf(mail.idempotencyKey)}` : '';
      if (!tag) return write(mail, tag);
      const turn = (writing.get(tag) ?? Promise.resolve()).then(() => write(mail, tag));
      const settled = turn.catch(() => undefined);
      writing.set(tag, settled);
      try {
        await turn;
      } finally {
        if (writing.get(tag) === settled) writing.delete(tag);
      }
    },
    async close() {},
  };
}

/** What nodemailer sends of a mail, both transports alike: its Message-ID from its
 *  idempotency key (a receiver drops a second copy). */
function envelope(
  from: string,
  mail: Pick<
    MailMessage,
    'to' | 'subject' | 'text' | 'html' | 'headers' | 'idempotencyKey' | 'attachments'
  >,
) {
  const { idempotencyKey, headers, attachments, ...rest } = mail;
  return {
    from,
    ...rest,
    ...(attachments?.length ? { attachments } : {}),
    ...(headers ? { headers } : {}),
    ...(idempotencyKey ? { messageId: messageIdOf(idempotencyKey, from) } : {}),
  };
}
