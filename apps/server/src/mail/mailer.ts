// Outgoing mail through nodemailer: an SMTP server when SMTP_URL is set, otherwise .eml files
// in DATA_DIR/mail (the demo default), each logged with its links so a developer can click them.
import { createHash } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
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
  return {
    mode: 'file',
    async send({ to, subject, text, html, links = [], headers, idempotencyKey, attachments }) {
      await mkdir(mailDir, { recursive: true });
      const tag = idempotencyKey ? `-${fileTagOf(idempotencyKey)}` : '';
      if (tag && (await readdir(mailDir)).some((name) => name.endsWith(`${tag}.eml`))) {
        logger.info({ subject }, 'mail already written (same idempotency key): not again');
        return;
      }
      const info = await transport.sendMail(
        envelope(from, { to, subject, text, html, headers, idempotencyKey, attachments }),
      );
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // zero-padded counter: files sort in sending order even within one millisecond
      const file = path.join(
        mailDir,
        `${stamp}-${process.pid}-${String(++counter).padStart(6, '0')}${tag}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ file, subject, links }, 'mail written to file (set SMTP_URL to send it)');
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
