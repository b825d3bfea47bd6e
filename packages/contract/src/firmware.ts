// Firmware of the IoT modules (ADR 0129, docs/firmware.md): packages uploaded by a fleet's
// administrators (one module model, one version, its SHA-256), campaigns that offer a package
// to a target of modules — a canary share first, then the rest at a pace —, and each module's
// state in a campaign. The offer and the module's reports over MQTT are in mqtt.ts
// (`down/firmware`, `up/firmware`).
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdParamsSchema, Nullable, StringEnum } from './schema-helpers';

const strict = { additionalProperties: false } as const;

/** A version or module model: short, printable, no slash (it names files). */
export const FIRMWARE_TEXT_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._+-]{0,39}$';
export const SHA256_PATTERN = '^[0-9a-f]{64}$';

/** The states a module reports while it updates (`up/firmware`). */
export const FIRMWARE_REPORT_STATES = [
  'DOWNLOADING',
  'DOWNLOADED',
  'VERIFIED',
  'UPDATING',
  'UPDATED',
  'FAILED',
] as const;
export type FirmwareReportState = (typeof FIRMWARE_REPORT_STATES)[number];

/**
 * A module's state in a campaign: PENDING (not offered yet), WAITING (asleep or on a ride: at
 * its next wake or the ride's end), OFFERED (sent, no answer yet), the reported states,
 * SKIPPED (left out: the campaign was aborted before its turn, or its bike left the fleet).
 */
export const FIRMWARE_TARGET_STATES = [
  'PENDING',
  'WAITING',
  'OFFERED',
  ...FIRMWARE_REPORT_STATES,
  'SKIPPED',
] as const;
export type FirmwareTargetState = (typeof FIRMWARE_TARGET_STATES)[number];

export const FIRMWARE_CAMPAIGN_STATES = [
  'CANARY',
  'AWAITING_APPROVAL',
  'RUNNING',
  'PAUSED',
  'FINISHED',
  'ABORTED',
] as const;
export type FirmwareCampaignState = (typeof FIRMWARE_CAMPAIGN_STATES)[number];

/** The audit events of firmware (source MANAGER, or the campaign's own steps). */
export const FIRMWARE_AUDIT_EVENT_NAMES = [
  'FIRMWARE_PACKAGE_UPLOADED',
  'FIRMWARE_PACKAGE_DELETED',
  'FIRMWARE_CAMPAIGN_CREATED',
  'FIRMWARE_CAMPAIGN_CANARY_DONE',
  'FIRMWARE_CAMPAIGN_APPROVED',
  'FIRMWARE_CAMPAIGN_PAUSED',
  'FIRMWARE_CAMPAIGN_RESUMED',
  'FIRMWARE_CAMPAIGN_ABORTED',
  'FIRMWARE_CAMPAIGN_FINISHED',
] as const;
/** A bike's firmware steps in its history. */
export const FIRMWARE_BIKE_EVENT_NAMES = [
  'FIRMWARE_OFFERED',
  'FIRMWARE_UPDATED',
  'FIRMWARE_FAILED',
] as const;

export const FirmwarePackageSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    version: Type.String(),
    moduleModel: Type.String(),
    fileName: Type.String(),
    size: Type.Integer({ minimum: 0 }),
    sha256: Type.String({ pattern: SHA256_PATTERN }),
    uploadedAt: DateTime(),
    uploadedBy: Nullable(Type.String()),
    /** campaigns not finished nor aborted that offer it (deleting it is refused then) */
    activeCampaigns: Type.Integer({ minimum: 0 }),
  },
  { ...strict, title: 'FirmwarePackage' },
);
export type FirmwarePackage = Static<typeof FirmwarePackageSchema>;
export const FirmwarePackageListSchema = Type.Object(
  { packages: Type.Array(FirmwarePackageSchema) },
  strict,
);
export type FirmwarePackageList = Static<typeof FirmwarePackageListSchema>;

export const FirmwareIdParamsSchema = IdParamsSchema;

const Percent = Type.Integer({ minimum: 0, maximum: 100 });
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM' });

export const FirmwareTargetSpecSchema = Type.Object(
  {
    /** module models (the bikes' hardware version); the package's model when empty */
    models: Type.Optional(
      Type.Array(Type.String({ pattern: FIRMWARE_TEXT_PATTERN }), { maxItems: 20 }),
    ),
    groupIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100 })),
    vehicleNumbers: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 45 }), { maxItems: 10_000 }),
    ),
  },
  strict,
);
export type FirmwareTargetSpec = Static<typeof FirmwareTargetSpecSchema>;

