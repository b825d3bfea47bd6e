// What a user does about an active alert (docs/web.md): acknowledge it (an optional comment),
// assign it to a user of the fleet or to nobody ("Assign to me" in one click), clear it by hand
// (a reason is required). Each opens a small dialog; the buttons are icons in a warnings row
// (`compact`, their names say which bike and which alert) and labelled on the bike page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, CircleX, UserPlus } from 'lucide-react';
import type { Alert } from '@vfm/contract';
import { Button } from '../ui/button/button';
import { IconButton } from '../ui/icon-button/icon-button';
import { AlertDialog, type AlertAction } from './alert-dialog';
import styles from './alerts.module.css';

const ICONS = { acknowledge: Check, assign: UserPlus, clear: CircleX } as const;

export function AlertActions({ alert, compact }: { alert: Alert; compact?: boolean }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<AlertAction | null>(null);
  if (alert.state === 'CLEARED') return null;
  const names = { kind: t(`bike.warning.${alert.kind}`), vehicleNumber: alert.vehicleNumber };
  // acknowledging an acknowledged alert again is harmless, but says nothing new
  const actions: AlertAction[] =
    alert.state === 'OPEN' ? ['acknowledge', 'assign', 'clear'] : ['assign', 'clear'];

  return (
    <span className={styles.actions} data-testid="alert-actions">
      {actions.map((name) => {
        const Icon = ICONS[name];
        return compact ? (
          <IconButton
            key={name}
            size="sm"
            tone="outline"
            label={t(`alerts.actions.${name}Named`, names)}
            onClick={() => setAction(name)}
          >
            <Icon size={16} aria-hidden="true" />
          </IconButton>
        ) : (
          <Button
            key={name}
            size="sm"
            variant={name === 'acknowledge' ? 'primary' : 'secondary'}
            aria-label={t(`alerts.actions.${name}Named`, names)}
            onClick={() => setAction(name)}
          >
            <Icon size={16} aria-hidden="true" />
            {t(`alerts.actions.${name}`)}
          </Button>
        );
      })}
      {action && <AlertDialog alert={alert} action={action} onClose={() => setAction(null)} />}
    </span>
  );
}
