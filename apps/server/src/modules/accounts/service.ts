// Fleet accounts for administrators (DESIGN §5 "Products, fleet, commands, accounts", SPEC §6): own fleet only (another
// fleet's account is a 404, never visible), an admin cannot delete or demote itself, every
// change is audited, and a new account gets the account-validation e-mail.
import {
  ACCOUNT_VALIDATION_PATH,
  ROLE_ADMIN,
  ROLE_TECHNICIAN,
  ROLE_USER,
  type Account,
  type AccountCreate,
  type AccountList,
  type AccountListQuery,
  type AccountSortField,
  type AccountUpdate,
} from '@vfm/contract';
import type { RequestScope } from '../../plugins/request-scope';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { recordAccountEvent, type AccountEventName } from '../events/account-events';
import { hashPassword } from '../../lib/password';
import { assertPasswordPolicy } from '../../lib/password-policy';
import { badRequest, conflict, notFound } from '../../lib/problem';
import { accountValidationMail, linkWithToken } from '../../mail/account-mails';
import type { Queryable } from '../../db/client';
import { issueOneTimeToken } from '../auth/one-time-tokens';
import { giveDefaultRule } from '../notifications/default-rule';
import { clearAccountFailures, setAccountPassword } from '../auth/queries';
import * as q from './queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

const emailTaken = () => conflict('An account with this e-mail already exists.', 'EMAIL_TAKEN');

/** admin and technician flags → roles, keeping any other role the account may hold; the
 *  roles are exclusive (ADR 0090): a flag left out keeps what the account had */
function rolesOf(roles: string[], input: { admin?: boolean; technician?: boolean }): string[] {
  const admin = input.admin ?? (input.technician ? false : roles.includes(ROLE_ADMIN));
  const technician = input.technician ?? (input.admin ? false : roles.includes(ROLE_TECHNICIAN));
  if (admin && technician) {
    throw badRequest('An account is an administrator or a field technician, not both.', [
      { field: 'technician', message: 'not with admin' },
    ]);
  }
  const mine = [ROLE_ADMIN, ROLE_USER, ROLE_TECHNICIAN];
  const others = roles.filter((role) => !mine.includes(role));
  return [
    ROLE_USER,
    ...(admin ? [ROLE_ADMIN] : []),
    ...(technician ? [ROLE_TECHNICIAN] : []),
    ...others,
  ];
}

/** A page of the fleet's accounts (docs/operations.md: bounded, photos by version only). */
export async function listAccounts(
  scope: RequestScope,
  query: AccountListQuery,
): Promise<AccountList> {
  const { page = 0, size = 50 } = query;
  const [sort, direction] = (query.sort ?? 'name,asc').split(',') as [AccountSortField, string?];
  const { content, total } = await q.listAccounts(scope.database, scope.fleetId, {
    text: query.q?.trim() || null,
    sort,
    descending: direction === 'desc',
    offset: page * size,
    limit: size,
  });
  return { content, totalElements: total, page, size };
}

export function getAccount(scope: RequestScope, id: string): Promise<Account> {
  return find(scope.database, scope, id);
}

/** A pending account; its validation e-mail leaves after the answer (`background`). */
export async function createAccount(
  scope: RequestScope,
  input: AccountCreate,
  background: BackgroundTasks,
): Promise<Account> {
  const { database, ctx, principal: admin, now } = scope;
  const { config, mailer } = ctx;
  const email = input.email.toLowerCase();
  if (await q.emailTaken(database, email)) throw emailTaken();
  const { account, token } = await database
    .transaction(async (tx) => {
      const created = await q.insertPendingAccount(
        tx,
        {
          fleetId: admin.fleetId,
          email,
          fullName: input.fullName,
          description: input.description ?? '',
          roles: rolesOf([], {
            admin: input.admin ?? false,
            technician: input.technician ?? false,
          }),
          language: input.language ?? scope.language,
        },
        now,
      );
      await audit(tx, scope, 'ACCOUNT_CREATED', created, { admin: created.admin });
      // docs/notifications.md: a new manager hears of thefts from the start
      await giveDefaultRule(tx, {
        id: created.id,
        fleetId: admin.fleetId,
        roles: rolesOf([], { admin: input.admin ?? false, technician: input.technician ?? false }),
        language: input.language ?? scope.language,
      });
      return {
        account: created,
        token: await issueOneTimeToken(tx, created.id, 'ACCOUNT_VALIDATION', now),
      };
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    });
  const link = `${config.publicUrl}${ACCOUNT_VALIDATION_PATH}`;
  // after the answer: a slow or broken mail server must not hold the administrator up, and
  // the account exists either way (an administrator can still set its password directly)
  background.run('account-validation mail', () =>
    mailer.send(
      accountValidationMail({
        to: account.email,
        fullName: account.fullName,
        language: account.language,
        link: linkWithToken(link, account.email, token, account.language),
      }),
    ),
  );
  return account;
}

