// What an administrator sets on a webhook (docs/webhooks.md): its https URL, a description, the alert
// kinds it receives and whether it also hears their end. The server checks the URL again (and
// refuses private addresses); its refusal is shown under the field.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_KINDS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type AlertKind,
  type WebhookEventType,
} from '@vfm/contract';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';
import styles from './webhooks.module.css';

export interface WebhookFormValues {
  url: string;
  description: string;
  kinds: AlertKind[];
  events: WebhookEventType[];
}

interface Props {
  initial?: WebhookFormValues;
  /** the server's refusal of the URL, if any */
  urlError?: string | undefined;
  busy: boolean;
  submitLabel: string;
  onSubmit(values: WebhookFormValues): void;
  onCancel(): void;
}

const EMPTY: WebhookFormValues = {
  url: '',
  description: '',
  kinds: ['SUSPECTED_THEFT', 'REPORTED_THEFT'],
  events: ['alert.opened'],
};

const toggle = <T,>(list: T[], value: T, on: boolean) =>
  on ? [...list, value] : list.filter((item) => item !== value);

export function WebhookForm({ initial = EMPTY, urlError, busy, submitLabel, ...on }: Props) {
  const { t } = useTranslation();
  // only the form's own fields (an endpoint read from the server carries more)
  const [values, setValues] = useState<WebhookFormValues>(() => ({
    url: initial.url,
    description: initial.description,
    kinds: initial.kinds,
    events: initial.events,
  }));
  const [errors, setErrors] = useState<{ url?: string; kinds?: string; events?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const url = values.url.trim();
    const found = {
      ...(!/^https?:\/\/\S+$/i.test(url) ? { url: t('administration.webhooks.urlInvalid') } : {}),
      ...(values.kinds.length ? {} : { kinds: t('administration.webhooks.kindsRequired') }),
      ...(values.events.length ? {} : { events: t('administration.webhooks.eventsRequired') }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    on.onSubmit({ ...values, url, description: values.description.trim() });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('administration.webhooks.url')}
        hint={t('administration.webhooks.urlHint')}
        type="url"
        inputMode="url"
        value={values.url}
        maxLength={WEBHOOK_URL_MAX}
        error={errors.url ?? urlError}
        onChange={(event) => setValues({ ...values, url: event.target.value })}
      />
      <TextField
        label={t('administration.webhooks.description')}
        value={values.description}
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        onChange={(event) => setValues({ ...values, description: event.target.value })}
      />
      <fieldset
        className={styles.choices}
        aria-describedby={errors.kinds ? 'webhook-kinds-error' : undefined}
      >
        <legend>{t('administration.webhooks.kinds')}</legend>
        {ALERT_KINDS.map((kind) => (
          <label key={kind} className={styles.choice}>
            <input
              type="checkbox"
              checked={values.kinds.includes(kind)}
              onChange={(event) =>
                setValues({ ...values, kinds: toggle(values.kinds, kind, event.target.checked) })
              }
            />
            {t(`bike.warning.${kind}`)}
          </label>
        ))}
        {errors.kinds && (
          <p id="webhook-kinds-error" className={styles.error} role="alert">
            {errors.kinds}
          </p>
        )}
      </fieldset>
      <fieldset
        className={styles.choices}
        aria-describedby={errors.events ? 'webhook-events-error' : undefined}
      >
        <legend>{t('administration.webhooks.events')}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className={styles.choice}>
            <input
              type="checkbox"
              checked={values.events.includes(type)}
              onChange={(event) =>
                setValues({ ...values, events: toggle(values.events, type, event.target.checked) })
              }
            />
            {t(`administration.webhooks.eventTypes.${WEBHOOK_EVENT_LABELS[type]}`)}
          </label>
        ))}
        {errors.events && (
          <p id="webhook-events-error" className={styles.error} role="alert">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={on.onCancel}>
          {t('administration.webhooks.cancel')}
        </Button>
      </div>
    </form>
  );
}
