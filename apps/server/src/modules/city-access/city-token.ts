// A city's MDS access token (ADR 0085): an HS256 JWT signed with the server's JWT
// secret but for its own audience, so that a city token is never an API token (the API checks
// the application's audience and needs ID and sid) and a user token never an MDS one.
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { MDS_TOKEN_TTL_SECONDS } from '@vfm/contract';
import { CLOCK_SKEW_SECONDS, TOKEN_ALGORITHM, TOKEN_ISSUER } from '../../lib/access-token';

export const MDS_TOKEN_AUDIENCE = 'vfm-mds';

export interface CityTokenClaims {
  /** mds_client.id */
  sub: string;
  provider_id: string;
}

export class CityTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds = MDS_TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(clientId: string, providerId: string, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ provider_id: providerId, typ: 'mds' })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(clientId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(MDS_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The verified claims, or null for a bad, foreign or expired token. */
  async verify(token: string, now: Date): Promise<CityTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        currentDate: now,
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: MDS_TOKEN_AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub'],
        clockTolerance: CLOCK_SKEW_SECONDS,
        maxTokenAge: this.ttlSeconds,
      });
      if (payload.exp! - payload.iat! > this.ttlSeconds) return null;
      if (payload.typ !== 'mds' || typeof payload.provider_id !== 'string') return null;
      return { sub: payload.sub!, provider_id: payload.provider_id };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
