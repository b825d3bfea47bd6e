// The server's VAPID key pair (ADR 0098): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY
// when the operator gives them; otherwise generated once, the private key sealed in the
// database (lib/secret-box.ts, under WEBHOOK_SECRET_KEY or the JWT secret), so that a restart —
// or another process — keeps the same pair and the browsers' subscriptions stay valid.
import webPush from 'web-push';
import type { ResolvedConfig } from '../../../config/secrets';
import type { Queryable } from '../../../db/client';
import { SecretBox } from '../../../lib/secret-box';
import { keepVapidKey, selectVapidKey } from './queries';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const BOUND_TO = 'vapid-key';
const cache = new WeakMap<ResolvedConfig, Promise<VapidKeys>>();

const boxOf = (config: ResolvedConfig) =>
  new SecretBox(config.webhookSecretKey ?? config.jwtSecret, 'vapid-keys');

async function loadVapidKeys(db: Queryable, config: ResolvedConfig): Promise<VapidKeys> {
  const subject = config.vapidSubject;
  if (config.vapidPublicKey && config.vapidPrivateKey)
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject };
  const box = boxOf(config);
  let stored = await selectVapidKey(db);
  if (!stored) {
    const fresh = webPush.generateVAPIDKeys();
    stored = await keepVapidKey(db, {
      publicKey: fresh.publicKey,
      privateKeySealed: box.seal(fresh.privateKey, BOUND_TO),
    });
  }
  return {
    publicKey: stored.publicKey,
    privateKey: box.open(stored.privateKeySealed, BOUND_TO),
    subject,
  };
}

/** The key pair of this configuration (read once per process). */
export function vapidKeys(db: Queryable, config: ResolvedConfig): Promise<VapidKeys> {
  let keys = cache.get(config);
  if (!keys) {
    keys = loadVapidKeys(db, config);
    // a failed read is tried again next time
    keys.catch(() => cache.delete(config));
    cache.set(config, keys);
  }
  return keys;
}
