// A new reported or suspected theft anywhere in the fleet raises an info toast with a way to
// the bike (docs/web.md), on whatever page the user is. Fed by the stream controller:
// THEFT_DECLARED (a manager or a rider) and ALARM_TRIGGERED (a suspicion) events. The user's
// own declarations are not announced back to them. One toast at a time: a theft that comes
// while one is shown replaces it with the count and the way to the warnings (which lists them:
// a toast's one line of message holds no list on a phone), so a burst never
// stacks over the page. Those who handle thefts are told (managers, administrators); a field
// technician is not — their work comes as tasks, and they have no warnings screen.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLive } from '../live/live-context';
import { useServices, useSession } from '../services/services';
import { bikePath } from '../bike/bike-path';

const ANNOUNCED = {
  THEFT_DECLARED: 'shell.alerts.theft',
  ALARM_TRIGGERED: 'shell.alerts.suspected',
} as const;

export function TheftAlerts() {
  const { technician } = useSession();
  return technician ? null : <Announcer />;
}

function Announcer() {
  const { t } = useTranslation();
  const live = useLive();
  const { toasts } = useServices();
  const { email } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    /** the toast on screen and the bikes it speaks of */
    let shown: { id: number; bikes: Set<string> } | null = null;
    const stop = live.subscribe((batch) => {
      for (const event of batch.events) {
        const key = ANNOUNCED[event.name as keyof typeof ANNOUNCED];
        const vehicleNumber = event.vehicleNumber;
        if (!key || !vehicleNumber || (event.userEmail && event.userEmail === email)) continue;
        const previous = shown;
        const onScreen =
          previous !== null && toasts.getSnapshot().some((toast) => toast.id === previous.id);
        if (onScreen) toasts.dismiss(previous.id);
        const bikes = new Set(onScreen ? previous.bikes : []).add(vehicleNumber);
        const one = bikes.size === 1;
        const id = toasts.show({
          type: 'info',
          message: one
            ? t(key, { vehicleNumber })
            : t('shell.alerts.several', { number: bikes.size }),
          action: one
            ? { label: t('shell.alerts.open'), run: () => void navigate(bikePath(vehicleNumber)) }
            : { label: t('shell.alerts.openWarnings'), run: () => void navigate('/warnings') },
        });
        shown = { id, bikes };
      }
    });
    return () => void stop();
  }, [live, toasts, email, navigate, t]);
  return null;
}