export const FirmwareCampaignCreateSchema = Type.Object(
  {
    packageId: Type.String({ format: 'uuid' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    target: FirmwareTargetSpecSchema,
    /** share of the target offered first (at least one module) */
    canaryPercent: Type.Optional(Percent),
    /** the canary's success rate that approves the rest by itself; absent: an administrator approves */
    autoApproveSuccessPercent: Type.Optional(Nullable(Percent)),
    /** modules offered a minute at most */
    pacePerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    /** failures among the modules settled above which the campaign pauses by itself */
    maxFailurePercent: Type.Optional(Percent),
    /** offers only between these times (UTC); both or neither */
    windowStart: Type.Optional(Nullable(ClockTime)),
    windowEnd: Type.Optional(Nullable(ClockTime)),
  },
  { ...strict, title: 'FirmwareCampaignCreate' },
);
export type FirmwareCampaignCreate = Static<typeof FirmwareCampaignCreateSchema>;

export const FirmwareCountsSchema = Type.Record(Type.String(), Type.Integer({ minimum: 0 }), {
  description: 'modules per state (FIRMWARE_TARGET_STATES)',
});

export const FirmwareCampaignSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    packageId: Type.String({ format: 'uuid' }),
    version: Type.String(),
    moduleModel: Type.String(),
    state: StringEnum(FIRMWARE_CAMPAIGN_STATES),
    pausedReason: Nullable(Type.String()),
    canaryPercent: Percent,
    autoApproveSuccessPercent: Nullable(Percent),
    pacePerMinute: Type.Integer(),
    maxFailurePercent: Percent,
    windowStart: Nullable(Type.String()),
    windowEnd: Nullable(Type.String()),
    createdAt: DateTime(),
    createdBy: Nullable(Type.String()),
    finishedAt: Nullable(DateTime()),
    total: Type.Integer({ minimum: 0 }),
    counts: FirmwareCountsSchema,
  },
  { ...strict, title: 'FirmwareCampaign' },
);
export type FirmwareCampaign = Static<typeof FirmwareCampaignSchema>;
export const FirmwareCampaignListSchema = Type.Object(
  { campaigns: Type.Array(FirmwareCampaignSchema) },
  strict,
);
export type FirmwareCampaignList = Static<typeof FirmwareCampaignListSchema>;

export const FirmwareTargetSchema = Type.Object(
  {
    vehicleNumber: Type.String(),
    moduleId: Nullable(Type.String()),
    canary: Type.Boolean(),
    state: StringEnum(FIRMWARE_TARGET_STATES),
    progress: Nullable(Percent),
    reason: Nullable(Type.String()),
    attempts: Type.Integer({ minimum: 0 }),
    previousVersion: Nullable(Type.String()),
    updatedAt: DateTime(),
  },
  strict,
);
export type FirmwareTarget = Static<typeof FirmwareTargetSchema>;
export const FirmwareCampaignDetailSchema = Type.Object(
  { campaign: FirmwareCampaignSchema, targets: Type.Array(FirmwareTargetSchema) },
  { ...strict, title: 'FirmwareCampaignDetail' },
);
export type FirmwareCampaignDetail = Static<typeof FirmwareCampaignDetailSchema>;

export const FirmwareVersionsSchema = Type.Object(
  {
    versions: Type.Array(
      Type.Object(
        {
          moduleModel: Nullable(Type.String()),
          version: Nullable(Type.String()),
          bikes: Type.Integer({ minimum: 0 }),
        },
        strict,
      ),
    ),
  },
  { ...strict, title: 'FirmwareVersions' },
);
export type FirmwareVersions = Static<typeof FirmwareVersionsSchema>;

export const FirmwareBikeHistorySchema = Type.Object(
  {
    currentVersion: Nullable(Type.String()),
    moduleModel: Nullable(Type.String()),
    updates: Type.Array(
      Type.Object(
        {
          campaignId: Type.String({ format: 'uuid' }),
          campaignName: Type.String(),
          version: Type.String(),
          previousVersion: Nullable(Type.String()),
          state: StringEnum(FIRMWARE_TARGET_STATES),
          reason: Nullable(Type.String()),
          updatedAt: DateTime(),
        },
        strict,
      ),
    ),
  },
  { ...strict, title: 'FirmwareBikeHistory' },
);
export type FirmwareBikeHistory = Static<typeof FirmwareBikeHistorySchema>;
