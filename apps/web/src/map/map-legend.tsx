// What the marker colours mean (docs/web.md: a legend), as real HTML.
import { useTranslation } from 'react-i18next';
import { MARKER_KINDS } from './markers/marker-index';
import { KIND_COLOURS } from './markers/marker-style';
import styles from './fleet-map.module.css';

export function MapLegend() {
  const { t } = useTranslation();
  return (
    <details className={styles.legend}>
      <summary>{t('map.legend.title')}</summary>
      <ul>
        {MARKER_KINDS.map((kind) => (
          <li key={kind}>
            <span
              className={styles.dot}
              data-kind={kind}
              style={{ background: KIND_COLOURS[kind] }}
              aria-hidden="true"
            />
            {t(`map.legend.${kind}`)}
          </li>
        ))}
        <li>
          <span className={styles.clusterSample} aria-hidden="true">
            12
          </span>
          {t('map.legend.cluster')}
        </li>
      </ul>
    </details>
  );
}
