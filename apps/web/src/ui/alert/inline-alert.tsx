import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import styles from './inline-alert.module.css';

const ICONS = { error: CircleAlert, warning: TriangleAlert, info: Info, success: CircleCheck };

/** A message inside a form or page; errors are announced (role="alert"). */
export function InlineAlert({
  type = 'error',
  children,
}: {
  type?: keyof typeof ICONS;
  children: ReactNode;
}) {
  const Icon = ICONS[type];
  return (
    <div className={`${styles.alert} ${styles[type]}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon size={20} aria-hidden="true" className={styles.icon} />
      <div>{children}</div>
    </div>
  );
}
