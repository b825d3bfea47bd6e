import styles from './spinner.module.css';

/** A small turning ring in the current colour (decorative: pair it with aria-busy). */
export function Spinner({ className }: { className?: string }) {
  return (
    <span className={[styles.spinner, className].filter(Boolean).join(' ')} aria-hidden="true" />
  );
}
