// The top-level sections of every <lang>.json. SPEC §3 reading B: the shared layer (sign-in
// screens, shell, toasts, validation and error messages) exists in all eleven languages;
// reading A: the fleet area is complete in fr, en and de and falls back to English elsewhere.
// Every section of en.json must be listed here (i18n.test.ts checks it).

export const SHARED_SECTIONS = [
  'common',
  'auth',
  'password',
  'validation',
  'errors',
  'messages',
  'shell',
  'ui',
] as const;

export const FLEET_SECTIONS = ['pages', 'myAccount'] as const;
