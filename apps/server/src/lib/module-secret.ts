// MQTT secrets of IoT modules (DESIGN §6): random, shown once at import, stored as a hash in
// Mosquitto's own password-file format (PBKDF2-SHA512, `$7$iterations$salt$hash`), so that the
// admin CLI can write a Mosquitto password file straight from the database (docs/mqtt.md) and
// the embedded broker verifies the very same strings.
import { pbkdf2, randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { randomToken } from './crypto';

const pbkdf2Async = promisify(pbkdf2);

/** mosquitto_passwd's default; the secrets are 192-bit random, so no slow hash is needed. */
export const MODULE_SECRET_ITERATIONS = 101;
const SALT_BYTES = 12;
const HASH_BYTES = 64;

/**
 * A new module secret: 24 random bytes, URL-safe (32 characters), starting with a letter or a
 * digit (1 in 32 would not): a leading "-" is read as a formula by a spreadsheet opening the
 * secrets file (docs/operations.md) and as an option by a command line such as mosquitto_passwd.
 */
export function generateModuleSecret(): string {
  for (;;) {
    const secret = randomToken(24);
    if (/^[A-Za-z0-9]/.test(secret)) return secret;
  }
}

export async function hashModuleSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await pbkdf2Async(secret, salt, MODULE_SECRET_ITERATIONS, HASH_BYTES, 'sha512');
  return `$7$${MODULE_SECRET_ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Checks a secret against a stored hash ($7$ PBKDF2-SHA512, or mosquitto's older $6$). */
export async function verifyModuleSecret(stored: string, secret: string): Promise<boolean> {
  const parts = stored.split('$');
  let expected: Buffer;
  let actual: Buffer;
  if (parts.length === 5 && parts[1] === '7') {
    const iterations = Number(parts[2]);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000) return false;
    expected = Buffer.from(parts[4]!, 'base64');
    actual = await pbkdf2Async(
      secret,
      Buffer.from(parts[3]!, 'base64'),
      iterations,
      expected.length || HASH_BYTES,
      'sha512',
    );
  } else if (parts.length === 4 && parts[1] === '6') {
    expected = Buffer.from(parts[3]!, 'base64');
    actual = createHash('sha512').update(secret).update(Buffer.from(parts[2]!, 'base64')).digest();
  } else {
    return false;
  }
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
