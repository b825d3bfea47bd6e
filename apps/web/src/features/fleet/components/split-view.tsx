// Map and list side by side (DESIGN §8), the split adjustable with the pointer or the keyboard
// (arrow keys on the separator) and remembered on this device.
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './split-view.module.css';

const STORAGE_KEY = 'vfm.fleetSplit';
const MIN = 20;
const MAX = 80;
/** the map's share at first: the list keeps room for its key columns */
const DEFAULT = 45;

function readSplit(): number {
  try {
    const value = Number(window.localStorage.getItem(STORAGE_KEY));
    return value >= MIN && value <= MAX ? value : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

export function SplitView({ first, second }: { first: ReactNode; second: ReactNode }) {
  const { t } = useTranslation();
  const [split, setSplit] = useState(readSplit);
  const container = useRef<HTMLDivElement>(null);

  const change = (value: number) => {
    const next = Math.round(Math.min(MAX, Math.max(MIN, value)));
    setSplit(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // private mode: not remembered
    }
  };

  const startDrag = (event: React.PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => change(((e.clientX - box.left) / box.width) * 100);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };

  return (
    <div
      ref={container}
      className={styles.split}
      style={{ gridTemplateColumns: `${split}% 8px 1fr` }}
    >
      <div className={styles.pane}>{first}</div>
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="vertical"
        aria-label={t('fleet.view.resize')}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-valuenow={split}
        className={styles.handle}
        onPointerDown={startDrag}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') change(split - 5);
          else if (event.key === 'ArrowRight') change(split + 5);
          else return;
          event.preventDefault();
        }}
      />
      <div className={styles.pane}>{second}</div>
    </div>
  );
}
