// The report schedules (ADR 0127) under the report: each with its rhythm, recipients and last
// delivery, "send now" and remove; a form to add one (name, rhythm, file, recipients). The
// recipients get it at 7 o'clock of their own time zone; this browser's is the default.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send, Trash2 } from 'lucide-react';
import { REPORT_FREQUENCIES, type ReportFrequency } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { IconButton } from '../../../ui/icon-button/icon-button';
import {
  useCreateReportSchedule,
  useDeleteReportSchedule,
  useReportSchedules,
  useSendReportNow,
} from '../api/report-schedules';
import styles from './reports.module.css';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function ReportSchedules() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const schedules = useReportSchedules();
  const create = useCreateReportSchedule();
  const remove = useDeleteReportSchedule();
  const send = useSendReportNow();
  const [name, setName] = useState('');
  const [frequency, setFrequency] = useState<ReportFrequency>('MONTHLY');
  const [format, setFormat] = useState<'pdf' | 'xlsx'>('pdf');
  const [recipients, setRecipients] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = recipients.split(/[\s,;]+/).filter(Boolean);
    if (!name.trim() || !list.length) return setProblem(t('reports.schedules.required'));
    setProblem(null);
    create.mutate(
      { name: name.trim(), frequency, format, recipients: list, timeZone: browserZone() },
      {
        onSuccess: () => {
          toasts.show({ type: 'success', message: t('reports.schedules.created') });
          setName('');
          setRecipients('');
        },
        onError: (error) =>
          setProblem((isApiError(error) && error.problem?.detail) || t('reports.exportError')),
      },
    );
  };

  return (
    <section className={styles.card} aria-labelledby="report-schedules-title">
      <h2 id="report-schedules-title" className={styles.cardTitle}>
        {t('reports.schedules.title')}
      </h2>
      <p className={styles.cardText}>{t('reports.schedules.intro')}</p>
      {!!schedules.data?.content.length && (
        <ul className={styles.schedules}>
          {schedules.data.content.map((s) => (
            <li key={s.id} className={styles.schedule}>
              <strong>{s.name}</strong>
              <span className={styles.note}>
                {t(`reports.schedules.frequencies.${s.frequency}`)} · {s.format.toUpperCase()} ·{' '}
                {s.recipients.join(', ')}
              </span>
              {s.lastDelivery && (
                <span className={styles.note}>
                  {t(`reports.schedules.status.${s.lastDelivery.status}`, {
                    from: s.lastDelivery.periodFrom,
                    to: s.lastDelivery.periodTo,
                  })}
                </span>
              )}
              <span className={styles.scheduleActions}>
                <IconButton
                  label={t('reports.schedules.sendNow', { name: s.name })}
                  onClick={() =>
                    send.mutate(s.id, {
                      onSuccess: () =>
                        toasts.show({ type: 'success', message: t('reports.schedules.sent') }),
                    })
                  }
                >
                  <Send size={16} aria-hidden />
                </IconButton>
                <IconButton
                  label={t('reports.schedules.delete', { name: s.name })}
                  onClick={() => remove.mutate(s.id)}
                >
                  <Trash2 size={16} aria-hidden />
                </IconButton>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.toolbar} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span>{t('reports.schedules.name')}</span>
          <input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('reports.schedules.frequency')}</span>
          <select
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as ReportFrequency)}
          >
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`reports.schedules.frequencies.${f}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('reports.schedules.format')}</span>
          <select value={format} onChange={(e) => setFormat(e.target.value as 'pdf' | 'xlsx')}>
            <option value="pdf">PDF</option>
            <option value="xlsx">Excel</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('reports.schedules.recipients')}</span>
          <input
            type="text"
            value={recipients}
            placeholder="ana@example.com, city@example.org"
            onChange={(e) => setRecipients(e.target.value)}
          />
        </label>
        <Button type="submit" size="sm" busy={create.isPending}>
          {t('reports.schedules.add')}
        </Button>
      </form>
      {problem && (
        <p className={styles.note} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
