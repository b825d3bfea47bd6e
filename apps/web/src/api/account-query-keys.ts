// The query keys of the sign-in screens and the session, apart from the rest (query-keys.ts
// spreads them into queryKeys): the sign-in route loads this file only, not every feature's
// keys (its JavaScript budget of 150 KB, docs/performance.md "Web bundle").
export const accountQueryKeys = {
  applicationSettings: (applicationKey: string, language: string) =>
    ['application-settings', applicationKey, language] as const,
  appSettings: ['app-settings'] as const,
  me: ['accounts', 'me'] as const,
  /** an account's photo in one version (ADR 0079) */
  accountPhoto: (accountId: string, version: string) =>
    ['account-photo', accountId, version] as const,
  userSettings: (userId: string | null) => ['user-settings', userId] as const,
} as const;
