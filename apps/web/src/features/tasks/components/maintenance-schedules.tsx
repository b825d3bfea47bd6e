// Maintenance schedules (docs/tasks.md) on the Tasks page: each schedule with its period, the
// bikes it covers and those due; a form to add one (a name, a vehicle type and/or a group, at
// least one period: km, days, charge cycles) and a delete button per schedule.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { MaintenanceSchedule } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { GroupOptions } from '../../../live/group-options';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { Panel } from '../../../ui/page/page';
import {
  useCreateSchedule,
  useDeleteSchedule,
  useMaintenanceSchedules,
} from '../api/maintenance-schedules';
import styles from '../../../tasks/tasks.module.css';

const positive = (text: string) => {
  const value = Number(text);
  return text.trim() && Number.isFinite(value) && value > 0 ? value : null;
};

export function MaintenanceSchedules() {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const schedules = useMaintenanceSchedules();
  const groups = useFleetGroups();
  const create = useCreateSchedule();
  const remove = useDeleteSchedule();
  const [name, setName] = useState('');
  const [model, setModel] = useState('');
  const [groupId, setGroupId] = useState('');
  const [km, setKm] = useState('');
  const [days, setDays] = useState('');
  const [cycles, setCycles] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const period = (s: MaintenanceSchedule) =>
    [
      s.everyKm !== null && t('tasks.maintenance.periodKm', { value: s.everyKm }),
      s.everyDays !== null && t('tasks.maintenance.periodDays', { value: s.everyDays }),
      s.everyCycles !== null && t('tasks.maintenance.periodCycles', { value: s.everyCycles }),
    ]
      .filter(Boolean)
      .join(' · ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const everyKm = positive(km);
    const everyDays = positive(days);
    const everyCycles = positive(cycles);
    if (!name.trim()) return setProblem(t('tasks.maintenance.nameRequired'));
    if (everyKm === null && everyDays === null && everyCycles === null)
      return setProblem(t('tasks.maintenance.periodRequired'));
    setProblem(null);
    create.mutate(
      {
        name: name.trim(),
        model: model.trim() || null,
        groupId: groupId || null,
        everyKm,
        everyDays: everyDays === null ? null : Math.round(everyDays),
        everyCycles: everyCycles === null ? null : Math.round(everyCycles),
      },
      {
        onSuccess: () => {
          toasts.show({ type: 'success', message: t('tasks.maintenance.created') });
          setName('');
          setModel('');
          setGroupId('');
          setKm('');
          setDays('');
          setCycles('');
        },
        onError: (error) =>
          setProblem((isApiError(error) && error.problem?.detail) || t('tasks.errors.generic')),
      },
    );
  };

  return (
    <Panel
      id="maintenance"
      title={t('tasks.maintenance.title')}
      intro={t('tasks.maintenance.intro')}
    >
      {schedules.data && !schedules.data.content.length && (
        <p className={styles.meta}>{t('tasks.maintenance.none')}</p>
      )}
      {schedules.isError && (
        <p className={styles.error} role="alert">
          {t('tasks.maintenance.loadError')}
        </p>
      )}
      {!!schedules.data?.content.length && (
        <ul className={styles.list}>
          {schedules.data.content.map((s) => (
            <li key={s.id} className={styles.cardHead}>
              <strong>{s.name}</strong>
              <span className={styles.meta}>{period(s)}</span>
              <span className={styles.meta}>
                {t('tasks.maintenance.covers', { bikes: s.bikes, due: s.due })}
              </span>
              <IconButton
                label={t('tasks.maintenance.delete', { name: s.name })}
                onClick={() =>
                  remove.mutate(s.id, {
                    onSuccess: () =>
                      toasts.show({ type: 'success', message: t('tasks.maintenance.deleted') }),
                  })
                }
              >
                <Trash2 size={16} aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.toolbar} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.name')}</span>
          <input value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.model')}</span>
          <input value={model} maxLength={64} onChange={(e) => setModel(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.group')}</span>
          <select value={groupId} onChange={(e) => setGroupId(e.target.value)}>
            <option value="">{t('tasks.maintenance.anyGroup')}</option>
            <GroupOptions groups={groups.data} />
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.everyKm')}</span>
          <input inputMode="numeric" value={km} onChange={(e) => setKm(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.everyDays')}</span>
          <input inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} />
        </label>
        <label className={styles.field}>
          <span>{t('tasks.maintenance.everyCycles')}</span>
          <input inputMode="numeric" value={cycles} onChange={(e) => setCycles(e.target.value)} />
        </label>
        <Button type="submit" busy={create.isPending}>
          {t('tasks.maintenance.add')}
        </Button>
        {problem && (
          <p className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </form>
    </Panel>
  );
}
