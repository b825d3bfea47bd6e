// Theft on the bike page (SPEC §4, DESIGN §7): report it (the module goes to tracking mode),
// cancel it (the earlier availability and mode come back), or, for a suspicion raised by the
// module's alarm, acknowledge it or turn it into a reported theft. Each action is confirmed
// with what it will do.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ShieldAlert, ShieldCheck, Siren } from 'lucide-react';
import type { Bike } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { NoOpenAlertError, useTheftAction, type TheftAction } from '../../../bike/theft-actions';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import styles from './bike-page.module.css';

const DIALOGS = {
  report: { title: 'bikePage.theft.reportTitle', hint: 'bikePage.theft.reportHint' },
  cancel: { title: 'bikePage.theft.cancelTitle', hint: 'bikePage.theft.cancelHint' },
  acknowledge: { title: 'bikePage.theft.acknowledgeTitle', hint: 'bikePage.theft.acknowledgeHint' },
} as const;

export function TheftPanel({ bike }: { bike: Bike }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const format = useFormatters();
  const mutation = useTheftAction();
  const [action, setAction] = useState<TheftAction | null>(null);
  const { vehicleNumber } = bike;

  const run = (chosen: TheftAction) =>
    mutation.mutate(
      { vehicleNumber, action: chosen },
      {
        onSuccess: () => {
          setAction(null);
          toasts.show({
            type: 'success',
            message: t(`bikePage.theft.done.${chosen}`, { vehicleNumber }),
          });
        },
        onError: (error) => {
          setAction(null);
          toasts.show({
            type: 'error',
            message:
              error instanceof NoOpenAlertError
                ? t('bikePage.theft.noAlert', { vehicleNumber })
                : t('bikePage.theft.failed', {
                    detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
                  }),
          });
        },
      },
    );

  const by = bike.theft.by;
  const who =
    by === 'RIDER'
      ? t('bikePage.theft.rider')
      : by === 'MODULE'
        ? t('bikePage.theft.module')
        : (by ?? '—');
  const since = format.dateTime(bike.theft.since);

  return (
    <section className={styles.card} aria-labelledby="theft-title" data-theft={bike.theft.state}>
      <h2 id="theft-title" className={styles.cardTitle}>
        {t('bikePage.theft.title')}
      </h2>
      {bike.theft.state === 'NONE' && (
        <>
          <p className={styles.theftState}>
            <ShieldCheck size={18} aria-hidden="true" className={styles.ok} />
            {t('bikePage.theft.none')}
          </p>
          <div className={styles.actions}>
            <Button size="sm" variant="danger" onClick={() => setAction('report')}>
              {t('bikePage.theft.report')}
            </Button>
          </div>
        </>
      )}
      {bike.theft.state === 'REPORTED' && (
        <>
          <p className={styles.theftState} data-tone="danger">
            <Siren size={18} aria-hidden="true" />
            {t('bikePage.theft.reported', { since, by: who })}
          </p>
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => setAction('cancel')}>
              {t('bikePage.theft.cancel')}
            </Button>
          </div>
        </>
      )}
      {bike.theft.state === 'SUSPECTED' && (
        <>
          <p className={styles.theftState} data-tone="warning">
            <ShieldAlert size={18} aria-hidden="true" />
            {t('bikePage.theft.suspected', { since })}
          </p>
          <div className={styles.actions}>
            <Button size="sm" variant="secondary" onClick={() => setAction('acknowledge')}>
              {t('bikePage.theft.acknowledge')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => setAction('report')}>
              {t('bikePage.theft.reportSuspected')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action ? t(DIALOGS[action].title, { vehicleNumber }) : ''}
        description={action ? t(DIALOGS[action].hint) : undefined}
        confirmLabel={t('bikePage.theft.confirm')}
        cancelLabel={t('bikePage.theft.dismiss')}
        tone={action === 'report' ? 'danger' : 'primary'}
        busy={mutation.isPending}
        onConfirm={() => action && run(action)}
      />
    </section>
  );
}
