// A bar of a share (a distribution's bucket: the statistics, the batteries): a track, and a fill as
// wide as the fraction, in its tone. Decorative: the row beside it says the figure.
import styles from './share-bar.module.css';

export type ShareBarTone = 'info' | 'good' | 'warning' | 'danger' | 'neutral';

export function ShareBar({ fraction, tone }: { fraction: number; tone: ShareBarTone }) {
  return (
    <span className={styles.track} aria-hidden="true">
      <span className={styles.fill} data-tone={tone} style={{ width: `${fraction * 100}%` }} />
    </span>
  );
}
