// A real SMTP server for tests (the smtp-server package): collects every message it receives.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  envelopeTo: string[];
  raw: string;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** recipients whose mailbox is refused for good: RCPT TO answered 550 (ADR 0118) */
  refused: Set<string>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const error = Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          ...parseMail(raw),
          raw,
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP address where nothing listens: every delivery fails. */
export async function deadSmtpUrl(): Promise<string> {
  const smtp = await startTestSmtp();
  await smtp.close();
  return smtp.url;
}
