// A technician's route of the shift (docs/rebalancing.md): its length and its ordered stops —
// battery swaps, pickups and drop-offs — each with its bike, planned time and the van's load
// after it, beside a map of the route (lazy: maplibre stays out of other chunks).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Route } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { Spinner } from '../../../ui/spinner/spinner';
import styles from './rebalancing.module.css';

const RouteMap = lazy(() => import('../../../map/route-map'));

export function RouteCard({ route }: { route: Route }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const headingId = `route-${route.technicianId}`;
  return (
    <section className={styles.route} aria-labelledby={headingId} data-testid="route">
      <header className={styles.routeHead}>
        <h3 id={headingId}>{route.technicianName}</h3>
        <span className={styles.meta}>
          {t('rebalancing.routes.summary', {
            count: route.stops.length,
            length: format.distance(route.lengthKm, 1),
          })}
        </span>
      </header>
      {route.stops.length > 0 && (
        <div className={styles.routeMap}>
          <Suspense fallback={<Spinner />}>
            <RouteMap
              route={route}
              label={t('rebalancing.routes.map', { name: route.technicianName })}
            />
          </Suspense>
        </div>
      )}
      {route.stops.length ? (
        <ol className={styles.stops}>
          {route.stops.map((stop, index) => (
            <li key={`${stop.kind}-${stop.taskId ?? stop.vehicleNumber}`} data-kind={stop.kind}>
              <span className={styles.stopNumber} aria-hidden>
                {index + 1}
              </span>
              <span className={styles.stopText}>
                <strong>{t(`rebalancing.routes.kinds.${stop.kind}`)}</strong> {stop.vehicleNumber}
              </span>
              <span className={styles.meta}>
                {format.dateTime(stop.at)} · {t('rebalancing.routes.load', { count: stop.load })}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className={styles.meta}>{t('rebalancing.routes.noStops')}</p>
      )}
    </section>
  );
}
