// The installable app in the signed-in shell (docs/manager-tools.md): registers the service worker
// (/sw.js: the shell kept for offline, never the data calls), says plainly when the device is
// offline, and offers to reload when a new version has been deployed and is waiting.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../ui/button/button';
import styles from './app-notices.module.css';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

/** The waiting new version, once the service worker is registered. */
export function useWaitingWorker(
  register: () => Promise<ServiceWorkerRegistration | undefined>,
): ServiceWorker | null {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    let stopped = false;
    void register()
      .then((registration) => {
        if (!registration || stopped) return;
        // a version already waiting (deployed while the app was closed)
        if (registration.waiting && navigator.serviceWorker.controller) {
          setWaiting(registration.waiting);
        }
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // installed beside a running version: it waits for the user
            if (installing.state === 'installed' && navigator.serviceWorker.controller) {
              setWaiting(installing);
            }
          });
        });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
    };
  }, [register]);
  return waiting;
}

const registerAppWorker = async () => {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return undefined;
  return navigator.serviceWorker.register('/sw.js', { scope: '/' });
};

export function AppNotices({
  register = registerAppWorker,
}: {
  register?: typeof registerAppWorker;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const waiting = useWaitingWorker(register);

  const update = () => {
    if (!waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    waiting.postMessage('SKIP_WAITING');
  };

  return (
    <div className={styles.notices}>
      {!online && (
        <p className={styles.notice} role="status" data-testid="offline-notice">
          <WifiOff size={18} aria-hidden="true" />
          {t('pwa.offline')}
        </p>
      )}
      {waiting && (
        <div className={styles.notice} role="status" data-testid="update-notice">
          <RefreshCw size={18} aria-hidden="true" />
          <span>{t('pwa.update')}</span>
          <Button size="sm" onClick={update}>
            {t('pwa.reload')}
          </Button>
        </div>
      )}
    </div>
  );
}
