// PUT accounts/me {fullName?, description?, photo? (data URL, null removes)} (DESIGN §5).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, MeUpdate } from '@vfm/contract';
import { meKey } from '../../../account/get-me';
import type { HttpClient } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

export function updateMe(http: HttpClient, update: MeUpdate) {
  return http.put<Me>('accounts/me', update);
}

/** The bytes of a data URL (the photo just sent), as the photo call would answer them. */
function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', base64 = ''] = dataUrl.split(',');
  const type = /^data:([^;]+)/.exec(head)?.[1] ?? '';
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
}

export function useUpdateMe() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: MeUpdate) => updateMe(http, update),
    onSuccess: (me, update) => {
      if (me && typeof me === 'object') {
        queryClient.setQueryData(meKey, me);
        // the photo just sent is the new version's (ADR 0079): no need to download it back
        if (update.photo && me.photoVersion) {
          queryClient.setQueryData(
            queryKeys.accountPhoto(me.id, me.photoVersion),
            dataUrlToBlob(update.photo),
          );
        }
      }
      // the administration's list shows the own name and photo too
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts });
      return queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
}
