// The proof of a sign-in, shared by POST auth/login and change-password without a token
// (ADR 0003, 0041): throttle first (the attempt counted), exactly one argon2 verification
// whatever the e-mail, and one 403 body for an unknown e-mail, a wrong password, a PENDING
// account or a missing role.
import { ROLE_ADMIN, ROLE_USER } from '@vfm/contract';
import type { PublicScope } from '../../plugins/request-scope';
import { decoyHash, verifyPassword } from '../../lib/password';
import { forbidden } from '../../lib/problem';
import { deleteAttempt, findAccountByEmail, type CredentialAccount } from './queries';
import { admitAttempt } from './throttle';

/** SPEC §8 shows one message for all of these: the caller must not learn which. */
export const invalidCredentials = () =>
  forbidden('Incorrect login or password.', 'INVALID_CREDENTIALS');

export interface CredentialInput {
  email: string;
  password: string;
  application: string;
  ip: string;
}

/**
 * SPEC §6: the application role is ROLE_{key} for a user and ROLE_{key}_ADMIN for an
 * administrator. Only the configured application is known to this server.
 */
export function hasApplicationRole(roles: string[], application: string, applicationKey: string) {
  if (application !== applicationKey) return false;
  return roles.includes(ROLE_USER) || roles.includes(ROLE_ADMIN);
}

/** The account if the credentials are right; otherwise a counted failure and a 403. */
export async function verifyCredentials(
  scope: PublicScope,
  input: CredentialInput,
): Promise<CredentialAccount> {
  // counted before the check, so parallel guesses cannot all pass a limit (ADR 0041)
  const attempt = await admitAttempt(scope, { email: input.email, ip: input.ip });
  const account = await findAccountByEmail(scope.database, input.email);
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await decoyHash()),
    input.password,
  );
  if (
    !account ||
    !passwordOk ||
    account.status !== 'ACTIVE' ||
    !hasApplicationRole(account.roles, input.application, scope.ctx.config.applicationKey)
  ) {
    throw invalidCredentials();
  }
  await deleteAttempt(scope.database, attempt.ids);
  return account;
}
