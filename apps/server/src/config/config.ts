// The one typed configuration object (DESIGN §2 table). Nothing else reads process.env.
import os from 'node:os';
import path from 'node:path';
import { API_PREFIX, APPLICATION_KEY } from '@vfm/contract';
import { parseFirmwareConfig, type FirmwareConfig } from './firmware-config';

/** MQTT_MAX_PACKET_BYTES by default, also written into the generated mosquitto.conf */
export const DEFAULT_MQTT_MAX_PACKET_BYTES = 64 * 1024;

/** DESIGN §2 and ADR 0081: what a process does; the default process does everything */
export const PROCESS_ROLES = ['api', 'ingest', 'worker', 'simulator'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

export interface Config {
  nodeEnv: string;
  production: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; null = embedded PGlite in dataDir */
  databaseUrl: string | null;
  mqttUrl: string | null;
  mqttPort: number;
  /** MQTT_PORT was given: a busy port is an error instead of a fallback to a free one */
  mqttPortExplicit: boolean;
  /** MQTT 5 shared-subscription group of the ingest workers (with MQTT_URL) */
  mqttSharedGroup: string;
  /** client id of the server's persistent session on the external broker */
  mqttClientId: string;
  /** how long the external broker keeps the server's session (and queues its messages) */
  mqttSessionExpirySeconds: number;
  /** largest MQTT packet the embedded broker reads; a larger one closes the connection */
  mqttMaxPacketBytes: number;
  /** when set, GET /metrics needs `Authorization: Bearer <token>` */
  metricsToken: string | null;
  /** ingest batches: flush at this many messages… */
  ingestBatchRows: number;
  /** …or this long after the first message of the batch */
  ingestFlushMs: number;
  /** /readyz fails when received messages have waited this long with no commit (docs/operations.md) */
  ingestStallSeconds: number;
  /**
   * the map's markers are built and compressed at most once per this many ms per fleet and
   * filter, whatever the number of clients (ADR 0114); 0: checked at every call
   */
  markersSnapshotMs: number;
  /**
   * the ingest publishes a domain event when a batch starts or ends a warning (ADR 0081);
   * false (a diagnostic switch): alerts open and clear only at the per-minute sweep
   */
  alertDetection: boolean;
  /** ADR 0091: alerts open and cancel tasks by themselves (false: no tasks.automate job) */
  taskAutomation: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * webhooks may reach loopback, private, link-local and metadata addresses and use http
   * (security; tests and a private network only — docs/webhooks.md)
   */
  webhookAllowPrivate: boolean;
  /** at most this many automatic attempts per webhook endpoint and minute (0: no limit) */
  webhookRatePerMinute: number;
  /** the key that encrypts the webhooks' secrets; null: derived from the JWT secret */
  webhookSecretKey: string | null;
  /**
   * web push (ADR 0098): the VAPID key pair from the environment (both or none:
   * none = generated once and kept in the database) and the contact the push services see
   */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  vapidSubject: string;
  /**
   * the SMS channel's gateway (ADR 0124): a Twilio-compatible Messages API — SMS_URL,
   * SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM all set, or null (off: no SMS is planned)
   */
  sms: { url: string; accountSid: string; authToken: string; from: string } | null;
  /** at most one notification e-mail per user, bike and kind in this time; the rest wait for
   *  the next digest (docs/notifications.md) */
  notifyEmailThrottleMinutes: number;
  /** module firmware: package size, download address, store, campaign defaults (ADR 0129) */
  firmware: FirmwareConfig;
  /** corners a fleet may write into its zones per 10 minutes, per API process (ADR 0119) */
  zoneWriteCornersPer10Min: number;
  /** origin used in e-mail links and the only allowed reset redirect origin */
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is the local default (its loopback aliases count too) */
  publicUrlDefaulted: boolean;
  apiKeys: string[];
  /** null until resolveSecrets() generated or loaded one */
  jwtSecret: string | null;
  simulatorBikes: number;
  /** the share of commands a simulated module refuses, in % (the demo's realism; 0 in the e2e
   *  run, whose flows expect an acknowledgement) */
  simulatorCommandFailurePercent: number;
  demo: boolean;
  demoPassword: string;
  mapStyleUrl: string;
  /** the style drawn in dark mode (docs/manager-tools.md); empty: mapStyleUrl in both themes */
  mapStyleUrlDark: string;
  mapAccessToken: string;
  privacyPolicyUrl: string;
  helpUrl: string;
  logLevel: string;
  roles: ReadonlySet<ProcessRole>;
  bulkLimit: number;
  trustProxy: boolean;
  /** directory of the built web app; served with SPA fallback when it exists */
  webDir: string;
  applicationKey: string;
  apiPrefix: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const DEMO_API_KEY = 'vfm-demo-api-key';
export const DEFAULT_DEMO_PASSWORD = 'VfmDemo!2026';
export const MIN_JWT_SECRET_LENGTH = 32;

type Env = Record<string, string | undefined>;

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** Parse and validate the environment. Pure: secrets are resolved later by resolveSecrets(). */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${env[name]}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (raw === undefined || raw === '') return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got ${parsed.protocol})`);
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };
  const list = (name: string): string[] =>
    (env[name] ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);

  const port = int('PORT', 3000, 0, 65535);
  const mqttPort = int('MQTT_PORT', 1883, 0, 65535);
  const mqttSharedGroup = env.MQTT_SHARED_GROUP || 'vfm-ingest';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(mqttSharedGroup)) {
    problems.push('MQTT_SHARED_GROUP must be 1 to 64 letters, digits, "-" or "_"');
  }
  const demo = bool('DEMO', !production);
  // relative to where `npm …` was typed (INIT_CWD), not to the workspace npm runs in
  const baseDir = env.INIT_CWD || process.cwd();
  const dataDir = path.resolve(baseDir, env.DATA_DIR || 'data');

  const publicUrlRaw = url('PUBLIC_URL', ['http:', 'https:']);
  const publicUrl = (publicUrlRaw ?? `http://localhost:${port || 3000}`).replace(/\/+$/, '');

  const apiKeys = list('API_KEYS');
  for (const key of apiKeys) {
    if (key.length < 8) problems.push('API_KEYS entries must be at least 8 characters long');
  }

  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }

  const webhookSecretKey = env.WEBHOOK_SECRET_KEY || null;
  if (webhookSecretKey !== null && webhookSecretKey.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(`WEBHOOK_SECRET_KEY must be at least ${MIN_JWT_SECRET_LENGTH} characters long`);
  }

  const vapidPublicKey = env.VAPID_PUBLIC_KEY || null;
  const vapidPrivateKey = env.VAPID_PRIVATE_KEY || null;
  if (Boolean(vapidPublicKey) !== Boolean(vapidPrivateKey))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  else if (vapidPublicKey && !/^[A-Za-z0-9_-]{87}$/.test(vapidPublicKey))
    problems.push('VAPID_PUBLIC_KEY must be a URL-safe base64 P-256 public key (87 characters)');
  else if (vapidPrivateKey && !/^[A-Za-z0-9_-]{43}$/.test(vapidPrivateKey))
    problems.push('VAPID_PRIVATE_KEY must be a URL-safe base64 P-256 private key (43 characters)');
  // the push services' contact: the operator's, else the public site (https) or the sender
  const mailFrom = env.MAIL_FROM || 'VFM <no-reply@vfm.local>';
  const vapidSubject =
    env.VAPID_SUBJECT ||
    (publicUrl.startsWith('https:')
      ? publicUrl
      : `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`);
  if (!/^(https:\/\/|mailto:)\S+$/.test(vapidSubject))
    problems.push('VAPID_SUBJECT must be an https: URL or a mailto: address');

  const roleNames = list('VFM_ROLES');
  const roles = new Set<ProcessRole>();
  for (const role of roleNames.length ? roleNames : PROCESS_ROLES) {
    if ((PROCESS_ROLES as readonly string[]).includes(role)) roles.add(role as ProcessRole);
    else problems.push(`VFM_ROLES: unknown role "${role}" (${PROCESS_ROLES.join(', ')})`);
  }

  if (production) {
    if (!jwtSecret) problems.push('JWT_SECRET is required in production');
    if (demo) problems.push('DEMO must be false in production (demo accounts are not allowed)');
    if (apiKeys.length === 0) problems.push('API_KEYS is required in production');
    if (apiKeys.includes(DEMO_API_KEY)) problems.push('API_KEYS must not contain the demo key');
    if (!publicUrlRaw) problems.push('PUBLIC_URL is required in production');
  }

  // the SMS gateway (ADR 0124): all four, or none
  const smsUrl = url('SMS_URL', ['https:', 'http:']);
  const smsParts = {
    SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID || '',
    SMS_AUTH_TOKEN: env.SMS_AUTH_TOKEN || '',
    SMS_FROM: env.SMS_FROM || '',
  };
  const smsMissing = Object.entries(smsParts)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if ((smsUrl || env.SMS_URL) && smsMissing.length)
    problems.push(`SMS_URL is set: ${smsMissing.join(', ')} must be set too`);
  if (!smsUrl && !env.SMS_URL && smsMissing.length < 3)
    problems.push('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM need SMS_URL');
  const sms =
    smsUrl && !smsMissing.length
      ? {
          url: smsUrl,
          accountSid: smsParts.SMS_ACCOUNT_SID,
          authToken: smsParts.SMS_AUTH_TOKEN,
          from: smsParts.SMS_FROM,
        }
      : null;

  const demoPassword = env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD;

  const config: Config = {
    nodeEnv,
    production,
    host: env.HOST || '0.0.0.0',
    port,
    dataDir,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    mqttUrl: url('MQTT_URL', ['mqtt:', 'mqtts:', 'ws:', 'wss:']),
    mqttPort,
    mqttPortExplicit: env.MQTT_PORT !== undefined && env.MQTT_PORT !== '',
    mqttSharedGroup,
    mqttClientId: env.MQTT_CLIENT_ID || `vfm-ingest-${os.hostname()}`.slice(0, 64),
    mqttSessionExpirySeconds: int('MQTT_SESSION_EXPIRY', 86_400, 0, 0xffff_ffff),
    mqttMaxPacketBytes: int(
      'MQTT_MAX_PACKET_BYTES',
      DEFAULT_MQTT_MAX_PACKET_BYTES,
      1024,
      16 * 1024 * 1024,
    ),
    metricsToken: env.METRICS_TOKEN || null,
    ingestBatchRows: int('INGEST_BATCH_ROWS', 1000, 1, 50_000),
    ingestFlushMs: int('INGEST_FLUSH_MS', 100, 1, 250),
    ingestStallSeconds: int('INGEST_STALL_SECONDS', 30, 1, 3600),
    markersSnapshotMs: int('MARKERS_SNAPSHOT_MS', 1000, 0, 10_000),
    alertDetection: bool('ALERT_DETECTION', true),
    taskAutomation: bool('TASK_AUTOMATION', true),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    webhookAllowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
    webhookSecretKey,
    webhookRatePerMinute: int('WEBHOOK_RATE_PER_MINUTE', 3000, 0, 100_000),
    mailFrom,
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject,
    sms,
    notifyEmailThrottleMinutes: int('NOTIFY_EMAIL_THROTTLE_MINUTES', 30, 0, 24 * 60),
    firmware: parseFirmwareConfig({ env, problems, int, bool, url }),
    zoneWriteCornersPer10Min: int('ZONE_WRITE_CORNERS_PER_10_MIN', 400_000, 1_000, 100_000_000),
    publicUrl,
    publicUrlDefaulted: !publicUrlRaw,
    apiKeys: apiKeys.length ? apiKeys : [DEMO_API_KEY],
    jwtSecret,
    simulatorBikes: int('SIMULATOR_BIKES', demo ? 500 : 0, 0, 1_000_000),
    simulatorCommandFailurePercent: int('SIMULATOR_COMMAND_FAILURE_PERCENT', 2, 0, 100),
    demo,
    demoPassword,
    mapStyleUrl: url('MAP_STYLE_URL', ['https:', 'http:']) ?? '',
    mapStyleUrlDark: url('MAP_STYLE_URL_DARK', ['https:', 'http:']) ?? '',
    mapAccessToken: env.MAP_ACCESS_TOKEN || '',
    privacyPolicyUrl: env.PRIVACY_POLICY_URL || `${publicUrl}/privacy.html`,
    helpUrl: env.HELP_URL || '',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    roles,
    bulkLimit: int('BULK_LIMIT', 1000, 1, 100_000),
    trustProxy: bool('TRUST_PROXY', false),
    webDir: env.WEB_DIR ? path.resolve(baseDir, env.WEB_DIR) : path.join(serverRoot, '../web/dist'),
    applicationKey: APPLICATION_KEY,
    apiPrefix: API_PREFIX,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}
