// The rule every manager starts with (docs/notifications.md): a theft — the module's alarm or a reported
// one — in the app and by e-mail, day and night. Given when the account is created (accounts
// service, demo seed, admin CLI); migration 0830 gave it to the managers that existed.
import { ROLE_USER, isLanguage, type Language } from '@vfm/contract';
import type { Queryable } from '../../db/client';
import { insertRule, type RuleValues } from './queries';

const DEFAULT_RULE_NAMES: Record<Language, string> = {
  fr: 'Vols',
  en: 'Thefts',
  de: 'Diebstähle',
  es: 'Robos',
  it: 'Furti',
  nl: 'Diefstallen',
  zh: '盗窃',
  cs: 'Krádeže',
  pt: 'Roubos',
  pl: 'Kradzieże',
  fi: 'Varkaudet',
};

export function defaultRuleValues(language: string): RuleValues {
  return {
    name: DEFAULT_RULE_NAMES[isLanguage(language) ? language : 'fr'],
    enabled: true,
    kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
    bikeScope: 'ALL',
    groupIds: [],
    bikeIds: [],
    channels: ['IN_APP', 'EMAIL'],
    minSeverity: 'MINOR',
    quietHours: null,
    alwaysNotify: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
    digest: 'NONE',
  };
}

/** Gives a new account its default rule when it is a manager's (inside its transaction). */
export async function giveDefaultRule(
  tx: Queryable,
  account: { id: string; fleetId: string; roles: readonly string[]; language: string },
) {
  if (!account.roles.includes(ROLE_USER)) return;
  await insertRule(tx, account.fleetId, account.id, defaultRuleValues(account.language), null, {
    isDefault: true,
  });
}
