// The firmware module's settings (ADR 0129, docs/firmware.md "Settings"), read from the
// environment when used, so that a test or an operator may set them without a restart of the
// configuration loader: FIRMWARE_MAX_BYTES (largest package, default 64 MiB → 413 beyond),
// FIRMWARE_BASE_URL (where modules download, default PUBLIC_URL) and FIRMWARE_STORE (`file`:
// DATA_DIR/firmware, the only store built in; see package-store.ts for an S3-compatible one).
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/secrets';

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export interface FirmwareSettings {
  maxBytes: number;
  baseUrl: string;
  storeDir: string;
  /** the key of the download tokens (derived from the JWT secret) */
  tokenKey: Buffer;
}

export function firmwareSettings(
  config: Pick<ResolvedConfig, 'publicUrl' | 'dataDir' | 'jwtSecret'>,
  env: NodeJS.ProcessEnv = process.env,
): FirmwareSettings {
  const max = Number(env.FIRMWARE_MAX_BYTES);
  return {
    maxBytes: Number.isSafeInteger(max) && max > 0 ? max : DEFAULT_MAX_BYTES,
    baseUrl: (env.FIRMWARE_BASE_URL || config.publicUrl).replace(/\/+$/, ''),
    storeDir: path.join(config.dataDir, 'firmware'),
    tokenKey: createHash('sha256').update(`vfm-firmware-download|${config.jwtSecret}`).digest(),
  };
}
