// The accounts tab's state and effects (its view model): the search sent once typing pauses,
// the sort and the page (a page emptied by deletions falls back to the last one left), the
// selection, which dialog is open, and the deletion with its outcome. The tab lays these out.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account, AccountSortField } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices, useSession } from '../../../services/services';
import { useAccounts, useDeleteAccounts } from '../api/accounts';

export const ACCOUNTS_PAGE_SIZE = 50;
/** the search is sent once typing pauses this long (ms) */
const SEARCH_DELAY_MS = 250;

export type AccountSort = { field: AccountSortField; direction: 'asc' | 'desc' };

export function useAccountsView() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const session = useSession();
  const remove = useDeleteAccounts();
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [sort, setSort] = useState<AccountSort>({ field: 'name', direction: 'asc' });
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
    size: ACCOUNTS_PAGE_SIZE,
    sort: `${sort.field},${sort.direction}`,
    q: searched,
  });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Account | null | 'new'>(null);
  const [password, setPassword] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState<string[] | null>(null);

  const total = accounts.data?.totalElements ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PAGE_SIZE));
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

  /** a new sort: ascending first, the other way on a second click; back to the first page */
  const sortBy = (field: AccountSortField) => {
    const active = sort.field === field;
    setSort({ field, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' });
    setPage(0);
  };

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

  return {
    accounts,
    query,
    setQuery,
    sort,
    sortBy,
    page,
    setPage,
    pages,
    total,
    isMe,
    selected,
    setSelected,
    toggle,
    editing,
    setEditing,
    password,
    setPassword,
    deleting,
    setDeleting,
    deletingBusy: remove.isPending,
    confirmDelete,
  };
}

export type AccountsView = ReturnType<typeof useAccountsView>;
