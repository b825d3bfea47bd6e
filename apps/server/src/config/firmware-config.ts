// The firmware module's settings (ADR 0129, ADR 0134, docs/firmware.md "Settings"), parsed by
// loadConfig (config.ts) with its helpers like every other variable: the largest package, the
// address modules download from, where packages are kept (DATA_DIR or an S3-compatible bucket)
// and the defaults of a new campaign.

export interface FirmwareS3Config {
  /** the service's address, e.g. https://s3.eu-west-3.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  /** never logged (config is not logged; the store keeps it in its signer only) */
  secretAccessKey: string;
  /** `endpoint/bucket/key` (true, MinIO and most S3-compatible services) or `bucket.endpoint/key` */
  pathStyle: boolean;
  /** prepended to every object key, e.g. `vfm/firmware/` */
  prefix: string;
}

export interface FirmwareConfig {
  /** FIRMWARE_MAX_BYTES: the largest package (413 beyond) */
  maxBytes: number;
  /** FIRMWARE_BASE_URL: the origin modules download from; null = PUBLIC_URL */
  baseUrl: string | null;
  /** FIRMWARE_STORE: `file` (DATA_DIR/firmware) or `s3` (FIRMWARE_S3_*) */
  store: 'file' | 's3';
  s3: FirmwareS3Config | null;
  /** a campaign's defaults when its request does not say */
  defaults: { canaryPercent: number; pacePerMinute: number; maxFailurePercent: number };
}

export const DEFAULT_FIRMWARE_MAX_BYTES = 64 * 1024 * 1024;

interface Parsers {
  env: Record<string, string | undefined>;
  problems: string[];
  int(name: string, fallback: number, min: number, max: number): number;
  bool(name: string, fallback: boolean): boolean;
  url(name: string, protocols: string[]): string | null;
}

export function parseFirmwareConfig({ env, problems, int, bool, url }: Parsers): FirmwareConfig {
  const store = env.FIRMWARE_STORE || 'file';
  if (store !== 'file' && store !== 's3')
    problems.push(`FIRMWARE_STORE must be file or s3 (got "${store}")`);
  const endpoint = url('FIRMWARE_S3_ENDPOINT', ['https:', 'http:']);
  const s3Parts = {
    FIRMWARE_S3_ENDPOINT: endpoint ?? '',
    FIRMWARE_S3_BUCKET: env.FIRMWARE_S3_BUCKET || '',
    FIRMWARE_S3_ACCESS_KEY: env.FIRMWARE_S3_ACCESS_KEY || '',
    FIRMWARE_S3_SECRET_KEY: env.FIRMWARE_S3_SECRET_KEY || '',
  };
  const missing = Object.entries(s3Parts)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (store === 's3' && missing.length)
    problems.push(`FIRMWARE_STORE=s3 needs ${missing.join(', ')}`);
  const bucket = s3Parts.FIRMWARE_S3_BUCKET;
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push('FIRMWARE_S3_BUCKET must be an S3 bucket name (3–63 of a–z 0–9 . -)');
  const prefix = env.FIRMWARE_S3_PREFIX || '';
  if (prefix && !/^[A-Za-z0-9_./-]+$/.test(prefix))
    problems.push('FIRMWARE_S3_PREFIX may hold only A–Z a–z 0–9 _ . / -');
  const s3: FirmwareS3Config | null =
    store === 's3' && !missing.length
      ? {
          endpoint: endpoint!.replace(/\/+$/, ''),
          bucket,
          region: env.FIRMWARE_S3_REGION || 'us-east-1',
          accessKeyId: s3Parts.FIRMWARE_S3_ACCESS_KEY,
          secretAccessKey: s3Parts.FIRMWARE_S3_SECRET_KEY,
          pathStyle: bool('FIRMWARE_S3_PATH_STYLE', true),
          prefix,
        }
      : null;
  const baseUrl = url('FIRMWARE_BASE_URL', ['http:', 'https:']);
  return {
    maxBytes: int('FIRMWARE_MAX_BYTES', DEFAULT_FIRMWARE_MAX_BYTES, 1, 2 ** 40),
    baseUrl: baseUrl ? baseUrl.replace(/\/+$/, '') : null,
    store: store === 's3' ? 's3' : 'file',
    s3,
    defaults: {
      canaryPercent: int('FIRMWARE_CANARY_PERCENT', 10, 0, 100),
      pacePerMinute: int('FIRMWARE_PACE_PER_MINUTE', 100, 1, 10_000),
      maxFailurePercent: int('FIRMWARE_MAX_FAILURE_PERCENT', 20, 0, 100),
    },
  };
}
