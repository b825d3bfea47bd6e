// GET accounts/me: the signed-in account's profile (full name, description, the photo's version:
// the photo itself comes from get-account-photo.ts).
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@vfm/contract';
import { accountQueryKeys } from '../api/account-query-keys';
import { useServices, useSession } from '../services/services';
import type { HttpClient } from '../api/http-client';

export const meKey = accountQueryKeys.me;

export function getMe(http: HttpClient) {
  return http.get<Me>('accounts/me');
}

export function useMe() {
  const { http } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: meKey,
    queryFn: () => getMe(http),
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}
