// A browser of web push for the tests (ADR 0098): its P-256 key pair and auth
// secret as PushManager.subscribe makes them, and the aes128gcm body of a push decrypted with
// them (RFC 8188 / 8291, by hand with node:crypto).
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/** A browser whose push service is at `origin` (a local HTTP server of the test). */
export function pushBrowser(origin: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    auth,
    path,
    subscription: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
  };
}
export type PushBrowser = ReturnType<typeof pushBrowser>;

/** The aes128gcm body decrypted with the browser's private key; throws on a bad padding. */
export function decryptPush(body: Buffer, to: PushBrowser): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = to.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    to.ecdh.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, to.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // the last record: the text, then the delimiter 2, then zeros
  const end = padded.lastIndexOf(2);
  if (!padded.subarray(end + 1).every((byte) => byte === 0)) throw new Error('bad padding');
  return padded.subarray(0, end).toString('utf8');
}
