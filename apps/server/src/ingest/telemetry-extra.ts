// The telemetry fields the ingest keeps in the history row's `extra` (jsonb) rather than in a
// column of their own: protocol additions and what only some screens read (docs/mqtt.md). The
// battery health reads the pack's (docs/battery.md).
export const TELEMETRY_EXTRA = [
  'alarmActive',
  'batterySoh',
  'batteryCycles',
  'batteryNumber',
  'batteryTempC',
  'batteryEnergyWh',
  'firmware',
  'hardware',
  // the rules' tamper signals (docs/rules.md)
  'externalPower',
  'batteryPresent',
] as const;
