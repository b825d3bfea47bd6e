// Password reset, password change and account validation (DESIGN §5 "Auth", ADR 0003): public
// calls, so the public scope.
import type { ChangePasswordRequest, ResetPasswordRequest } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { AppContext } from '../../plugins/context';
import type { Principal } from '../../plugins/auth';
import type { PublicScope } from '../../plugins/request-scope';
import { recordAccountEvent } from '../events/account-events';
import { hashPassword, verifyPassword } from '../../lib/password';
import { assertPasswordPolicy } from '../../lib/password-policy';
import { badRequest, forbidden, notAcceptable, unauthorized } from '../../lib/problem';
import { linkWithToken, mailLanguage, resetPasswordMail } from '../../mail/account-mails';
import { hasApplicationRole, verifyCredentials } from './credential-check';
import { issueOneTimeToken } from './one-time-tokens';
import {
  clearAccountFailures,
  consumeToken,
  countTokensSince,
  findAccountByEmail,
  findAccountById,
  findLiveToken,
  setAccountPassword,
  type CredentialAccount,
  type RevokeReason,
} from './queries';

/** At most this many reset e-mails per account per hour: the endpoint must not be a way to
 *  flood someone's mailbox. Extra requests still answer 204 and send nothing. */
export const RESET_MAILS_PER_HOUR = 5;

const invalidToken = () =>
  badRequest('The link is invalid, expired or already used.', undefined, 'INVALID_TOKEN');

const sameAsPrevious = () =>
  notAcceptable('Your new password must be different from the previous one.', 'SAME_PASSWORD');

export interface ChangePasswordCaller {
  ip: string;
  /** an Authorization header was sent */
  bearerSent: boolean;
  /** the verified caller, if the Bearer was valid */
  principal: Principal | null;
}

/**
 * Refuses a redirect outside PUBLIC_URL's origin (no phishing links in our e-mails). Without
 * PUBLIC_URL (a local demo) the loopback aliases of the default origin — localhost, 127.0.0.1,
 * [::1] on the same port — are the same site: the user may have typed any of them. Never
 * the Host header: anyone can send one.
 */
export function assertRedirectAllowed(
  scope: Pick<PublicScope, 'ctx' | 'log'>,
  redirectUrl: string,
): void {
  let origin: string | null = null;
  try {
    origin = new URL(redirectUrl).origin;
  } catch {
    // not a URL: refused below
  }
  const allowed = allowedRedirectOrigins(scope.ctx.config);
  if (origin === null || !allowed.includes(origin)) {
    scope.log.warn(
      { redirectOrigin: origin, allowed },
      'password reset refused: redirectUrl is not on PUBLIC_URL (set PUBLIC_URL to the address users open)',
    );
    throw badRequest(
      `redirectUrl must be on ${allowed[0]}.`,
      [{ field: 'redirectUrl', message: 'is not on an allowed origin' }],
      'REDIRECT_NOT_ALLOWED',
    );
  }
}

/**
 * The e-mail part of POST auth/reset-password, run after the answer (204 either way): only
 * an account holding the application's role gets a link; the newest link kills older ones.
 */
export async function sendResetMail(scope: PublicScope, input: ResetPasswordRequest) {
  const { database, ctx, now } = scope;
  const account = await findAccountByEmail(database, input.email);
  if (!account || !hasApplicationRole(account.roles, input.application, ctx.config.applicationKey))
    return;
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if (
    (await countTokensSince(database, account.id, 'RESET_PASSWORD', hourAgo)) >=
    RESET_MAILS_PER_HOUR
  )
    return;
  const token = await issueOneTimeToken(database, account.id, 'RESET_PASSWORD', now);
  const language = mailLanguage(account.language, scope.language);
  await ctx.mailer.send(
    resetPasswordMail({
      to: account.email,
      fullName: account.fullName,
      language,
      link: linkWithToken(input.redirectUrl, account.email, token, language),
    }),
  );
}

/** POST auth/validation: is this a live account-validation token? (not used up by asking) */
export async function checkValidationToken(scope: PublicScope, token: string): Promise<void> {
  const live = await findLiveToken(scope.database, token, ['ACCOUNT_VALIDATION'], scope.now);
  if (!live) throw invalidToken();
}

