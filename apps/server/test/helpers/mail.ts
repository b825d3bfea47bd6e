// Reading the e-mails a test server wrote to DATA_DIR/mail (file mode).
import { eventually } from './eventually';
import { parseMail, type ParsedMail } from './mime';
import type { TestServer } from './server';

export async function mailsTo(t: TestServer, email: string): Promise<ParsedMail[]> {
  return (await t.mails()).map(parseMail).filter((mail) => mail.headers.to?.includes(email));
}

/** Waits until `count` e-mails to the address exist and returns them, oldest first. */
export function waitForMails(t: TestServer, email: string, count = 1): Promise<ParsedMail[]> {
  return eventually(
    async () => {
      const mails = await mailsTo(t, email);
      return mails.length >= count ? mails : null;
    },
    { what: `${count} e-mail(s) to ${email}` },
  );
}
