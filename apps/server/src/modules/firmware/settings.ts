// The firmware module's settings (ADR 0129, docs/firmware.md "Settings"), from the one typed
// configuration (config/firmware-config.ts: FIRMWARE_MAX_BYTES, FIRMWARE_BASE_URL,
// FIRMWARE_STORE and FIRMWARE_S3_*, the campaigns' defaults), with what derives from it: the
// download address, the package store, the download tokens' key.
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/secrets';
import type { FirmwareConfig } from '../../config/firmware-config';
import { packageStore, type PackageStore } from './package-store';

export interface FirmwareSettings {
  maxBytes: number;
  baseUrl: string;
  store: PackageStore;
  defaults: FirmwareConfig['defaults'];
  /** the key of the download tokens (derived from the JWT secret) */
  tokenKey: Buffer;
}

export function firmwareSettings(
  config: Pick<ResolvedConfig, 'publicUrl' | 'dataDir' | 'jwtSecret' | 'firmware'>,
): FirmwareSettings {
  const { firmware } = config;
  return {
    maxBytes: firmware.maxBytes,
    baseUrl: (firmware.baseUrl ?? config.publicUrl).replace(/\/+$/, ''),
    store: packageStore(
      firmware.store === 's3' && firmware.s3
        ? { kind: 's3', s3: firmware.s3 }
        : { kind: 'file', dir: firmwareDir(config.dataDir) },
    ),
    defaults: firmware.defaults,
    tokenKey: createHash('sha256').update(`vfm-firmware-download|${config.jwtSecret}`).digest(),
  };
}

/** DATA_DIR/firmware: the file store's folder */
export const firmwareDir = (dataDir: string) => path.join(dataDir, 'firmware');
