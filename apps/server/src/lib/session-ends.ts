// Sessions that end (logout, revocation, password change, account disabled — ADR 0003) are
// announced on `pg_notify('vfm_session', [session ids])`, in the revoking transaction, so that
// every process closes the live streams of those sessions at once (ADR 0042) instead of at its
// next periodic session check.
// The notice is sent by announceSessionEnds() (modules/auth/queries/sessions.ts); this file holds
// its channel and reads it (the live stream's hub).

export const SESSION_CHANNEL = 'vfm_session';

/** The session ids of a notification; [] for anything else. */
export function parseSessionEnds(payload: string): string[] {
  try {
    const value: unknown = JSON.parse(payload);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
