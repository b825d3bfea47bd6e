// The theft actions of a warned bike (DESIGN §7), each confirmed: acknowledge a suspicion or
// report it as a theft; cancel a reported theft (its earlier availability and mode return).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { NoOpenAlertError, useTheftAction, type TheftAction } from '../../../bike/theft-actions';

const TEXTS = {
  acknowledge: {
    button: 'warnings.actions.acknowledge',
    title: 'warnings.actions.acknowledgeTitle',
    hint: 'warnings.actions.acknowledgeHint',
    done: 'warnings.actions.acknowledged',
  },
  report: {
    button: 'warnings.actions.report',
    title: 'warnings.actions.reportTitle',
    hint: 'warnings.actions.reportHint',
    done: 'warnings.actions.reported',
  },
  cancel: {
    button: 'warnings.actions.cancel',
    title: 'warnings.actions.cancelTitle',
    hint: 'warnings.actions.cancelHint',
    done: 'warnings.actions.cancelled',
  },
} as const;

export function TheftActionButton({
  vehicleNumber,
  action,
}: {
  vehicleNumber: string;
  action: TheftAction;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const [open, setOpen] = useState(false);
  const mutation = useTheftAction();
  const texts = TEXTS[action];

  const run = () =>
    mutation.mutate(
      { vehicleNumber, action },
      {
        onSuccess: () => {
          setOpen(false);
          toasts.show({ type: 'success', message: t(texts.done, { vehicleNumber }) });
        },
        onError: (error) => {
          setOpen(false);
          const detail =
            error instanceof NoOpenAlertError
              ? t('warnings.actions.noAlert', { vehicleNumber })
              : t('warnings.actions.failed', {
                  detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
                });
          toasts.show({ type: 'error', message: detail });
        },
      },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant={action === 'report' ? 'danger' : 'secondary'}>
          {t(texts.button)}
        </Button>
      }
      title={t(texts.title, { vehicleNumber })}
      description={t(texts.hint)}
      cancelLabel={t('warnings.actions.dismiss')}
      confirmLabel={t('warnings.actions.confirm')}
      tone={action === 'report' ? 'danger' : 'primary'}
      busy={mutation.isPending}
      onConfirm={run}
    />
  );
}
