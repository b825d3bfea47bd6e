import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** A calm placeholder for a page or panel with nothing to show yet. */
export function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      <div className={styles.art} aria-hidden="true">
        <span className={styles.ring} />
        <span className={styles.icon}>{icon}</span>
      </div>
      <h2 className={styles.title}>{title}</h2>
      {children && <div className={styles.text}>{children}</div>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
