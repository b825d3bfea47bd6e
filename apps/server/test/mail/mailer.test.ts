// The mailer never logs links or tokens in SMTP mode; in file mode (the demo) it logs the
// links on purpose, so a developer can click them.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/mail/mailer';
import { resetPasswordMail } from '../../src/mail/account-mails';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';

const SECRET = 'very-secret-token-value';
const message = resetPasswordMail({
  to: 'someone@example.com',
  fullName: 'Some One',
  language: 'en',
  link: `http://vfm.test/auth/change-password?email=someone%40example.com&token=${SECRET}&lang=en`,
});

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

let smtp: TestSmtp;
let dir: string;
beforeAll(async () => {
  smtp = await startTestSmtp();
  dir = await mkdtemp(path.join(os.tmpdir(), 'vfm-mail-'));
});
afterAll(async () => {
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

describe('mailer logs', () => {
  it('SMTP mode: the message is delivered and the log holds no link or token', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, mailDir: dir, from: 'a@vfm.test', logger });
    await mailer.send(message);
    await mailer.close();
    expect(smtp.received.at(-1)!.text).toContain(SECRET);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('file mode: the .eml is written and its link logged (demo convenience)', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: null, mailDir: dir, from: 'a@vfm.test', logger });
    await mailer.send(message);
    expect(lines.join('\n')).toContain(SECRET);
  });
});
