// The fleet's accounts (docs/web.md): search, sort, select; create, edit, set a
// password, delete one or several with SPEC §8's confirmation. The caller's own row cannot be
// deleted (the server refuses it too). The server searches, sorts and pages the list (docs/operations.md:
// a fleet's accounts are not bounded); each row shows the account's photo, fetched on its
// own and cached by version (ADR 0079).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Pencil, Plus, Search, Trash2, Users } from 'lucide-react';
import { LANGUAGE_LABELS } from '@vfm/contract/constants';
import type { Account, AccountSortField } from '@vfm/contract';
import { useAccountPhoto } from '../../../account/get-account-photo';
import { isApiError } from '../../../api/api-error';
import { RelativeTime } from '../../../bike/bike-display';
import { useServices, useSession } from '../../../services/services';
import { Avatar } from '../../../ui/avatar/avatar';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { DataTable } from '../../../ui/data-table/data-table';
import { SortHeader } from '../../../ui/virtual-table/sort-header';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useAccounts, useDeleteAccounts } from '../api/accounts';
import { AccountFormDialog, roleOf } from './account-form-dialog';
import { PasswordDialog } from './password-dialog';
import styles from './administration.module.css';

type SortField = AccountSortField;
const PAGE_SIZE = 50;
/** the search is sent once typing pauses this long (ms) */
const SEARCH_DELAY_MS = 250;

function AccountPhoto({ account }: { account: Account }) {
  const photo = useAccountPhoto(account.id, account.photoVersion);
  return <Avatar photo={photo} fullName={account.fullName} size={28} />;
}

