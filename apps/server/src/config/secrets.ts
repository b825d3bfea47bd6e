import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

/**
 * Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR, so that
 * tokens survive a restart of the demo. Production refuses to start without one (config.ts).
 */
export async function resolveSecrets(config: Config): Promise<Config & { jwtSecret: string }> {
  if (config.jwtSecret) return { ...config, jwtSecret: config.jwtSecret };
  const file = path.join(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret?: string };
    if (stored.jwtSecret) return { ...config, jwtSecret: stored.jwtSecret };
  } catch {
    // first start: generated below
  }
  const jwtSecret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return { ...config, jwtSecret };
}

export type ResolvedConfig = Config & { jwtSecret: string };
