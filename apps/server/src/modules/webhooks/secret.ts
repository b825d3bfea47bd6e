// The box of the webhooks' signing secrets (ADR 0089): WEBHOOK_SECRET_KEY, or else the JWT
// secret, never the database. One box per configuration.
import type { ResolvedConfig } from '../../config/secrets';
import { SecretBox } from '../../lib/secret-box';

const boxes = new WeakMap<ResolvedConfig, SecretBox>();

export function webhookSecretBox(config: ResolvedConfig): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.webhookSecretKey ?? config.jwtSecret, 'webhook-secrets');
    boxes.set(config, box);
  }
  return box;
}
