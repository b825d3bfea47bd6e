// Outgoing mail through nodemailer: an SMTP server when SMTP_URL is set, otherwise .eml files
// in DATA_DIR/mail (the demo default), each logged with its links so a developer can click them.
import { mkdir, writeFile } from 'node:fs/promises';
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
}

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

export function createMailer({ smtpUrl, mailDir, from, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      mode: 'smtp',
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
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
    async send({ to, subject, text, html, links = [] }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // zero-padded counter: files sort in sending order even within one millisecond
      const file = path.join(
        mailDir,
        `${stamp}-${process.pid}-${String(++counter).padStart(6, '0')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      logger.info({ file, subject, links }, 'mail written to file (set SMTP_URL to send it)');
    },
    async close() {},
  };
}