export function AccountsTab() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const session = useSession();
  const remove = useDeleteAccounts();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [sort, setSort] = useState<{ field: SortField; direction: 'asc' | 'desc' }>({
    field: 'name',
    direction: 'asc',
  });
  const [page, setPage] = useState(0);
  useEffect(() => {
    if (query.trim() === searched) return;
    const timer = setTimeout(() => {
      setSearched(query.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, searched]);
  const accounts = useAccounts({
    page,
    size: PAGE_SIZE,
    sort: `${sort.field},${sort.direction}`,
    q: searched,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const [password, setPassword] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);

  const shown = accounts.data?.content ?? [];
  const total = accounts.data?.totalElements ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // a page emptied by deletions: show the last one that is left
  useEffect(() => {
    if (accounts.data && page >= pages) setPage(pages - 1);
  }, [accounts.data, page, pages]);
  const isMe = (account: Account) => account.id === session.userId;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const ids = deleting;
    remove.mutate(ids, {
      onSuccess: () => {
        setDeleting(null);
        setSelected(new Set());
        toasts.show({
          type: 'success',
          message: t('administration.accounts.deleted', { count: ids.length }),
        });
      },
      onError: (error) => {
        setDeleting(null);
        const problem = isApiError(error) ? error.problem : null;
        toasts.show({
          type: 'error',
          message:
            problem?.code === 'SELF_DELETION'
              ? t('administration.accounts.selfDelete')
              : t('administration.accounts.failed', {
                  detail: problem?.detail || t('errors.generic'),
                }),
        });
      },
    });
  };

  /** a column sorted by `field`: its header a sort button, its aria-sort the order */
  const sortable = (field: SortField) => {
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
          onSort={() => {
            setSort({ field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' });
            setPage(0);
          }}
        />
      ),
    };
  };

  let body;
  if (accounts.isPending) {
    body = <TableStatus kind="loading" text={t('administration.accounts.loading')} />;
  } else if (!accounts.data) {
    body = (
      <TableStatus
        kind="error"
        text={t('administration.accounts.error')}
        retry={t('administration.accounts.retry')}
        onRetry={() => void accounts.refetch()}
      />
    );
  } else if (!shown.length) {
    body = (
      <TableStatus
        kind="empty"
        icon={<Users size={40} />}
        title={t('administration.accounts.empty')}
      />
    );
  } else {
    const deletable = shown.filter((a) => !isMe(a));
    body = (
      <DataTable
        caption={t('administration.accounts.label')}
        testId="accounts"
        rows={shown}
        rowKey={(account) => account.id}
        rowProps={(account) => ({ 'aria-selected': selected.has(account.id) })}
        columns={[
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
                  setSelected(
                    event.target.checked ? new Set(deletable.map((a) => a.id)) : new Set(),
                  )
                }
              />
            ),
            cell: (account) => (
              <input
                type="checkbox"
                aria-label={t('administration.accounts.selectRow', { email: account.email })}
                checked={selected.has(account.id)}
                disabled={isMe(account)}
                onChange={() => toggle(account.id)}
              />
            ),
          },
          {
            ...sortable('name'),
            cell: (account) => (
              <span className={styles.person}>
                <AccountPhoto account={account} />
                <strong>{account.fullName}</strong>
                {isMe(account) && (
                  <span className={styles.muted}> ({t('administration.accounts.you')})</span>
                )}
              </span>
            ),
          },
          { ...sortable('email'), cell: (account) => account.email },
          {
            ...sortable('role'),
            cell: (account) => t(`administration.accounts.roles.${roleOf(account)}`),
          },
          {
            id: 'language',
            label: t('administration.accounts.columns.language'),
            cell: (account) => LANGUAGE_LABELS[account.language],
          },
          {
            ...sortable('status'),
            cell: (account) => (
              <span className={styles.status} data-status={account.status}>
                {t(`administration.accounts.statuses.${account.status}`)}
              </span>
            ),
          },
          {
            ...sortable('lastLogin'),
            cell: (account) =>
              account.lastLoginAt ? (
                <RelativeTime iso={account.lastLoginAt} short />
              ) : (
                <span className={styles.muted}>{t('administration.accounts.never')}</span>
              ),
          },
          {
            id: 'actions',
            label: t('administration.accounts.columns.actions'),
            cell: (account) => (
              <span className={styles.rowActions}>
                <IconButton
                  label={t('administration.accounts.editNamed', { email: account.email })}
                  onClick={() => setEditing(account)}
                >
                  <Pencil size={16} aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={t('administration.accounts.setPasswordNamed', { email: account.email })}
                  onClick={() => setPassword(account)}
                >
                  <KeyRound size={16} aria-hidden="true" />
                </IconButton>
                {!isMe(account) && (
                  <IconButton
                    label={t('administration.accounts.deleteNamed', { email: account.email })}
                    onClick={() => setDeleting([account.id])}
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </IconButton>
                )}
              </span>
            ),
          },
        ]}
      />
    );
  }

  return (
    <section className={styles.tab} aria-label={t('administration.accounts.label')}>
      <div className={styles.toolbar}>
        <label className={styles.search}>
          <Search size={16} aria-hidden="true" />
          <span className="visually-hidden">{t('administration.accounts.search')}</span>
          <input
            type="search"
            placeholder={t('administration.accounts.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        {accounts.data && (
          <span className={styles.muted}>
            {t('administration.accounts.count', { count: total })}
          </span>
        )}
        <Button className={styles.push} onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden="true" />
          {t('administration.accounts.create')}
        </Button>
      </div>
      {selected.size > 0 && (
        <div
          className={styles.selection}
          role="region"
          aria-label={t('administration.accounts.selected', { count: selected.size })}
        >
          <span>{t('administration.accounts.selected', { count: selected.size })}</span>
          <Button size="sm" variant="danger" onClick={() => setDeleting([...selected])}>
            <Trash2 size={16} aria-hidden="true" />
            {t('administration.accounts.deleteSelected')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            {t('administration.accounts.clearSelection')}
          </Button>
        </div>
      )}
      {body}
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('administration.accounts.label')}>
          {Array.from({ length: pages }, (_, index) => (
            <Button
              key={index}
              size="sm"
              variant={index === page ? 'primary' : 'secondary'}
              aria-current={index === page ? 'page' : undefined}
              onClick={() => setPage(index)}
            >
              {index + 1}
            </Button>
          ))}
        </nav>
      )}
      <AccountFormDialog
        account={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <PasswordDialog account={password} onClose={() => setPassword(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('messages.deleteAccount', { count: deleting?.length ?? 1 })}
        description={t('administration.accounts.deleteHint')}
        confirmLabel={t('administration.accounts.confirm')}
        cancelLabel={t('administration.accounts.cancel')}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
