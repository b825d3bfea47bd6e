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

// Features keep their own sections beside their code (features/<feature>/i18n, see
// feature-messages.ts); these are the fleet-area sections of the main files.
export const FLEET_SECTIONS = ['pages'] as const;
