import { useId, type ReactNode } from 'react';
import styles from './auth-card.module.css';

/** The content of the sign-in card: optional icon, the screen title and its text. */
export function AuthCard({
  title,
  intro,
  icon,
  tone = 'brand',
  children,
}: {
  title: string;
  intro?: ReactNode;
  icon?: ReactNode;
  tone?: 'brand' | 'danger';
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.section}>
      {icon && (
        <div className={`${styles.icon} ${styles[tone]}`} aria-hidden="true">
          {icon}
        </div>
      )}
      <h1 id={id} className={styles.title}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
