// A valid alert rule's body for the notification tests, with overrides.
import type { NotificationRuleCreate } from '@vfm/contract';

export const ruleInput = (
  overrides: Partial<NotificationRuleCreate> | Record<string, unknown> = {},
) => ({
  name: 'Batteries',
  enabled: true,
  kinds: ['LOW_VEHICLE_BATTERY', 'LOW_MODULE_BATTERY'],
  bikeScope: 'ALL',
  channels: ['IN_APP'],
  minSeverity: 'MINOR',
  quietHours: null,
  alwaysNotify: [],
  digest: 'NONE',
  ...overrides,
});
