// One recommendation (docs/rebalancing.md): "Move N bikes from A to B before T — about X more
// rides", how far and which way ("0.8 km north-east"), its bikes, and the manager's three
// decisions. Accepting makes the REBALANCE tasks; when the bikes moved meanwhile the server plans
// the move anew and the card says so.
import { useTranslation } from 'react-i18next';
import type { AcceptResult, Recommendation } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { useDecide, type Decision } from '../api/rebalancing';
import { moveWay } from '../state/move-way';
import styles from './rebalancing.module.css';

/** a cell named briefly: its last characters tell the neighbours apart */
export const shortCell = (cell: string) => `…${cell.replace(/f+$/, '').slice(-4)}`;

export function RecommendationCard({
  recommendation: r,
  canDecide,
}: {
  recommendation: Recommendation;
  canDecide: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const decide = useDecide();
  // the answer is told even though the card leaves the list as it is read again (a mutate()
  // callback would not run once the card is gone)
  const act = (decision: Decision) =>
    decide.mutateAsync({ id: r.id, decision }).then(
      (answer) => {
        const outcome = decision === 'accept' ? (answer as AcceptResult).outcome : null;
        toasts.show({
          type: outcome === 'ACCEPTED' || !outcome ? 'success' : 'info',
          message:
            outcome === 'ACCEPTED'
              ? t('rebalancing.done.accepted', { count: r.bikes })
              : outcome === 'REPLANNED'
                ? t('rebalancing.done.replanned')
                : outcome === 'GONE'
                  ? t('rebalancing.done.gone')
                  : t(`rebalancing.done.${decision === 'snooze' ? 'snoozed' : 'dismissed'}`),
        });
      },
      (error: unknown) =>
        toasts.show({
          type: 'error',
          message: (isApiError(error) && error.problem?.detail) || t('rebalancing.errors.generic'),
        }),
    );
  const busy = decide.isPending ? decide.variables?.decision : undefined;
  const way = moveWay(r.from, r.to);
  return (
    <li className={styles.card} data-testid="recommendation">
      <p className={styles.move}>
        {t('rebalancing.move', {
          count: r.bikes,
          from: shortCell(r.fromCell),
          to: shortCell(r.toCell),
          time: format.dateTime(r.before),
        })}
      </p>
      <p className={styles.gain}>
        {t('rebalancing.gain', {
          // the figure shown (one decimal) chooses the form: "1,5 trajet", "1.5 more rides"
          count: Math.round(r.extraRides * 10) / 10,
          rides: format.number(r.extraRides, 1),
        })}
      </p>
      <p className={styles.meta}>
        {t('rebalancing.way', {
          distance: format.distance(way.km, 1),
          direction: t(`rebalancing.directions.${way.direction}`),
        })}
      </p>
      <p className={styles.meta}>{r.vehicleNumbers.join(', ')}</p>
      {canDecide && (
        <div className={styles.actions}>
          <Button size="sm" busy={busy === 'accept'} onClick={() => act('accept')}>
            {t('rebalancing.accept')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            busy={busy === 'snooze'}
            onClick={() => act('snooze')}
          >
            {t('rebalancing.snooze')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            busy={busy === 'dismiss'}
            onClick={() => act('dismiss')}
          >
            {t('rebalancing.dismiss')}
          </Button>
        </div>
      )}
    </li>
  );
}
