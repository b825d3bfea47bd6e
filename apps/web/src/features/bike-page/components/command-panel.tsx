// The bike's commands (SPEC §1, DESIGN §7): assistance lock, alarm, IoT mode. Each shows the
// current state; while a command waits for the module, since when and when it can be expected
// (a module in a rare-report mode only hears it at its next connection, DESIGN §6); a refused
// or expired command says so, with a retry. Locking and the modes that silence the module are
// confirmed first. Sent and answered through the one web command path (src/bike/commands), the
// fleet's bulk actions' too.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import { IOT_MODES, type Bike, type Command, type CommandType, type IotMode } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { ModeLabel, RelativeTime } from '../../../bike/bike-display';
import { modeKey } from '../../../bike/labels';
import { useNow } from '../../../bike/use-now';
import { useFormatters } from '../../../format/use-formatters';
import { useServices, useSession } from '../../../services/services';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog';
import {
  requestOf,
  useSendCommands,
  type CommandRequest,
} from '../../../bike/commands/send-commands';
import { useBikeCommandAnswers } from '../../../bike/commands/use-command-answers';
import { useCommandHistory } from '../api/bike-queries';
import { expectedDelivery } from '../state/bike-fields';
import styles from './bike-page.module.css';

/** Modes in which the module reports rarely: confirmed before switching (DESIGN §6). */
const SILENT_MODES: readonly IotMode[] = ['STORAGE', 'LOW_POWER'];

/** The newest command of a type (the history is newest first). */
const latestOf = (history: readonly Command[] | undefined, type: CommandType) =>
  history?.find((command) => command.type === type) ?? null;

