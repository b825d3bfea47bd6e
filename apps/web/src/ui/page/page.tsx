import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The content area of a shell page: padding and a readable maximum width. */
export function Page({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={`${styles.page} ${wide ? styles.wide : ''}`}>{children}</div>;
}

/** A titled white panel inside a page. */
export function Panel({
  title,
  intro,
  children,
  id,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className={styles.panel} aria-labelledby={headingId} id={id}>
      <header className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelTitle}>
          {title}
        </h2>
        {intro && <p className={styles.panelIntro}>{intro}</p>}
      </header>
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}
