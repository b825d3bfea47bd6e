// Web push for this browser (ADR 0098): where the browser supports it, turning on
// a rule's PUSH channel asks the permission, subscribes the service worker (/sw.js) with the
// server's VAPID key (GET push/public-key) and records the subscription (POST
// push-subscriptions). Each way it can fail has its own reason, for the screen to say.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushPublicKey, PushSubscription as StoredSubscription } from '@vfm/contract';
import type { HttpClient } from '../../api/http-client';
import { queryKeys } from '../../api/query-keys';
import { useServices } from '../../services/services';

/** Whether this browser can receive push at all (the PUSH channel is shown only then). */
export const isPushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export type PushFailure = 'denied' | 'unavailable' | 'failed';

export class PushSubscribeError extends Error {
  constructor(readonly reason: PushFailure) {
    super(`push: ${reason}`);
  }
}

const fromBase64Url = (text: string) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** The app's service worker, registered if the shell has not done it (development). */
async function appWorker(): Promise<ServiceWorkerRegistration> {
  const registration =
    (await navigator.serviceWorker.getRegistration('/')) ??
    (await navigator.serviceWorker.register('/sw.js', { scope: '/' }));
  if (registration.active) return registration;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new PushSubscribeError('unavailable')), 10_000),
    ),
  ]);
}

export async function subscribePush(http: HttpClient): Promise<StoredSubscription> {
  if (!isPushSupported()) throw new PushSubscribeError('unavailable');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSubscribeError('denied');
  let publicKey: string;
  try {
    ({ publicKey } = await http.get<PushPublicKey>('push/public-key'));
  } catch {
    throw new PushSubscribeError('failed');
  }
  let subscription: globalThis.PushSubscription;
  try {
    const registration = await appWorker();
    subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(publicKey),
      }));
  } catch (error) {
    // no push service (headless browsers, some privacy modes), or a key refused
    throw error instanceof PushSubscribeError ? error : new PushSubscribeError('unavailable');
  }
  try {
    return await http.post<StoredSubscription>('push-subscriptions', subscription.toJSON());
  } catch {
    throw new PushSubscribeError('failed');
  }
}

export function useSubscribePush() {
  const { http } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => subscribePush(http),
    // My account lists the browsers subscribed
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications.pushSubscriptions }),
  });
}
