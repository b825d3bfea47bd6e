import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from '../spinner/spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonLook {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
}

/** The button look, also for links that act as buttons. */
export function buttonClassName({ variant = 'primary', size = 'md', block }: ButtonLook = {}) {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** shows a spinner; the button stays in place and is disabled */
  busy?: boolean;
}

export function Button({
  variant,
  size,
  block,
  busy,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClassName({ variant, size, block }), className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
