// A rule's form (docs/rules.md): name, severity, on/off, latch, its tests (a built-in keeps
// their types), "for N minutes", its actions, checked as the user types; the dry run of the
// condition over the last days; saving asks again when the rule would fire for most bikes.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import {
  ALERT_SEVERITIES,
  COMMAND_TYPES,
  TASK_KINDS,
  type CommandType,
  type RuleAction,
  type RulePredicate,
} from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { useDryRun, useSaveRule } from '../api/rules';
import {
  bodyOf,
  COMMAND_VALUES,
  draftProblems,
  newPredicate,
  type RuleDraft,
} from '../state/rule-draft';
import { DryRunResults } from './dry-run-results';
import { PredicateEditor } from './predicate-editor';
import styles from './rules.module.css';

export function RuleForm({
  initial,
  readOnly,
  onDone,
}: {
  initial: RuleDraft;
  readOnly: boolean;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const save = useSaveRule();
  const dryRun = useDryRun();
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [days, setDays] = useState(7);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const problems = draftProblems(draft);
  const invalid = new Set(problems.map((p) => p.field));
  const update = (patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setTests = (all: RulePredicate[]) => update({ condition: { ...draft.condition, all } });
  const task = draft.actions.find((a) => a.type === 'task');
  const hasAlert = draft.actions.some((a) => a.type === 'alert');
  const command = draft.actions.find((a) => a.type === 'command');
  const setActions = (
    alert: boolean,
    taskKind: string | null,
    next: RuleAction | null = command ?? null,
  ) => {
    const actions: RuleAction[] = [
      ...(alert ? [{ type: 'alert' } as const] : []),
      ...(taskKind ? [{ type: 'task', kind: taskKind } as RuleAction] : []),
      ...(next ? [next] : []),
    ];
    update({ actions });
  };
  const taskKind = task?.type === 'task' ? task.kind : null;
  const setCommand = (type: CommandType | '', value?: string) =>
    setActions(
      hasAlert,
      taskKind,
      type
        ? { type: 'command', command: type, value: value ?? COMMAND_VALUES[type]?.[0] ?? '20' }
        : null,
    );
  const commandIndex = draft.actions.findIndex((a) => a.type === 'command');

  const submit = (event: FormEvent, confirmed = false) => {
    event.preventDefault();
    if (problems.length) return;
    setServerProblem(null);
    save.mutate(
      { id: draft.id, body: bodyOf(draft, confirmed) },
      {
        onSuccess: () => {
          toasts.show({ type: 'success', message: t('rules.form.saved') });
          onDone();
        },
        onError: (error) => {
          if (isApiError(error, 409) && error.problem?.code === 'RULE_NEEDS_CONFIRMATION')
            setConfirming(error.problem.detail ?? '');
          else setServerProblem(isApiError(error) ? error.message : t('rules.error'));
        },
      },
    );
  };

  const runDry = () =>
    dryRun.mutate({
      rule: { condition: draft.condition, scope: draft.scope, actions: draft.actions },
      days,
    });

  return (
    <form className={styles.form} onSubmit={(e) => submit(e)} noValidate>
      <label className={styles.field}>
        <span>{t('rules.form.name')}</span>
        <input
          value={draft.name}
          disabled={readOnly}
          aria-invalid={invalid.has('name') || undefined}
          onChange={(e) => update({ name: e.target.value })}
          maxLength={80}
        />
      </label>
      <div className={styles.row}>
        <label className={styles.field}>
          <span>{t('rules.form.severity')}</span>
          <select
            value={draft.severity}
            disabled={readOnly}
            onChange={(e) => update({ severity: e.target.value as RuleDraft['severity'] })}
          >
            {ALERT_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`rules.severity.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.enabled}
            disabled={readOnly}
            onChange={(e) => update({ enabled: e.target.checked })}
          />
          {t('rules.form.enabled')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.latch}
            disabled={readOnly}
            onChange={(e) => update({ latch: e.target.checked })}
          />
          {t('rules.form.latch')}
        </label>
      </div>

      <h3 className={styles.subtitle}>{t('rules.form.tests')}</h3>
      {draft.condition.all.map((predicate, index) => (
        <PredicateEditor
          key={index}
          predicate={predicate}
          index={index}
          fixedType={draft.builtin !== null}
          readOnly={readOnly}
          invalid={invalid}
          onChange={(next) => setTests(draft.condition.all.map((p, i) => (i === index ? next : p)))}
          onRemove={() => setTests(draft.condition.all.filter((_, i) => i !== index))}
        />
      ))}
      {!readOnly && draft.builtin === null && draft.condition.all.length < 8 && (
        <Button
          variant="ghost"
          type="button"
          onClick={() => setTests([...draft.condition.all, newPredicate('availability')])}
        >
          <Plus size={16} aria-hidden="true" />
          {t('rules.form.addTest')}
        </Button>
      )}
      <label className={styles.inline}>
        <span>{t('rules.form.forMinutes')}</span>
        <input
          className={styles.small}
          type="number"
          min={1}
          disabled={readOnly}
          value={draft.condition.forMinutes ?? ''}
          aria-invalid={invalid.has('condition.forMinutes') || undefined}
          onChange={(e) => {
            const { forMinutes: _f, ...rest } = draft.condition;
            update({
              condition:
                e.target.value === '' ? rest : { ...rest, forMinutes: Number(e.target.value) },
            });
          }}
        />
      </label>

      <h3 className={styles.subtitle}>{t('rules.form.actions')}</h3>
      <div className={styles.row}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={hasAlert}
            disabled={readOnly}
            onChange={(e) => setActions(e.target.checked, taskKind)}
          />
          {t('rules.form.alertAction')}
        </label>
        <label className={styles.inline}>
          <span>{t('rules.form.taskAction')}</span>
          <select
            disabled={readOnly}
            value={task?.type === 'task' ? task.kind : ''}
            onChange={(e) => setActions(hasAlert, e.target.value || null)}
          >
            <option value="">{t('rules.form.noTask')}</option>
            {TASK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.inline}>
          <span>{t('rules.form.commandAction')}</span>
          <select
            disabled={readOnly}
            value={command?.type === 'command' ? command.command : ''}
            onChange={(e) => setCommand(e.target.value as CommandType | '')}
          >
            <option value="">{t('rules.form.noCommand')}</option>
            {COMMAND_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`rules.command.${type}`)}
              </option>
            ))}
          </select>
        </label>
        {command?.type === 'command' && (
          <label className={styles.inline} htmlFor="rule-command-value">
            <span>{t('rules.form.commandValue')}</span>
            {COMMAND_VALUES[command.command] ? (
              <select
                id="rule-command-value"
                disabled={readOnly}
                value={command.value}
                onChange={(e) => setCommand(command.command, e.target.value)}
              >
                {COMMAND_VALUES[command.command]!.map((value) => (
                  <option key={value} value={value}>
                    {t(`rules.commandValue.${command.command}.${value}`, { defaultValue: value })}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id="rule-command-value"
                className={styles.small}
                type="number"
                min={1}
                disabled={readOnly}
                aria-invalid={invalid.has(`actions.${commandIndex}.value`) || undefined}
                value={command.value}
                onChange={(e) => setCommand(command.command, e.target.value)}
              />
            )}
          </label>
        )}
      </div>

      {problems.length > 0 && (
        <ul className={styles.problems} role="status">
          {problems.map((p) => (
            <li key={`${p.field}${p.key}`}>
              {t(`rules.problem.${p.key}`)} ({p.field})
            </li>
          ))}
        </ul>
      )}
      {serverProblem && (
        <p className={styles.problems} role="alert">
          {serverProblem}
        </p>
      )}
      {confirming !== null && (
        <div className={styles.confirm} role="alert">
          <p>{t('rules.form.needsConfirmation')}</p>
          <p className={styles.note}>{confirming}</p>
          <Button type="button" variant="danger" onClick={(e) => submit(e, true)}>
            {t('rules.form.confirm')}
          </Button>
        </div>
      )}

      <div className={styles.row}>
        <label className={styles.inline}>
          <span>{t('rules.dryRun.days')}</span>
          <input
            className={styles.small}
            type="number"
            min={1}
            max={30}
            value={days}
            onChange={(e) => setDays(Math.min(30, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <Button
          type="button"
          variant="secondary"
          disabled={problems.length > 0 || dryRun.isPending || readOnly}
          onClick={runDry}
        >
          {t('rules.dryRun.run')}
        </Button>
      </div>
      {dryRun.data && <DryRunResults result={dryRun.data} />}
      {dryRun.isError && <p role="alert">{t('rules.error')}</p>}

      <div className={styles.row}>
        {!readOnly && (
          <Button type="submit" disabled={problems.length > 0 || save.isPending}>
            {t('rules.form.save')}
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onDone}>
          {t(readOnly ? 'rules.form.close' : 'rules.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
