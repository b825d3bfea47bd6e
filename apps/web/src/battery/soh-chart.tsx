// A pack's state of health over time (docs/battery.md): an SVG line over the days, the fleet's
// threshold as a dashed line; the figures are also a visually hidden table for screen readers.
import { useTranslation } from 'react-i18next';
import type { BikeBattery } from '@vfm/contract';
import { useFormatters } from '../format/use-formatters';
import styles from './battery.module.css';

// drawn at about its size on a desktop card (the ticks' text stays readable on a phone too)
const W = 480;
const H = 240;
const PAD = { left: 40, right: 12, top: 12, bottom: 30 };

export function SohChart({
  history,
  threshold,
}: {
  history: BikeBattery['history'];
  threshold: number | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const values = history.map((p) => p.stateOfHealth);
  const low = Math.floor(Math.min(...values, threshold ?? 100, 100) / 10) * 10 - 5;
  const high = 105;
  const x = (i: number) =>
    PAD.left + (history.length < 2 ? 0.5 : i / (history.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + ((high - v) / (high - low)) * (H - PAD.top - PAD.bottom);
  const ticks = [];
  for (let v = Math.ceil(low / 10) * 10; v <= 100; v += 10) ticks.push(v);
  const line = history.map((p, i) => `${i ? 'L' : 'M'}${x(i)},${y(p.stateOfHealth)}`).join(' ');
  const first = history[0];
  const last = history[history.length - 1];
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('battery.chart.label')}
        className={styles.svg}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className={styles.grid} />
            <text x={PAD.left - 6} y={y(v) + 5} className={styles.tick} textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {threshold !== null && (
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(threshold)}
            y2={y(threshold)}
            className={styles.threshold}
          />
        )}
        <path d={line} className={styles.line} />
        {history.length === 1 && first && (
          <circle cx={x(0)} cy={y(first.stateOfHealth)} r={4} className={styles.dot} />
        )}
        {first && (
          <text x={PAD.left} y={H - 8} className={styles.tick}>
            {format.date(first.day)}
          </text>
        )}
        {last && history.length > 1 && (
          <text x={W - PAD.right} y={H - 8} className={styles.tick} textAnchor="end">
            {format.date(last.day)}
          </text>
        )}
      </svg>
      <div className={styles.visuallyHidden}>
        <table>
          <caption>{t('battery.chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('battery.chart.day')}</th>
              <th scope="col">{t('battery.soh')}</th>
              <th scope="col">{t('battery.cycles')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((p) => (
              <tr key={p.day}>
                <td>{format.date(p.day)}</td>
                <td>{format.number(p.stateOfHealth, 1)} %</td>
                <td>{format.number(p.equivalentCycles, 1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
