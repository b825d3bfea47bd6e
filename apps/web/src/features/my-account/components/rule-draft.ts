// The editable state of an alert rule's form (docs/notifications.md): the rule's fields, the quiet hours
// as separate inputs, the vehicle numbers as typed.
import {
  WEEKDAYS,
  type NotificationRule,
  type NotificationRuleCreate,
  type Weekday,
} from '@vfm/contract';

export type Draft = Omit<NotificationRuleCreate, 'quietHours'> & {
  quiet: boolean;
  quietFrom: string;
  quietTo: string;
  quietDays: Weekday[];
  timeZone: string;
  numbersText: string;
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Paris';

export function draftOf(rule: NotificationRule | null): Draft {
  return {
    name: rule?.name ?? '',
    enabled: rule?.enabled ?? true,
    kinds: rule?.kinds ?? ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
    bikeScope: rule?.bikeScope ?? 'ALL',
    groupIds: rule?.groupIds ?? [],
    vehicleNumbers: rule?.vehicleNumbers ?? [],
    numbersText: (rule?.vehicleNumbers ?? []).join(', '),
    channels: rule?.channels ?? ['IN_APP', 'EMAIL'],
    minSeverity: rule?.minSeverity ?? 'MINOR',
    quiet: Boolean(rule?.quietHours),
    quietFrom: rule?.quietHours?.from ?? '22:00',
    quietTo: rule?.quietHours?.to ?? '07:00',
    quietDays: rule?.quietHours?.days ?? [...WEEKDAYS],
    timeZone: rule?.quietHours?.timeZone ?? browserTimeZone(),
    alwaysNotify: rule?.alwaysNotify ?? [],
    digest: rule?.digest ?? 'NONE',
    fleetWide: rule?.fleetWide ?? false,
  };
}

export const toggle = <T>(list: readonly T[], value: T) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
