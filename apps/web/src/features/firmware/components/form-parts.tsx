// The pieces the firmware forms (a package's upload, a campaign) are made of: a labelled field,
// and the submit button with the problem the last attempt met.
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button/button';
import styles from './firmware.module.css';

/** A control under its label; `wide` spans the form's row. */
export function Field({
  label,
  wide = false,
  children,
}: {
  label: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <span>{label}</span>
      {children}
    </label>
  );
}

export function SubmitRow({
  label,
  busy,
  problem,
}: {
  label: string;
  busy: boolean;
  problem: string | null;
}) {
  return (
    <>
      <Button type="submit" busy={busy}>
        {label}
      </Button>
      {problem && (
        <p className={`${styles.error} ${styles.wide}`} role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
