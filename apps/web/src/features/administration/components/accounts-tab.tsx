// The fleet's accounts: search, sort, select; create, edit, set a password, delete one or
// several with SPEC §8's confirmation. The caller's own row cannot be deleted (the server
// refuses it too). The server searches, sorts and pages the list (docs/operations.md: a
// fleet's accounts are not bounded). The state is the view model's
// (state/use-accounts-view.ts), the columns account-columns.tsx's.
import { useTranslation } from 'react-i18next';
import { Plus, Trash2, Users } from 'lucide-react';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { DataTable } from '../../../ui/data-table/data-table';
import { SearchBox } from '../../../ui/search-box/search-box';
import { useAccountsView } from '../state/use-accounts-view';
import { useAccountColumns } from './account-columns';
import { AccountFormDialog } from './account-form-dialog';
import { AdminTab } from './admin-tab';
import { PasswordDialog } from './password-dialog';
import styles from './administration.module.css';

export function AccountsTab() {
  const { t } = useTranslation();
  const view = useAccountsView();
  const { accounts, selected, page, pages, editing, deleting } = view;
  const columns = useAccountColumns(view, accounts.data?.content ?? []);

  const toolbar = (
    <>
      <div className={styles.toolbar}>
        <SearchBox
          label={t('administration.accounts.search')}
          className={styles.search}
          value={view.query}
          onChange={(event) => view.setQuery(event.target.value)}
        />
        {accounts.data && (
          <span className={styles.muted}>
            {t('administration.accounts.count', { count: view.total })}
          </span>
        )}
        <Button className={styles.push} onClick={() => view.setEditing('new')}>
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
          <Button size="sm" variant="danger" onClick={() => view.setDeleting([...selected])}>
            <Trash2 size={16} aria-hidden="true" />
            {t('administration.accounts.deleteSelected')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => view.setSelected(new Set())}>
            {t('administration.accounts.clearSelection')}
          </Button>
        </div>
      )}
    </>
  );

  const after = (
    <>
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('administration.accounts.label')}>
          {Array.from({ length: pages }, (_, index) => (
            <Button
              key={index}
              size="sm"
              variant={index === page ? 'primary' : 'secondary'}
              aria-current={index === page ? 'page' : undefined}
              onClick={() => view.setPage(index)}
            >
              {index + 1}
            </Button>
          ))}
        </nav>
      )}
      <AccountFormDialog
        account={editing === 'new' ? null : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && view.setEditing(null)}
      />
      <PasswordDialog account={view.password} onClose={() => view.setPassword(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && view.setDeleting(null)}
        title={t('messages.deleteAccount', { count: deleting?.length ?? 1 })}
        description={t('administration.accounts.deleteHint')}
        confirmLabel={t('administration.accounts.confirm')}
        cancelLabel={t('administration.accounts.cancel')}
        tone="danger"
        busy={view.deletingBusy}
        onConfirm={view.confirmDelete}
      />
    </>
  );

  return (
    <AdminTab
      label={t('administration.accounts.label')}
      toolbar={toolbar}
      after={after}
      query={accounts}
      texts={{
        loading: t('administration.accounts.loading'),
        error: t('administration.accounts.error'),
        retry: t('administration.accounts.retry'),
      }}
      empty={{ icon: <Users size={40} />, title: t('administration.accounts.empty') }}
      isEmpty={(data) => !data.content.length}
    >
      {(data) => (
        <DataTable
          caption={t('administration.accounts.label')}
          testId="accounts"
          rows={data.content}
          rowKey={(account) => account.id}
          rowProps={(account) => ({ 'aria-selected': selected.has(account.id) })}
          columns={columns}
        />
      )}
    </AdminTab>
  );
}