export async function updateAccount(
  scope: RequestScope,
  id: string,
  input: AccountUpdate,
): Promise<Account> {
  const { principal: admin, now } = scope;
  return scope.database.transaction(async (tx) => {
    const current = await find(tx, scope, id);
    const demoted = input.admin === false || input.technician === true;
    if (demoted && current.id === admin.accountId) {
      throw conflict('An administrator cannot remove its own administrator role.', 'SELF_DEMOTION');
    }
    const updated = await q.updateAccount(
      tx,
      current.id,
      {
        fullName: input.fullName,
        description: input.description,
        language: input.language,
        phone: input.phone,
        roles:
          input.admin === undefined && input.technician === undefined
            ? undefined
            : rolesOf(current.roles, input),
      },
      now,
    );
    if (!updated) throw notFound(`No account ${id}.`, [id]);
    await audit(tx, scope, 'ACCOUNT_UPDATED', updated, { fields: Object.keys(input) });
    return updated;
  });
}

/** All or nothing: unknown or foreign ids → 404 naming them; the caller itself → 409. */
export async function deleteAccounts(scope: RequestScope, rawIds: string[]): Promise<void> {
  const { principal: admin, ctx } = scope;
  const ids = [...new Set(rawIds.flatMap((id) => id.split(',')).map((id) => id.trim()))].filter(
    Boolean,
  );
  if (!ids.length)
    throw badRequest('ids must name at least one account.', [
      { field: 'ids', message: 'is empty' },
    ]);
  if (ids.length > ctx.config.bulkLimit) {
    throw badRequest(`At most ${ctx.config.bulkLimit} accounts per call.`, [
      { field: 'ids', message: `has more than ${ctx.config.bulkLimit} items` },
    ]);
  }
  if (ids.some((id) => id.toLowerCase() === admin.accountId)) {
    throw conflict('An administrator cannot delete its own account.', 'SELF_DELETION');
  }
  await scope.database.transaction(async (tx) => {
    const found = await q.findAccounts(
      tx,
      admin.fleetId,
      ids.filter((id) => UUID.test(id)),
    );
    const foundIds = new Set(found.map((account) => account.id));
    const missing = ids.filter((id) => !foundIds.has(id.toLowerCase()));
    if (missing.length) throw notFound(`No account ${missing.join(', ')}.`, missing);
    for (const account of found) await audit(tx, scope, 'ACCOUNT_DELETED', account);
    // sessions go with the account (ON DELETE CASCADE): its tokens are refused at once
    await q.deleteAccounts(tx, admin.fleetId, [...foundIds]);
  });
}

/** SPEC §8 "The password has been changed and the user can log in now." */
export async function setAccountPasswordByAdmin(
  scope: RequestScope,
  id: string,
  password: string,
): Promise<void> {
  assertPasswordPolicy(password, 'password');
  const hash = await hashPassword(password);
  const { now } = scope;
  const account = await scope.database.transaction(async (tx) => {
    const target = await find(tx, scope, id);
    await setAccountPassword(tx, target.id, hash, 'PASSWORD_SET_BY_ADMIN', now);
    await audit(tx, scope, 'ACCOUNT_PASSWORD_SET', target);
    return target;
  });
  await clearAccountFailures(scope.database, account.email);
}

async function find(db: Queryable, scope: RequestScope, id: string): Promise<Account> {
  const [account] = UUID.test(id) ? await q.findAccounts(db, scope.fleetId, [id]) : [];
  if (!account) throw notFound(`No account ${id}.`, [id]);
  return account;
}

function audit(
  db: Queryable,
  scope: RequestScope,
  name: AccountEventName,
  account: Account,
  data?: Record<string, unknown>,
) {
  return recordAccountEvent(db, {
    fleetId: scope.fleetId,
    name,
    actorEmail: scope.principal.email,
    account,
    data,
    at: scope.ctx.now(),
  });
}
