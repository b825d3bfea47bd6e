// The live stream's one notice channel (docs/architecture.md "The database's notice channels"):
// every process's stream hub LISTENs on it, and three writers speak on it, each notice told
// apart by its shape — a fleet's changes `{fleetId, kinds, bikes?}` (modules/bikes/
// fleet-changes.ts), users' notifications `{fleetId, accounts}` (notifications' queries), ended
// sessions `{sessions}` (lib/session-ends.ts). Delivered at commit, on PGlite and PostgreSQL.
export const LIVE_CHANNEL = 'vfm_fleet';
