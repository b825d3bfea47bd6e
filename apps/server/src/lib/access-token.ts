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

export class AccessTokens {
  private readonly key: Uint8Array;

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
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
