// SPEC §2 language selector: shows the current language; opening it lists the available
// languages sorted alphabetically. The caller decides what choosing one does.
// A small WAI-ARIA menu button (radio items, arrow keys, Home/End, Escape, outside click)
// written here rather than taken from a menu library: it sits on the sign-in screens, whose
// JavaScript has a budget (docs/performance.md).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { LANGUAGE_LABELS, type Language } from '@vfm/contract/constants';
import { sortLanguages } from './sort-languages';
import styles from './language-menu.module.css';

export interface LanguageMenuProps {
  current: Language;
  languages: readonly Language[];
  onChoose: (language: Language) => void;
  tone?: 'light' | 'dark';
}

export function LanguageMenu({ current, languages, onChoose, tone = 'dark' }: LanguageMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const sorted = sortLanguages(languages);
  const label = LANGUAGE_LABELS[current];

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusTrigger: boolean) => {
    setOpen(false);
    if (focusTrigger) triggerRef.current?.focus();
  };
  const choose = (language: Language) => {
    close(true);
    onChoose(language);
  };

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const currentIndex = Math.max(0, sorted.indexOf(current));

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(currentIndex);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(sorted.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = sorted.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active === last ? 0 : active + 1,
      ArrowUp: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const language = sorted[active];
      if (language) choose(language);
    } else if (event.key.length === 1) {
      // type-ahead on the first letter of the label
      const letter = event.key.toLocaleUpperCase();
      const next = sorted.findIndex(
        (language, i) => i > active && LANGUAGE_LABELS[language].startsWith(letter),
      );
      const wrapped = sorted.findIndex((language) => LANGUAGE_LABELS[language].startsWith(letter));
      const target = next >= 0 ? next : wrapped;
      if (target >= 0) setActive(target);
    }
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={`${styles.trigger} ${tone === 'light' ? styles.light : ''}`}
        aria-label={t('common.chooseLanguage', { language: label })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => (open ? close(false) : openAt(currentIndex))}
        onKeyDown={onTriggerKeyDown}
      >
        <Globe size={18} aria-hidden="true" />
        <span lang={current}>{label}</span>
        <ChevronDown size={16} aria-hidden="true" className={styles.chevron} />
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          className={styles.content}
          aria-label={t('common.language')}
          onKeyDown={onMenuKeyDown}
        >
          {sorted.map((language, index) => (
            <li
              key={language}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              role="menuitemradio"
              aria-checked={language === current}
              tabIndex={index === active ? 0 : -1}
              lang={language}
              className={styles.item}
              data-highlighted={index === active ? '' : undefined}
              onClick={() => choose(language)}
              onPointerMove={() => setActive(index)}
            >
              <span>{LANGUAGE_LABELS[language]}</span>
              {language === current && (
                <Check size={16} aria-hidden="true" className={styles.indicator} />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
