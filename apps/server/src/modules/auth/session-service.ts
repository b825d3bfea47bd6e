// Sign-in, refresh and sign-out (DESIGN §5 "Auth", ADR 0003).
import type { LoginRequest, TokenPair } from '@vfm/contract';
import type { AppContext } from '../../plugins/context';
import type { AccessTokens } from '../../lib/access-token';
import { unauthorized } from '../../lib/problem';
import { CredentialCheck } from './credential-check';
import { findAccountById, type CredentialAccount } from './credentials';
import {
  createSession,
  issueRefreshToken,
  markSessionRefreshed,
  revokeSessions,
  rotateRefreshToken,
  sessionOfRefreshToken,
  type SessionMeta,
} from './sessions';

const refreshRefused = () =>
  unauthorized('The refresh token is not valid.', 'REFRESH_TOKEN_INVALID');

export class SessionService {
  private readonly credentials: CredentialCheck;

  constructor(
    private readonly ctx: AppContext,
    private readonly tokens: AccessTokens,
  ) {
    this.credentials = new CredentialCheck(ctx);
  }

  async login(input: LoginRequest, meta: SessionMeta): Promise<TokenPair> {
    const { database } = this.ctx;
    const account = await this.credentials.verify({ ...input, ip: meta.ip });
    await this.credentials.throttle.clearAccount(account.email);
    const now = this.ctx.now();
    return database.transaction(async (tx) => {
      const sessionId = await createSession(tx, account.id, meta, now);
      const jwtRefreshToken = await issueRefreshToken(tx, sessionId, now);
      await tx.query('UPDATE account SET last_login_at = $2 WHERE id = $1', [account.id, now]);
      return { jwtToken: await this.sign(account, sessionId, now), jwtRefreshToken };
    });
  }

  /** Rotates the refresh token; a replayed (already rotated) token revokes its whole family. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const now = this.ctx.now();
    const outcome = await this.ctx.database.transaction(async (tx) => {
      const rotation = await rotateRefreshToken(tx, refreshToken, now);
      if (rotation.kind === 'reused') {
        await revokeSessions(tx, { sessionId: rotation.sessionId }, 'REFRESH_TOKEN_REUSE', now);
        return null;
      }
      if (rotation.kind === 'unknown' || rotation.expiresAt <= now) return null;
      const [session] = await tx.query<{ account_id: string; revoked_at: Date | null }>(
        'SELECT account_id, revoked_at FROM auth_session WHERE id = $1',
        [rotation.sessionId],
      );
      if (!session || session.revoked_at) return null;
      const account = await findAccountById(tx, session.account_id);
      if (!account || account.status !== 'ACTIVE') return null;
      await markSessionRefreshed(tx, rotation.sessionId, now);
      const jwtRefreshToken = await issueRefreshToken(tx, rotation.sessionId, now);
      return { account, sessionId: rotation.sessionId, jwtRefreshToken };
    });
    if (!outcome) throw refreshRefused();
    const { account, sessionId, jwtRefreshToken } = outcome;
    // roles are read fresh: a role change shows in the next access token
    return { jwtToken: await this.sign(account, sessionId, now), jwtRefreshToken };
  }

  private sign(account: CredentialAccount, sessionId: string, now: Date) {
    const { id: accountId, email, roles, fleetId } = account;
    return this.tokens.sign({ accountId, email, roles, fleetId, sessionId }, now);
  }

  /** Ends the family of the token, whatever state the token is in; unknown tokens are a no-op. */
  async logout(refreshToken: string): Promise<void> {
    const sessionId = await sessionOfRefreshToken(this.ctx.database, refreshToken);
    if (sessionId) await revokeSessions(this.ctx.database, { sessionId }, 'LOGOUT', this.ctx.now());
  }
}
