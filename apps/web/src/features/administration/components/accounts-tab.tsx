// The fleet's accounts (issue "administration" §1): search, sort, select; create, edit, set a
// password, delete one or several with SPEC §8's confirmation. The caller's own row cannot be
// deleted (the server refuses it too). A fleet has tens of accounts: the list is read whole and
// searched, sorted and paged here.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound, Pencil, Plus, Search, Trash2, Users } from 'lucide-react';
import { LANGUAGE_LABELS } from '@vfm/contract/constants';
import type { Account } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { RelativeTime } from '../../../bike/bike-display';
import { useServices, useSession } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { DataTable } from '../../../ui/data-table/data-table';
import { SortHeader } from '../../../ui/virtual-table/sort-header';
import { TableStatus } from '../../../ui/virtual-table/table-status';
import { useAccounts, useDeleteAccounts } from '../api/accounts';
import { AccountFormDialog } from './account-form-dialog';
import { PasswordDialog } from './password-dialog';
import styles from './administration.module.css';

type SortField = 'name' | 'email' | 'role' | 'status' | 'lastLogin';
const PAGE_SIZE = 50;

const sortValue: Record<SortField, (account: Account) => string> = {
  name: (a) => a.fullName.toLocaleLowerCase(),
  email: (a) => a.email,
  role: (a) => (a.admin ? '0' : '1'),
  status: (a) => a.status,
  lastLogin: (a) => a.lastLoginAt ?? '',
};

export function AccountsTab() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const session = useSession();
  const accounts = useAccounts();
  const remove = useDeleteAccounts();
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<{ field: SortField; direction: 'asc' | 'desc' }>({
    field: 'name',
    direction: 'asc',
  });
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const [password, setPassword] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);

  const rows = useMemo(() => {
    const text = query.trim().toLocaleLowerCase();
    const found = (accounts.data?.content ?? []).filter(
      (a) =>
        !text ||
        a.fullName.toLocaleLowerCase().includes(text) ||
        a.email.toLocaleLowerCase().includes(text),
    );
    const value = sortValue[sort.field];
    const sign = sort.direction === 'asc' ? 1 : -1;
    return found.sort(
      (a, b) => sign * value(a).localeCompare(value(b)) || a.email.localeCompare(b.email),
    );
  }, [accounts.data, query, sort]);
  const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
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
          onSort={() =>
            setSort({ field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })
          }
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
  } else if (!rows.length) {
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
              <>
                <strong>{account.fullName}</strong>
                {isMe(account) && (
                  <span className={styles.muted}> ({t('administration.accounts.you')})</span>
                )}
              </>
            ),
          },
          { ...sortable('email'), cell: (account) => account.email },
          {
            ...sortable('role'),
            cell: (account) =>
              account.admin
                ? t('administration.accounts.roles.admin')
                : t('administration.accounts.roles.manager'),
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
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(0);
            }}
          />
        </label>
        {accounts.data && (
          <span className={styles.muted}>
            {t('administration.accounts.count', { count: rows.length })}
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
