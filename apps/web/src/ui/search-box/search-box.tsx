// The search box of a list's toolbar (the fleet, the accounts): a magnifier and a search input in
// one frame, the label its placeholder and its accessible name. The caller's class sizes it.
import type { InputHTMLAttributes } from 'react';
import { Search } from 'lucide-react';
import styles from './search-box.module.css';

export function SearchBox({
  label,
  className,
  ...input
}: { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'placeholder'>) {
  return (
    <label className={[styles.box, className].filter(Boolean).join(' ')}>
      <Search size={16} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
      <input type="search" placeholder={label} {...input} />
    </label>
  );
}