export function CommandPanel({ bike }: { bike: Bike }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const { technician } = useSession();
  const history = useCommandHistory(bike.vehicleNumber);
  const send = useSendCommands();
  const [confirm, setConfirm] = useState<CommandRequest | null>(null);
  const [mode, setMode] = useState<IotMode | ''>('');

  // the module's answer, told once per command while the page is open
  useBikeCommandAnswers(bike.vehicleNumber, () =>
    toasts.show({
      type: 'success',
      message: t('bikePage.commands.acknowledged', { vehicleNumber: bike.vehicleNumber }),
    }),
  );

  const run = (request: CommandRequest) =>
    send.mutate(
      { target: { vehicleNumber: bike.vehicleNumber }, request },
      {
        onSuccess: () => {
          setConfirm(null);
          setMode('');
          toasts.show({ type: 'info', message: t('bikePage.commands.sent') });
        },
        onError: (error) => {
          setConfirm(null);
          toasts.show({
            type: 'error',
            message: t('bikePage.commands.sendFailed', {
              detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
            }),
          });
        },
      },
    );
  const ask = (command: CommandRequest) => {
    const needsConfirm =
      (command.kind === 'lock' && command.active) ||
      (command.kind === 'mode' && SILENT_MODES.includes(command.mode));
    if (needsConfirm) setConfirm(command);
    else run(command);
  };

  const noModule = !bike.moduleId;
  const disabled = noModule || send.isPending;
  const lock = latestOf(history.data, 'LOCK_CONTROL');
  const alarm = latestOf(history.data, 'ALARM');
  const modeCommand = latestOf(history.data, 'MODE');

  return (
    <section className={styles.card} aria-labelledby="commands-title">
      <h2 id="commands-title" className={styles.cardTitle}>
        {t('bikePage.commands.title')}
      </h2>
      <p className={styles.muted}>{t('bikePage.commands.intro')}</p>
      {noModule && <InlineAlert type="warning">{t('bikePage.commands.noModule')}</InlineAlert>}

      <div className={styles.command} data-command="lock">
        <div className={styles.commandHead}>
          <span className={styles.commandName}>{t('bikePage.commands.assistance')}</span>
          <strong>
            {bike.assistanceLocked ? t('bikePage.values.locked') : t('bikePage.values.unlocked')}
          </strong>
        </div>
        <Button
          size="sm"
          variant={bike.assistanceLocked ? 'secondary' : 'danger'}
          disabled={disabled || bike.lockControlPending}
          onClick={() => ask({ kind: 'lock', active: !bike.assistanceLocked })}
        >
          {bike.assistanceLocked ? t('bikePage.commands.unlock') : t('bikePage.commands.lock')}
        </Button>
        <CommandStatus
          bike={bike}
          command={lock}
          pending={bike.lockControlPending}
          onRetry={run}
          busy={send.isPending}
        />
      </div>

      <div className={styles.command} data-command="alarm">
        <div className={styles.commandHead}>
          <span className={styles.commandName}>{t('bikePage.commands.alarm')}</span>
          <strong>
            {bike.alarmActive
              ? t('bikePage.commands.alarmIsOn')
              : t('bikePage.commands.alarmIsOff')}
          </strong>
        </div>
        <Button
          size="sm"
          variant="secondary"
          disabled={disabled || bike.alarmPending}
          onClick={() => ask({ kind: 'alarm', active: !bike.alarmActive })}
        >
          {bike.alarmActive ? t('bikePage.commands.alarmOff') : t('bikePage.commands.alarmOn')}
        </Button>
        <CommandStatus
          bike={bike}
          command={alarm}
          pending={bike.alarmPending}
          onRetry={run}
          busy={send.isPending}
        />
      </div>

      <div className={styles.command} data-command="mode">
        <div className={styles.commandHead}>
          <span className={styles.commandName}>{t('bikePage.commands.mode')}</span>
          <strong>
            <ModeLabel mode={bike.iotMode} />
          </strong>
        </div>
        {/* the IoT mode is a manager's; a technician reads it (ADR 0090) */}
        {!technician && (
          <div className={styles.modeRow}>
            <label className="visually-hidden" htmlFor="mode-select">
              {t('bikePage.commands.chooseMode')}
            </label>
            <select
              id="mode-select"
              className={styles.select}
              value={mode}
              disabled={disabled || bike.modePending}
              onChange={(event) => setMode(event.target.value as IotMode | '')}
            >
              <option value="">{t('bikePage.commands.chooseMode')}</option>
              {IOT_MODES.filter((m) => m !== bike.iotMode).map((m) => (
                <option key={m} value={m}>
                  {t(modeKey(m))}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="secondary"
              disabled={disabled || bike.modePending || !mode}
              onClick={() => mode && ask({ kind: 'mode', mode })}
            >
              {t('bikePage.commands.changeMode')}
            </Button>
          </div>
        )}
        <CommandStatus
          bike={bike}
          command={modeCommand}
          pending={bike.modePending}
          onRetry={run}
          busy={send.isPending}
        />
      </div>

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === 'mode'
            ? t('bikePage.commands.confirmMode', {
                vehicleNumber: bike.vehicleNumber,
                mode: t(modeKey(confirm.mode)),
              })
            : t('bikePage.commands.confirmLock', { vehicleNumber: bike.vehicleNumber })
        }
        description={
          confirm?.kind === 'mode'
            ? t('bikePage.commands.confirmSilentHint')
            : t('bikePage.commands.confirmLockHint')
        }
        confirmLabel={t('bikePage.commands.confirm')}
        cancelLabel={t('bikePage.commands.cancel')}
        tone={confirm?.kind === 'lock' ? 'danger' : 'primary'}
        busy={send.isPending}
        onConfirm={() => confirm && run(confirm)}
      />
    </section>
  );
}

/** Under a command: waiting (since when, expected when), or the last one failed / expired. */
function CommandStatus({
  bike,
  command,
  pending,
  onRetry,
  busy,
}: {
  bike: Bike;
  command: Command | null;
  pending: boolean;
  onRetry(command: CommandRequest): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const now = useNow();
  const label = command ? commandLabel(command, t) : '';

  if (pending) {
    const waiting = command?.status === 'PENDING' ? command : null;
    const delivery = waiting ? expectedDelivery(bike, waiting, now) : { kind: 'soon' as const };
    return (
      <p className={styles.pending} role="status">
        <Hourglass size={14} aria-hidden="true" />
        <span>
          {waiting
            ? t('bikePage.commands.pending', { since: format.dateTime(waiting.requestedAt) })
            : t('bike.pending')}
          {'. '}
          {delivery.kind === 'soon' && t('bikePage.commands.deliverySoon')}
          {delivery.kind === 'at' &&
            t('bikePage.commands.deliveryAt', {
              mode: t(modeKey(bike.iotMode)),
              time: format.dateTime(delivery.time),
            })}
          {delivery.kind === 'late' &&
            t('bikePage.commands.deliveryLate', {
              time: format.dateTime(delivery.since),
              expires: format.relative(delivery.expires, new Date(now)),
            })}
        </span>
      </p>
    );
  }
  if (command && (command.status === 'FAILED' || command.status === 'EXPIRED')) {
    return (
      <div className={styles.commandError}>
        <InlineAlert type={command.status === 'FAILED' ? 'error' : 'warning'}>
          {command.status === 'FAILED'
            ? t('bikePage.commands.failed', { command: label })
            : t('bikePage.commands.expired', { command: label })}
          {command.detail ? ` (${command.detail})` : ''}{' '}
          <RelativeTime iso={command.acknowledgedAt ?? command.expiresAt} short />
        </InlineAlert>
        <Button
          size="sm"
          variant="secondary"
          busy={busy}
          onClick={() => onRetry(requestOf(command))}
        >
          {t('bikePage.commands.retry')}
        </Button>
      </div>
    );
  }
  return null;
}

type T = ReturnType<typeof useTranslation>['t'];

/** "Assistance: lock", "IoT mode: Parked" (one literal key per call: i18next's key types
 *  are too deep for a union) */
export function commandLabel(command: Pick<Command, 'type' | 'value'>, t: T): string {
  // typed loosely here: this function's keys are too deep for i18next's key types (TS2589);
  // the unit test of the command labels covers them
  const say = t as unknown as (key: string) => string;
  const on = command.value === 'true';
  const type = say(`bikePage.commandHistory.type.${command.type}`);
  if (command.type === 'MODE') return `${type}: ${say(modeKey(command.value))}`;
  if (command.type === 'SPEED_LIMIT') {
    const kmh = Number(command.value);
    const value = kmh
      ? (t as unknown as (key: string, values: object) => string)(
          'bikePage.commandHistory.value.speed',
          { kmh },
        )
      : say('bikePage.commandHistory.value.noLimit');
    return `${type}: ${value}`;
  }
  const value =
    command.type === 'LOCK_CONTROL' ? (on ? 'lockOn' : 'lockOff') : on ? 'alarmOn' : 'alarmOff';
  return `${type}: ${say(`bikePage.commandHistory.value.${value}`)}`;
}
