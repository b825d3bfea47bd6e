// The accounts calls of the administration (DESIGN §5, admin only, the caller's fleet): a page
// of the list (searched and sorted by the server, docs/operations.md), create (the validation e-mail goes out), edit, set a password, delete one or several
// (all or nothing; an administrator cannot delete or demote itself — 409).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, AccountCreate, AccountList, AccountUpdate } from '@vfm/contract';
import { queryKeys, type AccountListParams } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

const path = (id: string) => `accounts/${encodeURIComponent(id)}`;

export function useAccounts(params: AccountListParams) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.accountPage(params),
    queryFn: ({ signal }) =>
      http.get<AccountList>('accounts', {
        query: { ...params, q: params.q || undefined },
        signal,
      }),
    // the page shown stays while the next one loads
    placeholderData: keepPreviousData,
  });
}

function useAccountMutation<T, R>(call: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.accounts }),
  });
}

export function useCreateAccount() {
  const { http } = useServices();
  return useAccountMutation((value: AccountCreate) => http.post<Account>('accounts', value));
}

export function useUpdateAccount() {
  const { http } = useServices();
  return useAccountMutation(({ id, ...value }: AccountUpdate & { id: string }) =>
    http.put<Account>(path(id), value),
  );
}

export function useSetPassword() {
  const { http } = useServices();
  return useAccountMutation(({ id, password }: { id: string; password: string }) =>
    http.put<void>(`${path(id)}/password`, { password }),
  );
}

export function useDeleteAccounts() {
  const { http } = useServices();
  return useAccountMutation((ids: string[]) => http.delete<void>('accounts', { query: { ids } }));
}
