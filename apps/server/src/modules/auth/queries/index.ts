// SQL of the auth module (ADR 0003, ADR 0112), one file per concern: accounts as sign-in sees
// them, sessions and refresh tokens, one-time tokens, counted sign-in attempts, the tables'
// housekeeping, and the API keys. Tokens are stored as their SHA-256 only.
export * from './accounts';
export * from './sessions';
export * from './one-time-tokens';
export * from './attempts';
export * from './housekeeping';
export * from './api-keys';
