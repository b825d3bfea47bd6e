// Sessions that end (logout, revocation, password change, account disabled — ADR 0003) are
// announced on the live channel as `{sessions: [ids]}` (lib/live-channel.ts), in the revoking
// transaction, so that every process closes the live streams of those sessions at once
// (ADR 0042) instead of at its next periodic session check.
// The notice is sent by announceSessionEnds() (modules/auth/queries/sessions.ts); this file
// reads it (the live stream's hub).

/** The session ids of a session-ends notice; null for any other notice of the channel. */
export function parseSessionEnds(payload: string): string[] | null {
  try {
    const value = JSON.parse(payload) as { sessions?: unknown } | null;
    if (!value || !Array.isArray(value.sessions)) return null;
    return value.sessions.filter((id): id is string => typeof id === 'string');
  } catch {
    return null;
  }
}
