// x-api-key on every API call (DESIGN §5): the keys of API_KEYS plus those created with the
// admin CLI (stored hashed, reloaded every 30 s). Missing or wrong → 401.
import fp from 'fastify-plugin';
import { API_KEY_HEADER } from '@vfm/contract';
import type { Queryable } from '../db/client';
import { isApiRequest } from '../lib/api-scope';
import { sha256 } from '../lib/crypto';
import { unauthorized } from '../lib/problem';

declare module 'fastify' {
  interface FastifyInstance {
    /** re-read the api_key table now (it is re-read every 30 s anyway) */
    reloadApiKeys(): Promise<void>;
  }
}

const RELOAD_MS = 30_000;

export interface ApiKeyOptions {
  /** the hashes of the keys not revoked: the auth module's read (app.ts gives it: plugins rank
   *  below modules) */
  activeApiKeyHashes: (db: Queryable) => Promise<string[]>;
}

export default fp<ApiKeyOptions>(
  async function apiKeyPlugin(app, { activeApiKeyHashes }) {
    const { config, database } = app.ctx;
    const fromEnv = new Set(config.apiKeys.map(sha256));
    let fromDb = new Set<string>();
    const reload = async () => {
      fromDb = new Set(await activeApiKeyHashes(database));
    };
    await reload();
    app.decorate('reloadApiKeys', reload);
    const timer = setInterval(() => {
      reload().catch((err: unknown) => app.log.warn({ err }, 'api key reload failed'));
    }, RELOAD_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    app.addHook('onRequest', async (request) => {
      if (!isApiRequest(request, config.apiPrefix)) return;
      const key = request.headers[API_KEY_HEADER];
      if (typeof key !== 'string' || !key) {
        throw unauthorized('The x-api-key header is required.', 'API_KEY_MISSING');
      }
      const hash = sha256(key);
      if (!fromEnv.has(hash) && !fromDb.has(hash)) {
        throw unauthorized('The x-api-key header is not valid.', 'API_KEY_INVALID');
      }
    });
  },
  { name: 'vfm-api-key', dependencies: ['vfm-context', 'vfm-errors'] },
);
