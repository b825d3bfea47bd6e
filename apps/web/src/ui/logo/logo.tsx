import { useId } from 'react';
import styles from './logo.module.css';

/** The VFM mark: an electric wheel. Decorative unless given a label. */
export function LogoMark({ size = 40, label }: { size?: number; label?: string }) {
  const gradient = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 40 40"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#34c7b4" />
          <stop offset="1" stopColor="#0f645d" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradient})`} />
      <circle cx="20" cy="20" r="11.5" fill="none" stroke="#fff" strokeWidth="3" />
      <circle
        cx="20"
        cy="20"
        r="15.5"
        fill="none"
        stroke="#fff"
        strokeOpacity=".28"
        strokeWidth="1.2"
      />
      <path d="M21.9 11.6 14.6 21.7h4.8l-1.7 6.9 7.6-10.4h-4.9z" fill="#fff" />
    </svg>
  );
}

/** Mark and wordmark side by side. */
export function Logo({ tone = 'dark', size = 40 }: { tone?: 'dark' | 'light'; size?: number }) {
  return (
    <span className={`${styles.logo} ${tone === 'light' ? styles.light : ''}`}>
      <LogoMark size={size} />
      <span className={styles.word}>VFM</span>
    </span>
  );
}