export async function changePassword(
  scope: PublicScope,
  input: ChangePasswordRequest,
  caller: ChangePasswordCaller,
): Promise<void> {
  assertPasswordPolicy(input.newPassword, 'newPassword');
  if (input.token) await changeWithToken(scope, input, input.token);
  else await changeWithCurrentPassword(scope, input, caller);
}

/** A reset or validation link proves the e-mail is the caller's: sets the password and
 *  activates the account (a PENDING account validated by either link). */
async function changeWithToken(
  scope: PublicScope,
  input: ChangePasswordRequest,
  token: string,
): Promise<void> {
  const { database, now } = scope;
  const live = await findLiveToken(database, token, ['RESET_PASSWORD', 'ACCOUNT_VALIDATION'], now);
  const account = live && (await findAccountById(database, live.accountId));
  if (!live || !account || account.email !== input.email.toLowerCase()) throw invalidToken();
  if (account.passwordHash && (await verifyPassword(account.passwordHash, input.newPassword))) {
    throw sameAsPrevious();
  }
  const reset = live.purpose === 'RESET_PASSWORD';
  await setOwnPassword(scope, account, input.newPassword, {
    reason: reset ? 'PASSWORD_RESET' : 'PASSWORD_CHANGED',
    event: reset ? 'ACCOUNT_PASSWORD_RESET' : 'ACCOUNT_VALIDATED',
    // single use, also when two requests present the link at once
    claim: async (tx) => {
      if (!(await consumeToken(tx, token, now))) throw invalidToken();
    },
  });
}

/** SPEC §7 lists change-password as public: the correct current password is the proof,
 *  throttled like a sign-in. A Bearer, when sent, must be the same person's. */
async function changeWithCurrentPassword(
  scope: PublicScope,
  input: ChangePasswordRequest,
  caller: ChangePasswordCaller,
): Promise<void> {
  if (!input.password) {
    throw badRequest('password (the current password) is required without a token.', [
      { field: 'password', message: 'is required' },
    ]);
  }
  if (caller.bearerSent && !caller.principal) {
    throw unauthorized('A valid access token is required.', 'TOKEN_INVALID');
  }
  if (caller.principal && caller.principal.email !== input.email.toLowerCase()) {
    throw forbidden('The access token belongs to another account.', 'EMAIL_MISMATCH');
  }
  const account = await verifyCredentials(scope, {
    email: input.email,
    password: input.password,
    application: input.application,
    ip: caller.ip,
  });
  if (input.newPassword === input.password) throw sameAsPrevious();
  await setOwnPassword(scope, account, input.newPassword, {
    reason: 'PASSWORD_CHANGED',
    event: 'ACCOUNT_PASSWORD_CHANGED',
  });
}

/**
 * The owner sets their password (audited as their own act); afterwards earlier failed
 * sign-ins (maybe an attacker's) no longer count against the account.
 */
async function setOwnPassword(
  scope: PublicScope,
  account: CredentialAccount,
  newPassword: string,
  how: {
    reason: RevokeReason;
    event: 'ACCOUNT_PASSWORD_RESET' | 'ACCOUNT_VALIDATED' | 'ACCOUNT_PASSWORD_CHANGED';
    /** a check inside the transaction before the password is set */
    claim?: (tx: TxQuery) => Promise<void>;
  },
): Promise<void> {
  const { database, now } = scope;
  const hash = await hashPassword(newPassword);
  await database.transaction(async (tx) => {
    await how.claim?.(tx);
    await setAccountPassword(tx, account.id, hash, how.reason, now);
    await recordAccountEvent(tx, {
      fleetId: account.fleetId,
      name: how.event,
      actorEmail: account.email,
      account,
      at: now,
    });
  });
  await clearAccountFailures(database, account.email);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** PUBLIC_URL's origin, and without PUBLIC_URL its loopback aliases on the same port. */
export function allowedRedirectOrigins(
  config: Pick<AppContext['config'], 'publicUrl' | 'publicUrlDefaulted'>,
): string[] {
  const publicUrl = new URL(config.publicUrl);
  if (!config.publicUrlDefaulted) return [publicUrl.origin];
  const port = publicUrl.port ? `:${publicUrl.port}` : '';
  return [
    publicUrl.origin,
    ...LOOPBACK_HOSTS.map((host) => `${publicUrl.protocol}//${host}${port}`).filter(
      (origin) => origin !== publicUrl.origin,
    ),
  ];
}
