// PUT accounts/me {fullName?, description?, photo? (data URL, null removes)} (DESIGN §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, MeUpdate } from '@vfm/contract';
import { meKey } from '../../../account/get-me';
import type { HttpClient } from '../../../api/http-client';
import { useServices } from '../../../services/services';

export function updateMe(http: HttpClient, update: MeUpdate) {
  return http.put<Me>('accounts/me', update);
}

export function useUpdateMe() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MeUpdate) => updateMe(http, update),
    onSuccess: (me) => {
      if (me && typeof me === 'object') queryClient.setQueryData(meKey, me);
      return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
