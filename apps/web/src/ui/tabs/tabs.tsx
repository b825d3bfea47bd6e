// SPEC §2 tabs: title, optional image badge, optional numeric badge (or dot), disabled and
// active state, optional url. Arrow keys, Home and End move between the enabled tabs.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Badge } from '../badge/badge';
import styles from './tabs.module.css';

export interface TabItem {
  id: string;
  title: string;
  url?: string;
  active?: boolean;
  disabled?: boolean;
  /** show a badge: the number of badgeValue, or a dot without it */
  badge?: boolean;
  badgeValue?: number;
  imageBadgeUrl?: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  label: string;
  onSelect?: (tab: TabItem) => void;
  /** id of the panel the tabs control */
  panelId?: string;
}

/**
 * Whether a row that scrolls sideways hides tabs before or after what it shows: its edge fades
 * there (a tab cut at the screen's edge reads as a row that goes on, not as a fault), and only
 * there — a row that fits shows no fade.
 */
function useHiddenSides(list: { current: HTMLElement | null }) {
  const [hidden, setHidden] = useState({ before: false, after: false });
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setHidden((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [list]);
  return hidden;
}

export function Tabs({ tabs, label, onSelect, panelId }: TabsProps) {
  const refs = useRef<(HTMLElement | null)[]>([]);
  const list = useRef<HTMLDivElement | null>(null);
  const activeIndex = tabs.findIndex((tab) => tab.active && !tab.disabled);

  // a row wider than the screen (a phone) scrolls sideways: the active tab is brought into it,
  // centred, without moving the page (scrollIntoView would scroll it vertically too)
  useEffect(() => {
    const row = list.current;
    const active = refs.current[activeIndex];
    if (!row || !active || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft =
      active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2;
  }, [activeIndex]);
  const hidden = useHiddenSides(list);
  const focusable = activeIndex >= 0 ? activeIndex : tabs.findIndex((tab) => !tab.disabled);

  const moveFocus = (event: KeyboardEvent, from: number) => {
    const enabled = tabs.map((tab, i) => (tab.disabled ? -1 : i)).filter((i) => i >= 0);
    const position = enabled.indexOf(from);
    let target: number | undefined;
    if (event.key === 'ArrowRight') target = enabled[(position + 1) % enabled.length];
    else if (event.key === 'ArrowLeft')
      target = enabled[(position - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (target === undefined) return;
    event.preventDefault();
    refs.current[target]?.focus();
    const tab = tabs[target];
    if (tab && !tab.url) onSelect?.(tab);
  };

  return (
    <div
      className={styles.tabs}
      role="tablist"
      aria-label={label}
      ref={list}
      data-more-before={hidden.before || undefined}
      data-more-after={hidden.after || undefined}
    >
      {tabs.map((tab, index) => {
        const common = {
          role: 'tab',
          id: `tab-${tab.id}`,
          'aria-selected': Boolean(tab.active),
          'aria-disabled': tab.disabled || undefined,
          'aria-controls': panelId,
          tabIndex: index === focusable ? 0 : -1,
          className: `${styles.tab} ${tab.active ? styles.active : ''}`,
          onKeyDown: (event: KeyboardEvent) => moveFocus(event, index),
        } as const;
        const content = (
          <>
            {tab.imageBadgeUrl && (
              <img className={styles.image} src={tab.imageBadgeUrl} alt="" aria-hidden="true" />
            )}
            <span>{tab.title}</span>
            {tab.badge && <Badge value={tab.badgeValue} />}
          </>
        );
        if (tab.url && !tab.disabled) {
          return (
            <Link
              key={tab.id}
              {...common}
              ref={(el) => {
                refs.current[index] = el;
              }}
              to={tab.url}
              onClick={() => onSelect?.(tab)}
            >
              {content}
            </Link>
          );
        }
        return (
          <button
            key={tab.id}
            type="button"
            {...common}
            ref={(el) => {
              refs.current[index] = el;
            }}
            disabled={tab.disabled}
            onClick={() => onSelect?.(tab)}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}
