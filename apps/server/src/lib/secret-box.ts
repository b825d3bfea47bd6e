// Secrets VFM must read again (a webhook's signing key, docs/webhooks.md), stored so that a dump of
// the database alone does not reveal them (ADR 0089): AES-256-GCM under a key that lives
// outside the database — WEBHOOK_SECRET_KEY, or else derived from the JWT secret (the
// environment, or DATA_DIR/secrets.json). The row's id is the associated data: a ciphertext
// copied to another row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export class SecretBox {
  private readonly key: Buffer;

  /** `material`: WEBHOOK_SECRET_KEY or the JWT secret (≥ 32 characters, config.ts). */
  constructor(material: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', material, 'vfm secret box', purpose, 32));
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the key changed or the value was tampered with. */
  open(stored: string, boundTo: string): string {
    const [version, iv, tag, sealed] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined)
      throw new Error('secret box: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}
