// A distribution as accessible HTML bars (ADR 0073): each bucket a row of the list with its
// label, its bar and its figure; a bucket the fleet list can filter by is a link to it.
import { Link } from 'react-router';
import { ShareBar, type ShareBarTone } from '../../../ui/share-bar/share-bar';
import styles from './statistics.module.css';

export interface Bucket {
  key: string;
  label: string;
  count: number;
  /** the fleet list filtered to this bucket's bikes, where the list supports it */
  href?: string;
  tone?: ShareBarTone;
}

export function BucketChart({
  title,
  description,
  buckets,
  format,
  shares = true,
}: {
  title: string;
  description: string;
  buckets: readonly Bucket[];
  format(value: number): string;
  /** each bucket's share of the total (off when buckets overlap, like zones) */
  shares?: boolean;
}) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const largest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  return (
    <figure className={styles.card}>
      <figcaption>
        <h2 className={styles.cardTitle}>{title}</h2>
        <p className={styles.cardText}>{description}</p>
      </figcaption>
      <ul className={styles.bars}>
        {buckets.map((bucket) => {
          const share = total ? Math.round((bucket.count / total) * 100) : 0;
          const label = (
            <>
              <span className={styles.barLabel}>{bucket.label}</span>
              <ShareBar fraction={bucket.count / largest} tone={bucket.tone ?? 'info'} />
              <span className={styles.barValue}>
                {format(bucket.count)}
                {shares && <span className={styles.share}> ({share} %)</span>}
              </span>
            </>
          );
          return (
            <li
              key={bucket.key}
              title={`${bucket.label}: ${format(bucket.count)}${shares ? ` (${share} %)` : ''}`}
            >
              {bucket.href ? (
                <Link to={bucket.href} className={styles.bar}>
                  {label}
                </Link>
              ) : (
                <span className={styles.bar}>{label}</span>
              )}
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
