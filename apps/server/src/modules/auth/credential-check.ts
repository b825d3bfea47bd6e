// The proof of a sign-in, shared by POST auth/login and change-password without a token
// (ADR 0003, 0041): throttle first (the attempt counted), exactly one argon2 verification whatever the e-mail, and one
// 403 body for an unknown e-mail, a wrong password, a PENDING account or a missing role.
import type { AppContext } from '../../plugins/context';
import { decoyHash, verifyPassword } from '../../lib/password';
import { forbidden } from '../../lib/problem';
import { findAccountByEmail, hasApplicationRole, type CredentialAccount } from './credentials';
import { LoginThrottle } from './throttle';

/** SPEC §8 shows one message for all of these: the caller must not learn which. */
export const invalidCredentials = () =>
  forbidden('Incorrect login or password.', 'INVALID_CREDENTIALS');

export interface CredentialInput {
  email: string;
  password: string;
  application: string;
  ip: string;
}

export class CredentialCheck {
  readonly throttle: LoginThrottle;

  constructor(private readonly ctx: AppContext) {
    this.throttle = new LoginThrottle(ctx.database, ctx.now);
  }

  /** The account if the credentials are right; otherwise a counted failure and a 403. */
  async verify(input: CredentialInput): Promise<CredentialAccount> {
    const keys = { email: input.email, ip: input.ip };
    // counted before the check, so parallel guesses cannot all pass a limit (ADR 0041)
    const attempt = await this.throttle.admit(keys);
    const account = await findAccountByEmail(this.ctx.database, input.email);
    const passwordOk = await verifyPassword(
      account?.passwordHash ?? (await decoyHash()),
      input.password,
    );
    if (
      !account ||
      !passwordOk ||
      account.status !== 'ACTIVE' ||
      !hasApplicationRole(account.roles, input.application, this.ctx.config.applicationKey)
    ) {
      throw invalidCredentials();
    }
    await this.throttle.uncount(attempt);
    return account;
  }
}
