// A row of key figures (the statistics' totals, the batteries'): each a tile of a label and its
// value, the row named for assistive technology.
import type { ReactNode } from 'react';
import surfaces from '../styles/surfaces.module.css';

export function KeyFigures({
  label,
  figures,
}: {
  label: string;
  /** each figure's label (unique in the row) and value */
  figures: ReadonlyArray<readonly [label: string, value: ReactNode]>;
}) {
  return (
    <section className={surfaces.figures} aria-label={label}>
      {figures.map(([name, value]) => (
        <div key={name} className={surfaces.figure}>
          <span className={surfaces.figureLabel}>{name}</span>
          <strong className={surfaces.figureValue}>{value}</strong>
        </div>
      ))}
    </section>
  );
}
