// A minimal reader of the messages nodemailer writes (multipart/alternative, quoted-printable
// or base64 parts, encoded-word subjects): enough to assert subject, language, text and link.
export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): [Record<string, string>, string] {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = normalised.slice(0, end < 0 ? undefined : end).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, end < 0 ? '' : normalised.slice(end + 2)];
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string): ParsedMail {
  const [headers, body] = splitHead(raw);
  const result: ParsedMail = {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: '',
    html: '',
  };
  collectParts(headers, body, result);
  return result;
}

/** The text and HTML parts, through nested multiparts (a mail with an attachment). */
function collectParts(headers: Record<string, string>, body: string, result: ParsedMail) {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const [partHeaders, partBody] = splitHead(part.replace(/^\n/, ''));
      collectParts(partHeaders, partBody, result);
    }
    return;
  }
  if (type.startsWith('text/html') && !result.html) result.html = decodeBody(headers, body);
  else if (type.startsWith('text/plain') && !result.text) result.text = decodeBody(headers, body);
}

/** The e-mailed link (with its token) in the plain-text part. */
export function linkOf(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+token=\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return new URL(match[0]);
}
