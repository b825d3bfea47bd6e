// Sign-in, refresh and sign-out (DESIGN §5 "Auth", ADR 0003): public calls, so the public
// scope; the access token is signed by the auth plugin's signer.
import type { LoginRequest, TokenPair } from '@vfm/contract';
import type { AccessTokens } from '../../lib/access-token';
import type { PublicScope } from '../../plugins/request-scope';
import { unauthorized } from '../../lib/problem';
import { verifyCredentials } from './credential-check';
import {
  clearAccountFailures,
  createSession,
  findAccountById,
  findSession,
  issueRefreshToken,
  markLastLogin,
  markSessionRefreshed,
  revokeSessions,
  rotateRefreshToken,
  sessionOfRefreshToken,
  type CredentialAccount,
  type SessionMeta,
} from './queries';

const refreshRefused = () =>
  unauthorized('The refresh token is not valid.', 'REFRESH_TOKEN_INVALID');

export async function login(
  scope: PublicScope,
  tokens: AccessTokens,
  input: LoginRequest,
  meta: SessionMeta,
): Promise<TokenPair> {
  const { database, now } = scope;
  const account = await verifyCredentials(scope, { ...input, ip: meta.ip });
  await clearAccountFailures(database, account.email);
  return database.transaction(async (tx) => {
    const sessionId = await createSession(tx, account.id, meta, now);
    const jwtRefreshToken = await issueRefreshToken(tx, sessionId, now);
    await markLastLogin(tx, account.id, now);
    return { jwtToken: await sign(tokens, account, sessionId, now), jwtRefreshToken };
  });
}

/** Rotates the refresh token; a replayed (already rotated) token revokes its whole family. */
export async function refresh(
  scope: PublicScope,
  tokens: AccessTokens,
  refreshToken: string,
): Promise<TokenPair> {
  const { now } = scope;
  const outcome = await scope.database.transaction(async (tx) => {
    const rotation = await rotateRefreshToken(tx, refreshToken, now);
    if (rotation.kind === 'reused') {
      await revokeSessions(tx, { sessionId: rotation.sessionId }, 'REFRESH_TOKEN_REUSE', now);
      return null;
    }
    if (rotation.kind === 'unknown' || rotation.expiresAt <= now) return null;
    const session = await findSession(tx, rotation.sessionId);
    if (!session || session.revokedAt) return null;
    const account = await findAccountById(tx, session.accountId);
    if (!account || account.status !== 'ACTIVE') return null;
    await markSessionRefreshed(tx, rotation.sessionId, now);
    const jwtRefreshToken = await issueRefreshToken(tx, rotation.sessionId, now);
    return { account, sessionId: rotation.sessionId, jwtRefreshToken };
  });
  if (!outcome) throw refreshRefused();
  const { account, sessionId, jwtRefreshToken } = outcome;
  // roles are read fresh: a role change shows in the next access token
  return { jwtToken: await sign(tokens, account, sessionId, now), jwtRefreshToken };
}

/** Ends the family of the token, whatever state the token is in; unknown tokens are a no-op. */
export async function logout(scope: PublicScope, refreshToken: string): Promise<void> {
  const sessionId = await sessionOfRefreshToken(scope.database, refreshToken);
  if (sessionId) await revokeSessions(scope.database, { sessionId }, 'LOGOUT', scope.now);
}

function sign(tokens: AccessTokens, account: CredentialAccount, sessionId: string, now: Date) {
  const { id: accountId, email, roles, fleetId } = account;
  return tokens.sign({ accountId, email, roles, fleetId, sessionId }, now);
}
