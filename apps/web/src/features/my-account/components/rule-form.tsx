// The form of one alert rule (docs/notifications.md): its kinds, bikes (all, groups, a list), channels,
// severity, quiet hours in the user's time zone with the kinds that pierce them, and the
// e-mails' rhythm. An SMS rule of one's own needs one's phone number (My account → Profile,
// ADR 0124). Checked here for what the screen can tell (names the field), then by the
// server (unknown bikes: their numbers; a stale version: reopen).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALERT_SEVERITIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  RULE_BIKE_SCOPES,
  RULE_DIGESTS,
  type NotificationRule,
} from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useMe } from '../../../account/get-me';
import { flattenGroups } from '../../../live/group-options';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useSaveNotificationRule } from '../../../notifications/api/save-notification-rule';
import {
  PushSubscribeError,
  isPushSupported,
  useSubscribePush,
} from '../../../notifications/api/subscribe-push';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { QuietHoursFields } from './rule-quiet-hours';
import { draftOf, toggle, type Draft } from './rule-draft';
import styles from './my-account.module.css';

export function RuleForm({
  rule,
  canSetFleetWide,
  onDone,
}: {
  rule: NotificationRule | null;
  canSetFleetWide: boolean;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNotificationRule();
  const groups = useFleetGroups();
  const me = useMe();
  const pushSubscribe = useSubscribePush();
  const [pushNotice, setPushNotice] = useState<
    'subscribed' | 'denied' | 'unavailable' | 'failed' | null
  >(null);
  // PUSH only where this browser can receive it (a rule that has it elsewhere keeps it)
  const channels = NOTIFICATION_CHANNELS.filter(
    (channel) => channel !== 'PUSH' || isPushSupported() || draft.channels.includes('PUSH'),
  );
  const toggleChannel = (channel: (typeof NOTIFICATION_CHANNELS)[number]) => {
    if (channel !== 'PUSH' || draft.channels.includes('PUSH')) {
      setPushNotice(null);
      set({ channels: toggle(draft.channels, channel) });
      return;
    }
    // turning push on: this browser asks the permission and subscribes first
    setPushNotice(null);
    pushSubscribe.mutate(undefined, {
      onSuccess: () => {
        setPushNotice('subscribed');
        setDraft((current) => ({
          ...current,
          channels: current.channels.includes('PUSH')
            ? current.channels
            : [...current.channels, 'PUSH'],
        }));
      },
      onError: (failure) =>
        setPushNotice(failure instanceof PushSubscribeError ? failure.reason : 'failed'),
    });
  };
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const numbers = draft.numbersText.split(/[\s,;]+/).filter(Boolean);
  const problem = (() => {
    if (!draft.name.trim()) return t('notifications.form.errors.name');
    if (!draft.kinds.length) return t('notifications.form.errors.kinds');
    if (!draft.channels.length) return t('notifications.form.errors.channels');
    // one's own SMS rule texts one's own phone (a fleet-wide one: each manager's)
    const ownRule = rule ? !rule.fleetWide : !draft.fleetWide;
    if (ownRule && draft.channels.includes('SMS') && me.data && !me.data.phone)
      return t('notifications.form.errors.phone');
    if (draft.bikeScope === 'GROUPS' && !draft.groupIds?.length)
      return t('notifications.form.errors.groups');
    if (draft.bikeScope === 'BIKES' && !numbers.length)
      return t('notifications.form.errors.vehicleNumbers');
    if (draft.quiet && !draft.quietDays.length) return t('notifications.form.errors.days');
    if (draft.quiet && draft.quietFrom === draft.quietTo)
      return t('notifications.form.errors.sameTimes');
    return null;
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(problem);
    if (problem || save.isPending) return;
    const body = {
      name: draft.name.trim(),
      enabled: draft.enabled,
      kinds: draft.kinds,
      bikeScope: draft.bikeScope,
      ...(draft.bikeScope === 'GROUPS' ? { groupIds: draft.groupIds } : {}),
      ...(draft.bikeScope === 'BIKES' ? { vehicleNumbers: [...new Set(numbers)] } : {}),
      channels: draft.channels,
      minSeverity: draft.minSeverity,
      quietHours: draft.quiet
        ? {
            from: draft.quietFrom,
            to: draft.quietTo,
            days: draft.quietDays,
            timeZone: draft.timeZone,
          }
        : null,
      alwaysNotify: draft.quiet ? draft.alwaysNotify.filter((k) => draft.kinds.includes(k)) : [],
      digest: draft.digest,
    };
    save.mutate(
      rule
        ? { id: rule.id, body: { ...body, version: rule.version } }
        : { id: null, body: { ...body, fleetWide: draft.fleetWide } },
      {
        onSuccess: () => onDone(true),
        onError: (failure) => {
          const code = isApiError(failure) ? failure.problem?.code : undefined;
          const missing =
            (isApiError(failure) && (failure.problem as { missing?: string[] } | null)?.missing) ||
            [];
          setError(
            code === 'BIKE_NOT_FOUND'
              ? t('notifications.form.errors.bikeNotFound', { list: missing.join(', ') })
              : code === 'GROUP_NOT_FOUND'
                ? t('notifications.form.errors.groupNotFound')
                : code === 'PHONE_REQUIRED'
                  ? t('notifications.form.errors.phone')
                  : isApiError(failure, 409)
                    ? t('notifications.form.errors.stale')
                    : t('notifications.form.errors.failed'),
          );
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.label}>
        {rule ? t('notifications.form.editTitle') : t('notifications.form.newTitle')}
      </h3>
      {error && <InlineAlert>{error}</InlineAlert>}
      <div className={styles.field}>
        <label htmlFor={`${id}-name`} className={styles.label}>
          {t('notifications.form.name')}
        </label>
        <input
          id={`${id}-name`}
          className={styles.select}
          value={draft.name}
          maxLength={100}
          onChange={(event) => set({ name: event.target.value })}
        />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
        />
        {t('notifications.form.enabled')}
      </label>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>{t('notifications.form.kinds')}</legend>
        <div className={styles.checks}>
          {NOTIFICATION_KINDS.map((kind) => (
            <label key={kind} className={styles.check}>
              <input
                type="checkbox"
                checked={draft.kinds.includes(kind)}
                onChange={() => set({ kinds: toggle(draft.kinds, kind) })}
              />
              {t(`notifications.kinds.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>{t('notifications.form.bikes')}</legend>
        <div className={styles.checks}>
          {RULE_BIKE_SCOPES.map((scope) => (
            <label key={scope} className={styles.check}>
              <input
                type="radio"
                name={`${id}-scope`}
                checked={draft.bikeScope === scope}
                onChange={() => set({ bikeScope: scope })}
              />
              {t(`notifications.scopes.${scope}`)}
            </label>
          ))}
        </div>
        {draft.bikeScope === 'GROUPS' && (
          <div className={styles.checks} aria-label={t('notifications.form.groups')} role="group">
            {groups.data && !groups.data.length && (
              <p className={styles.hint}>{t('notifications.form.noGroups')}</p>
            )}
            {flattenGroups(groups.data ?? []).map(({ group: node, depth }) => (
              <label
                key={node.id}
                className={styles.check}
                style={{ paddingInlineStart: depth * 16 }}
              >
                <input
                  type="checkbox"
                  checked={draft.groupIds?.includes(node.id) ?? false}
                  onChange={() => set({ groupIds: toggle(draft.groupIds ?? [], node.id) })}
                />
                {node.name}
              </label>
            ))}
          </div>
        )}
        {draft.bikeScope === 'BIKES' && (
          <div className={styles.field}>
            <label htmlFor={`${id}-numbers`} className={styles.label}>
              {t('notifications.form.vehicleNumbers')}
            </label>
            <textarea
              id={`${id}-numbers`}
              className={styles.textarea}
              rows={3}
              value={draft.numbersText}
              aria-describedby={`${id}-numbers-hint`}
              onChange={(event) => set({ numbersText: event.target.value })}
            />
            <span id={`${id}-numbers-hint`} className={styles.hint}>
              {t('notifications.form.vehicleNumbersHint')}
            </span>
          </div>
        )}
      </fieldset>
      <div className={styles.grid}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>{t('notifications.form.channels')}</legend>
          {channels.map((channel) => (
            <label key={channel} className={styles.check}>
              <input
                type="checkbox"
                checked={draft.channels.includes(channel)}
                disabled={channel === 'PUSH' && pushSubscribe.isPending}
                aria-describedby={channel === 'PUSH' && pushNotice ? `${id}-push` : undefined}
                onChange={() => toggleChannel(channel)}
              />
              {t(`notifications.channels.${channel}`)}
            </label>
          ))}
          {pushSubscribe.isPending && (
            <p className={styles.hint} role="status">
              {t('notifications.push.asking')}
            </p>
          )}
          {pushNotice === 'subscribed' && (
            <p id={`${id}-push`} className={styles.hint} role="status" data-testid="push-notice">
              {t('notifications.push.subscribed')}
            </p>
          )}
          {pushNotice && pushNotice !== 'subscribed' && (
            <div id={`${id}-push`} data-testid="push-notice">
              <InlineAlert>{t(`notifications.push.${pushNotice}`)}</InlineAlert>
            </div>
          )}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-severity`} className={styles.label}>
            {t('notifications.form.minSeverity')}
          </label>
          <select
            id={`${id}-severity`}
            className={styles.select}
            value={draft.minSeverity}
            onChange={(event) => set({ minSeverity: event.target.value as Draft['minSeverity'] })}
          >
            {ALERT_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`notifications.severities.${severity}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-digest`} className={styles.label}>
            {t('notifications.form.digest')}
          </label>
          <select
            id={`${id}-digest`}
            className={styles.select}
            value={draft.digest}
            onChange={(event) => set({ digest: event.target.value as Draft['digest'] })}
          >
            {RULE_DIGESTS.map((digest) => (
              <option key={digest} value={digest}>
                {t(`notifications.digests.${digest}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QuietHoursFields draft={draft} set={set} />
      {!rule && canSetFleetWide && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.fleetWide ?? false}
            onChange={(event) => set({ fleetWide: event.target.checked })}
          />
          {t('notifications.form.fleetWide')}
        </label>
      )}
      <div className={styles.buttons}>
        <Button type="submit" busy={save.isPending}>
          {t('notifications.form.save')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => onDone(false)}>
          {t('notifications.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
