// The fleet's rules as cards (docs/rules.md): name, alert kind, severity, on or off, its tests in
// short; an administrator switches a rule on or off here and deletes a written one.
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { Rule } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { useDeleteRule, useSaveRule } from '../api/rules';
import { bodyOf, draftOf } from '../state/rule-draft';
import styles from './rules.module.css';

export function RuleList({
  rules,
  admin,
  onOpen,
}: {
  rules: Rule[];
  admin: boolean;
  onOpen(rule: Rule): void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const save = useSaveRule();
  const remove = useDeleteRule();
  const toggle = (rule: Rule) =>
    save.mutate(
      { id: rule.id, body: bodyOf({ ...draftOf(rule), enabled: !rule.enabled }) },
      {
        onError: (error) =>
          toasts.show({
            type: 'error',
            message:
              isApiError(error, 409) && error.problem?.code === 'RULE_NEEDS_CONFIRMATION'
                ? t('rules.form.needsConfirmation')
                : t('rules.error'),
          }),
      },
    );
  return (
    <ul className={styles.list}>
      {rules.map((rule) => (
        <li key={rule.id} className={styles.card} data-enabled={rule.enabled}>
          <div className={styles.cardHead}>
            <button type="button" className={styles.cardTitle} onClick={() => onOpen(rule)}>
              {rule.builtin ? t(`bike.warning.${rule.builtin}`) : rule.name}
            </button>
            <span className={styles.chip} data-severity={rule.severity}>
              {t(`rules.severity.${rule.severity}`)}
            </span>
            <span className={styles.chip}>
              {t(rule.enabled ? 'rules.list.on' : 'rules.list.off')}
            </span>
          </div>
          <p className={styles.note}>
            {rule.builtin ? t('rules.list.builtin') : t('rules.list.written')} ·{' '}
            {rule.condition.all.map((p) => t(`rules.type.${p.type}`)).join(' · ')}
            {rule.condition.forMinutes
              ? ` · ${t('rules.list.forMinutes', { minutes: rule.condition.forMinutes })}`
              : ''}
          </p>
          {admin && (
            <div className={styles.row}>
              <Button variant="secondary" size="sm" onClick={() => toggle(rule)}>
                {t(rule.enabled ? 'rules.list.switchOff' : 'rules.list.switchOn')}
              </Button>
              {!rule.builtin && (
                <IconButton
                  label={t('rules.list.delete')}
                  onClick={() =>
                    remove.mutate(rule.id, {
                      onSuccess: () =>
                        toasts.show({ type: 'success', message: t('rules.list.deleted') }),
                    })
                  }
                >
                  <Trash2 size={16} aria-hidden="true" />
                </IconButton>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
