// Reads the claims of an access token (SPEC §3: ID, sub, ROLES). The signature is the
// server's business: the client only needs to know who it is and which roles it holds.

export interface TokenClaims {
  /** user (account) id */
  ID?: string;
  /** e-mail */
  sub?: string;
  ROLES?: string[];
  /** expiry, seconds since the epoch */
  exp?: number;
}

/** The payload of a JWT, or null when the token is not a readable JWT. */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!claims || typeof claims !== 'object') return null;
    const { ID, sub, ROLES, exp } = claims as Record<string, unknown>;
    return {
      ID: typeof ID === 'string' ? ID : undefined,
      sub: typeof sub === 'string' ? sub : undefined,
      ROLES: Array.isArray(ROLES) ? ROLES.filter((r): r is string => typeof r === 'string') : [],
      exp: typeof exp === 'number' ? exp : undefined,
    };
  } catch {
    return null;
  }
}

/** True when the token cannot be used any more (unreadable or past its expiry). */
export function isTokenExpired(token: string | null, nowMs: number = Date.now()): boolean {
  const claims = decodeClaims(token);
  if (!claims) return true;
  return claims.exp !== undefined && claims.exp * 1000 <= nowMs;
}
