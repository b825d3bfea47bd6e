// The fleet's bikes for an administrator (docs/web.md): import a CSV, export the
// vehicles CSV (re-importable as is), remove bikes with SPEC §8's warning.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, Trash2 } from 'lucide-react';
import { BULK_LIMIT } from '@vfm/contract/constants';
import { vehicleNumberRegExp } from '@vfm/contract/patterns';
import { csvFileName, downloadFleetCsv } from '../../../api/fleet-csv';
import { isApiError } from '../../../api/api-error';
import { useMe } from '../../../account/get-me';
import { useServices } from '../../../services/services';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import { useRemoveVehicles } from '../api/vehicles';
import { BikeImport } from './bike-import';
import { AdminTab } from './admin-tab';
import styles from './administration.module.css';

/** The frame numbers of a text: one per line or comma-separated, each once. */
export function vehicleNumbersOf(text: string): { valid: string[]; invalid: string[] } {
  const items = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  return {
    valid: items.filter((item) => vehicleNumberRegExp.test(item)),
    invalid: items.filter((item) => !vehicleNumberRegExp.test(item)),
  };
}

export function BikesTab() {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const me = useMe();
  const remove = useRemoveVehicles();
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { valid, invalid } = vehicleNumbersOf(text);
  const tooMany = valid.length > BULK_LIMIT;

  const exportVehicles = async () => {
    try {
      await downloadFleetCsv(
        http,
        'vehicles',
        {},
        csvFileName(me.data?.fleet.name ?? 'fleet', 'vehicles'),
      );
    } catch {
      toasts.show({ type: 'error', message: t('administration.bikes.exportFailed') });
    }
  };

  const confirmRemove = () =>
    remove.mutate(valid, {
      onSuccess: (result) => {
        setConfirming(false);
        setText('');
        toasts.show({
          type: 'success',
          message: t('administration.bikes.removed', { count: result.removed }),
        });
      },
      onError: (error) => {
        setConfirming(false);
        toasts.show({
          type: 'error',
          message: t('administration.bikes.removeFailed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          }),
        });
      },
    });

  return (
    <div className={styles.bikes}>
      <BikeImport />
      <div className={styles.sideCards}>
        <AdminTab
          heading={{ id: 'export-title', text: t('administration.bikes.exportTitle') }}
          intro={t('administration.bikes.exportIntro')}
        >
          <div className={styles.buttonsStart}>
            <Button variant="secondary" onClick={() => void exportVehicles()}>
              <Download size={16} aria-hidden="true" />
              {t('administration.bikes.export')}
            </Button>
          </div>
        </AdminTab>
        <AdminTab
          heading={{ id: 'remove-title', text: t('administration.bikes.removeTitle') }}
          intro={t('administration.bikes.removeIntro')}
        >
          <label className={styles.listField}>
            <span>{t('administration.bikes.removeLabel')}</span>
            <textarea
              rows={4}
              value={text}
              spellCheck={false}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          {invalid.length > 0 && (
            <InlineAlert type="warning">
              {t('administration.bikes.removeInvalid', { list: invalid.slice(0, 10).join(', ') })}
            </InlineAlert>
          )}
          {tooMany && (
            <InlineAlert type="warning">
              {t('administration.bikes.removeTooMany', { limit: BULK_LIMIT })}
            </InlineAlert>
          )}
          <div className={styles.buttonsStart}>
            <Button
              variant="danger"
              disabled={!valid.length || invalid.length > 0 || tooMany}
              onClick={() => setConfirming(true)}
            >
              <Trash2 size={16} aria-hidden="true" />
              {t('administration.bikes.remove')}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t('administration.bikes.removeConfirmTitle', { count: valid.length })}
            description={t('messages.removeBikes')}
            confirmLabel={t('administration.bikes.removeConfirm')}
            cancelLabel={t('administration.bikes.removeCancel')}
            tone="danger"
            busy={remove.isPending}
            onConfirm={confirmRemove}
          />
        </AdminTab>
      </div>
    </div>
  );
}
