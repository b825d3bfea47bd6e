// Open data for cities (docs/open-data.md, §5; admin only): the fleet's public GBFS 3.0 feed — a
// switch to publish it, the texts a city and a trip planner read (name, operator, contact,
// time zone, languages, licence, opening hours), the range of a full battery per model, the
// rider apps — and, once published, the feed's address to copy. Saved all at once (audited).
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Copy, ExternalLink } from 'lucide-react';
import type { OpenData } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button, buttonClassName } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { QueryState } from '../../../ui/query-state/query-state';
import { useOpenData, useSaveOpenData } from '../api/open-data';
import {
  APP_FIELDS,
  toFormValues,
  toSettings,
  validateOpenData,
  type OpenDataField,
  type OpenDataFormValues,
} from '../state/open-data-form';
import { AdminTab } from './admin-tab';
import styles from './administration.module.css';

const TEXT_FIELDS = ['name', 'operator', 'contactEmail', 'timezone', 'languages'] as const;
const timeZoneList = () => [...Intl.supportedValuesOf('timeZone'), 'UTC'];

export function OpenDataTab() {
  const { t } = useTranslation();
  const openData = useOpenData();
  return (
    <QueryState
      query={openData}
      texts={{
        loading: t('administration.openData.loading'),
        error: t('administration.openData.error'),
        retry: t('administration.openData.reload'),
      }}
    >
      {(data) => <OpenDataForm key={data.updatedAt ?? 'new'} data={data} />}
    </QueryState>
  );
}

function OpenDataForm({ data }: { data: OpenData }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const save = useSaveOpenData();
  const timeZones = useMemo(() => timeZoneList(), []);
  const zoneSet = useMemo(() => new Set(timeZones), [timeZones]);
  const [values, setValues] = useState<OpenDataFormValues>(() => toFormValues(data));
  const [submitted, setSubmitted] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errors = validateOpenData(values, zoneSet);
  const errorOf = (key: string) => {
    const error = submitted ? errors[key] : undefined;
    return error ? t(`administration.openData.errors.${error}`) : undefined;
  };
  const set = (field: OpenDataField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length) {
      // the first wrong field may be far above the button (a long form, a phone): go there
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    save.mutate(toSettings(values), {
      onSuccess: (saved) =>
        toasts.show({
          type: 'success',
          message: t(
            saved.published
              ? 'administration.openData.savedPublished'
              : 'administration.openData.saved',
          ),
        }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: t('administration.openData.failed', {
            detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
          }),
        }),
    });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show({ type: 'success', message: t('administration.openData.copied') });
    } catch {
      toasts.show({ type: 'error', message: t('administration.openData.copyFailed') });
    }
  };

  return (
    <AdminTab
      heading={{ id: 'open-data-title', text: t('administration.openData.title') }}
      className={`${styles.narrow} ${styles.openData}`}
      intro={t('administration.openData.intro')}
    >
      {data.feedUrl ? (
        <div className={styles.feedUrl} data-testid="open-data-feed">
          <span className={styles.feedLabel}>{t('administration.openData.feedUrl')}</span>
          <code className={styles.feedCode}>{data.feedUrl}</code>
          <div className={styles.rowActions}>
            <Button size="sm" variant="secondary" onClick={() => void copy(data.feedUrl!)}>
              <Copy size={16} aria-hidden="true" />
              {t('administration.openData.copy')}
            </Button>
            <a
              className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              href={data.feedUrl}
              target="_blank"
              rel="noreferrer"
            >
              <ExternalLink size={16} aria-hidden="true" />
              {t('administration.openData.open')}
            </a>
          </div>
        </div>
      ) : (
        <p className={styles.muted} data-testid="open-data-unpublished">
          {t('administration.openData.notPublished')}
        </p>
      )}
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.switchRow}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={values.published}
            onChange={(event) => setValues((v) => ({ ...v, published: event.target.checked }))}
          />
          <span>
            <strong>{t('administration.openData.publish')}</strong>
            <span className={styles.hint}>{t('administration.openData.publishHint')}</span>
          </span>
        </label>
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`administration.openData.fields.${field}`)}
            value={values[field]}
            onChange={set(field)}
            type={field === 'contactEmail' ? 'email' : 'text'}
            list={field === 'timezone' ? 'open-data-time-zones' : undefined}
            hint={
              field === 'languages' || field === 'timezone' || field === 'contactEmail'
                ? t(`administration.openData.hints.${field}`)
                : undefined
            }
            error={errorOf(field)}
          />
        ))}
        <datalist id="open-data-time-zones">
          {timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <TextField
          label={t('administration.openData.fields.license')}
          value={values.license}
          onChange={set('license')}
          hint={t('administration.openData.hints.license')}
          error={errorOf('license')}
        />
        <TextField
          label={t('administration.openData.fields.openingHours')}
          value={values.openingHours}
          onChange={set('openingHours')}
          hint={t('administration.openData.hints.openingHours')}
          error={errorOf('openingHours')}
        />
        <fieldset className={styles.fieldset}>
          <legend>{t('administration.openData.rangesTitle')}</legend>
          <p className={styles.hint}>{t('administration.openData.rangesHint')}</p>
          <TextField
            label={t('administration.openData.fields.defaultRange')}
            inputMode="decimal"
            value={values.defaultRangeKm}
            onChange={set('defaultRangeKm')}
            error={errorOf('defaultRangeKm')}
          />
          {Object.keys(values.rangeKm).map((model) => (
            <TextField
              key={model}
              label={t('administration.openData.fields.modelRange', {
                model: model || t('administration.openData.noModel'),
              })}
              inputMode="decimal"
              placeholder={values.defaultRangeKm}
              value={values.rangeKm[model]}
              onChange={(event) =>
                setValues((v) => ({
                  ...v,
                  rangeKm: { ...v.rangeKm, [model]: event.target.value },
                }))
              }
              error={errorOf(`range:${model}`)}
            />
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend>{t('administration.openData.appsTitle')}</legend>
          <p className={styles.hint}>{t('administration.openData.appsHint')}</p>
          {APP_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`administration.openData.fields.${field}`)}
              type="url"
              value={values[field]}
              onChange={set(field)}
              error={errorOf(field)}
            />
          ))}
        </fieldset>
        <div className={styles.buttonsStart}>
          <Button type="submit" busy={save.isPending}>
            {t('administration.openData.save')}
          </Button>
        </div>
      </form>
    </AdminTab>
  );
}
