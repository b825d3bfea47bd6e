// Module credentials (DESIGN §6): username = module id, password = the secret issued at import,
// checked against module_credential.secret_hash. A verified (module, secret) pair is cached for
// a few minutes so that a fleet reconnecting at once (broker restart) costs one hash each, and
// is dropped at once when the module is removed from its fleet (revoke()).
import type { Database } from '../db/client';
import { sha256 } from '../lib/crypto';
import { verifyModuleSecret } from '../lib/module-secret';
import { moduleSecretHash } from './queries/module-credentials';
import { moduleIdRegExp } from '@vfm/contract';

const CACHE_MS = 5 * 60_000;
const MAX_SECRET_LENGTH = 256;

export class ModuleAuthenticator {
  private readonly cache = new Map<string, { digest: string; until: number }>();
  /** bumped by revoke(): a check that started before a revocation is not cached */
  private generation = 0;

  constructor(private readonly database: Database) {}

  async verify(moduleId: string | undefined, secret: string | undefined): Promise<boolean> {
    if (
      !moduleId ||
      !secret ||
      !moduleIdRegExp.test(moduleId) ||
      secret.length > MAX_SECRET_LENGTH
    ) {
      return false;
    }
    const generation = this.generation;
    const digest = sha256(secret);
    const cached = this.cache.get(moduleId);
    if (cached && cached.until > Date.now() && cached.digest === digest) return true;
    const secretHash = await moduleSecretHash(this.database, moduleId);
    if (!secretHash || !(await verifyModuleSecret(secretHash, secret))) return false;
    if (generation === this.generation) {
      this.cache.set(moduleId, { digest, until: Date.now() + CACHE_MS });
    }
    return true;
  }

  revoke(moduleIds: Iterable<string>) {
    this.generation += 1;
    for (const id of moduleIds) this.cache.delete(id);
  }
}
