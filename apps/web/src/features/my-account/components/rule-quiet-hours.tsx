// The quiet hours of an alert rule (docs/notifications.md): from, to, the days, the time zone (the
// browser's by default), and the kinds that pierce them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@vfm/contract';
import { toggle, type Draft } from './rule-draft';
import styles from './my-account.module.css';

export function QuietHoursFields({
  draft,
  set,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{t('notifications.form.quietHours')}</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.quiet}
          onChange={(event) => set({ quiet: event.target.checked })}
        />
        {t('notifications.form.quietHours')}
      </label>
      {draft.quiet && (
        <>
          <div className={styles.grid}>
            <div className={styles.field}>
              <label htmlFor={`${id}-from`} className={styles.label}>
                {t('notifications.form.quietFrom')}
              </label>
              <input
                id={`${id}-from`}
                type="time"
                className={styles.select}
                value={draft.quietFrom}
                onChange={(event) => set({ quietFrom: event.target.value })}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${id}-to`} className={styles.label}>
                {t('notifications.form.quietTo')}
              </label>
              <input
                id={`${id}-to`}
                type="time"
                className={styles.select}
                value={draft.quietTo}
                onChange={(event) => set({ quietTo: event.target.value })}
              />
            </div>
          </div>
          <div
            className={styles.checks}
            role="group"
            aria-label={t('notifications.form.quietDays')}
          >
            {WEEKDAYS.map((day) => (
              <label key={day} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.quietDays.includes(day)}
                  onChange={() => set({ quietDays: toggle(draft.quietDays, day) })}
                />
                {t(`notifications.days.${day}`)}
              </label>
            ))}
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-zone`} className={styles.label}>
              {t('notifications.form.timeZone')}
            </label>
            <input
              id={`${id}-zone`}
              className={styles.select}
              value={draft.timeZone}
              onChange={(event) => set({ timeZone: event.target.value })}
            />
          </div>
          <div
            className={styles.checks}
            role="group"
            aria-label={t('notifications.form.alwaysNotify')}
          >
            <span className={styles.label}>{t('notifications.form.alwaysNotify')}</span>
            {draft.kinds.map((kind) => (
              <label key={kind} className={styles.check}>
                <input
                  type="checkbox"
                  checked={draft.alwaysNotify.includes(kind)}
                  onChange={() => set({ alwaysNotify: toggle(draft.alwaysNotify, kind) })}
                />
                {t(`notifications.kinds.${kind}`)}
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
