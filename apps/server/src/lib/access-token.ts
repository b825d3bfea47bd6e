// Access tokens (ADR 0003): HS256 JWT, 15 minutes, claims ID, sub, ROLES, fleet, sid.
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokenClaims } from '@vfm/contract';

export const TOKEN_ISSUER = 'vfm';
export const TOKEN_ALGORITHM = 'HS256';
/** clock difference tolerated between instances (iat, nbf, exp) */
export const CLOCK_SKEW_SECONDS = 30;

export interface AccessTokenSubject {
  accountId: string;
  email: string;
  roles: string[];
  fleetId: string;
  sessionId: string;
}

/** tokens whose signature was checked, kept per process (at most this many) */
const VERIFIED_KEPT = 5_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with the seconds between which jose accepts them: a client sends
   * the same token with each call for its 15 minutes, and checking its signature again (WebCrypto,
   * a promise per call) was ≈ 7 % of a task list's CPU (docs/performance.md). Outside that window jose
   * decides again; revocation is the session check's, after this one, as before.
   */
  private readonly verified = new Map<
    string,
    { claims: AccessTokenClaims; from: number; until: number }
  >();

  constructor(
    secret: string,
    private readonly audience: string,
    private readonly ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(subject: AccessTokenSubject, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      ID: subject.accountId,
      ROLES: subject.roles,
      fleet: subject.fleetId,
      sid: subject.sessionId,
    })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(subject.email)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(this.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The verified claims, or null for a bad, foreign or expired token. */
  async verify(token: string, now = new Date()): Promise<AccessTokenClaims | null> {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = this.verified.get(token);
    if (known && seconds >= known.from && seconds < known.until) return known.claims;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        currentDate: now,
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: this.audience,
        // a signed token without an end, issued or valid only in the future beyond the skew,
        // or older than our tokens live, is not one we issued
        requiredClaims: ['exp', 'iat'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        maxTokenAge: this.ttlSeconds,
      });
      // nor one that would live longer than ours do
      if (payload.exp! - payload.iat! > this.ttlSeconds) return null;
      const claims = payload as unknown as AccessTokenClaims;
      if (typeof claims.ID !== 'string' || typeof claims.sid !== 'string') return null;
      if (payload.nbf === undefined)
        this.keep(token, Object.freeze(claims), payload.iat!, payload.exp!);
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** jose's time checks as a window: iat - skew ≤ now < exp + skew, now ≤ iat + ttl + skew */
  private keep(token: string, claims: AccessTokenClaims, iat: number, exp: number) {
    if (this.verified.size >= VERIFIED_KEPT) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, {
      claims,
      from: iat - CLOCK_SKEW_SECONDS,
      until: Math.min(exp + CLOCK_SKEW_SECONDS, iat + this.ttlSeconds + CLOCK_SKEW_SECONDS + 1),
    });
  }
}
