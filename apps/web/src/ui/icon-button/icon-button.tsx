import type { ButtonHTMLAttributes, Ref } from 'react';
import styles from './icon-button.module.css';

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** the accessible name, also shown as a tooltip */
  label: string;
  /** 'plain' on light surfaces, 'outline' with a border, 'dark' on the navy rail */
  tone?: 'plain' | 'outline' | 'dark';
  size?: 'sm' | 'md' | 'lg';
  ref?: Ref<HTMLButtonElement>;
}

/** A square button showing only an icon; its label is its accessible name. */
export function IconButton({
  label,
  tone = 'plain',
  size = 'md',
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconButton, styles[tone], styles[size], className]
        .filter(Boolean)
        .join(' ')}
      {...rest}
    >
      {children}
    </button>
  );
}
