// GET accounts/{id}/photo (ADR 0079): a profile photo as image bytes. The web signs its calls
// with a bearer token that an <img src> cannot send, so the photo is fetched as a blob by the
// API client and shown through an object URL. The query key holds the photo's version (the
// ETag): a changed photo is a new entry, an unchanged one is never fetched twice.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueryKeys } from '../api/account-query-keys';
import { useServices } from '../services/services';

/** An object URL of the account's photo, null while it loads or without a photo. */
export function useAccountPhoto(
  accountId: string | null | undefined,
  photoVersion: string | null | undefined,
): string | null {
  const { http } = useServices();
  const photo = useQuery({
    queryKey: accountQueryKeys.accountPhoto(accountId ?? '', photoVersion ?? ''),
    queryFn: ({ signal }) =>
      http.get<Blob>(`accounts/${encodeURIComponent(accountId!)}/photo`, {
        responseType: 'blob',
        accept: 'image/*',
        signal,
      }),
    enabled: Boolean(accountId && photoVersion),
    staleTime: Infinity,
    // a missing photo is shown as the initial: no retries
    retry: false,
  });
  const blob = photoVersion ? photo.data : undefined;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
