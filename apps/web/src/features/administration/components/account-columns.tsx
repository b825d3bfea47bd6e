// The accounts table's columns: the selection box (never on the caller's own row), the
// sortable columns with their sort buttons, and each row's actions (edit, set a password,
// delete). Each row shows the account's photo, fetched on its own and cached by version
// (ADR 0079).
import { useTranslation } from 'react-i18next';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { LANGUAGE_LABELS } from '@vfm/contract/constants';
import type { Account, AccountSortField } from '@vfm/contract';
import { useAccountPhoto } from '../../../account/get-account-photo';
import { RelativeTime } from '../../../bike/bike-display';
import { Avatar } from '../../../ui/avatar/avatar';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { SortHeader } from '../../../ui/virtual-table/sort-header';
import type { AccountsView } from '../state/use-accounts-view';
import { roleOf } from './account-form-dialog';
import styles from './administration.module.css';

function AccountPhoto({ account }: { account: Account }) {
  const photo = useAccountPhoto(account.id, account.photoVersion);
  return <Avatar photo={photo} fullName={account.fullName} size={28} />;
}

export function useAccountColumns(view: AccountsView, shown: Account[]) {
  const { t } = useTranslation();
  const { sort, selected, setSelected, isMe } = view;

  /** a column sorted by `field`: its header a sort button, its aria-sort the order */
  const sortable = (field: AccountSortField) => {
    const label = t(`administration.accounts.columns.${field}`);
    const active = sort.field === field;
    return {
      id: field,
      label,
      sort: (active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none') as
        'ascending' | 'descending' | 'none',
      header: (
        <SortHeader
          label={label}
          title={t('administration.accounts.sortBy', { column: label })}
          direction={active ? sort.direction : null}
          onSort={() => view.sortBy(field)}
        />
      ),
    };
  };

  const deletable = shown.filter((a) => !isMe(a));
  return [
    {
      id: 'select',
      label: t('administration.accounts.selectShown'),
      control: true,
      header: (
        <input
          type="checkbox"
          aria-label={t('administration.accounts.selectShown')}
          checked={deletable.length > 0 && deletable.every((a) => selected.has(a.id))}
          onChange={(event) =>
            setSelected(event.target.checked ? new Set(deletable.map((a) => a.id)) : new Set())
          }
        />
      ),
      cell: (account: Account) => (
        <input
          type="checkbox"
          aria-label={t('administration.accounts.selectRow', { email: account.email })}
          checked={selected.has(account.id)}
          disabled={isMe(account)}
          onChange={() => view.toggle(account.id)}
        />
      ),
    },
    {
      ...sortable('name'),
      cell: (account: Account) => (
        <span className={styles.person}>
          <AccountPhoto account={account} />
          <strong>{account.fullName}</strong>
          {isMe(account) && (
            <span className={styles.muted}> ({t('administration.accounts.you')})</span>
          )}
        </span>
      ),
    },
    { ...sortable('email'), cell: (account: Account) => account.email },
    {
      ...sortable('role'),
      cell: (account: Account) => t(`administration.accounts.roles.${roleOf(account)}`),
    },
    {
      id: 'language',
      label: t('administration.accounts.columns.language'),
      cell: (account: Account) => LANGUAGE_LABELS[account.language],
    },
    {
      ...sortable('status'),
      cell: (account: Account) => (
        <span className={styles.status} data-status={account.status}>
          {t(`administration.accounts.statuses.${account.status}`)}
        </span>
      ),
    },
    {
      ...sortable('lastLogin'),
      cell: (account: Account) =>
        account.lastLoginAt ? (
          <RelativeTime iso={account.lastLoginAt} short />
        ) : (
          <span className={styles.muted}>{t('administration.accounts.never')}</span>
        ),
    },
    {
      id: 'actions',
      label: t('administration.accounts.columns.actions'),
      cell: (account: Account) => (
        <span className={styles.rowActions}>
          <IconButton
            label={t('administration.accounts.editNamed', { email: account.email })}
            onClick={() => view.setEditing(account)}
          >
            <Pencil size={16} aria-hidden="true" />
          </IconButton>
          <IconButton
            label={t('administration.accounts.setPasswordNamed', { email: account.email })}
            onClick={() => view.setPassword(account)}
          >
            <KeyRound size={16} aria-hidden="true" />
          </IconButton>
          {!isMe(account) && (
            <IconButton
              label={t('administration.accounts.deleteNamed', { email: account.email })}
              onClick={() => view.setDeleting([account.id])}
            >
              <Trash2 size={16} aria-hidden="true" />
            </IconButton>
          )}
        </span>
      ),
    },
  ];
}
