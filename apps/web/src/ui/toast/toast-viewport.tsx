import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { IconButton } from '../icon-button/icon-button';
import { toastOffset, type ToastStore, type ToastType } from './toast-store';
import styles from './toast.module.css';

const ICONS: Record<ToastType, typeof Info> = {
  success: CircleCheck,
  info: Info,
  warning: TriangleAlert,
  error: CircleAlert,
};

/** Renders the toasts of the store: 400 × 100 px each, the newest nearest the bottom. */
export function ToastViewport({ store }: { store: ToastStore }) {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <section className={styles.viewport} aria-label={t('ui.toast.region')}>
      {toasts.map((toast, index) => {
        const Icon = ICONS[toast.type];
        return (
          <div
            key={toast.id}
            className={`${styles.toast} ${styles[toast.type]}`}
            style={{ bottom: toastOffset(index) }}
            role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
            data-testid="toast"
            data-type={toast.type}
          >
            <Icon className={styles.icon} size={22} aria-hidden="true" />
            <div className={`${styles.body} ${toast.action ? styles.withAction : ''}`}>
              <p className={styles.title}>{t(`ui.toast.${toast.type}`)}</p>
              <p className={styles.message}>{toast.message}</p>
              {toast.action && (
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    store.dismiss(toast.id);
                    toast.action?.run();
                  }}
                >
                  {toast.action.label}
                </button>
              )}
            </div>
            <IconButton
              size="sm"
              className={styles.close}
              onClick={() => store.dismiss(toast.id)}
              label={t('ui.toast.close')}
            >
              <X size={18} aria-hidden="true" />
            </IconButton>
          </div>
        );
      })}
    </section>
  );
}
