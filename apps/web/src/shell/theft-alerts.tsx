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
    let shown: { id: number; bikes: string[] } | null = null;
    const stop = live.subscribe((batch) => {
      for (const event of batch.events) {
        const key = ANNOUNCED[event.name as keyof typeof ANNOUNCED];
        const vehicleNumber = event.vehicleNumber;
        if (!key || !vehicleNumber || (event.userEmail && event.userEmail === email)) continue;
        const onScreen = shown && toasts.getSnapshot().some((toast) => toast.id === shown!.id);
        const bikes = onScreen ? [...new Set([...shown!.bikes, vehicleNumber])] : [vehicleNumber];
        if (onScreen) toasts.dismiss(shown!.id);
        const id =
          bikes.length === 1
            ? toasts.show({
                type: 'info',
                message: t(key, { vehicleNumber }),
                action: {
                  label: t('shell.alerts.open'),
                  run: () => void navigate(bikePath(vehicleNumber)),
                },
              })
            : toasts.show({
                type: 'info',
                message: t('shell.alerts.several', { number: bikes.length }),
                action: {
                  label: t('shell.alerts.openWarnings'),
                  run: () => void navigate('/warnings'),
                },
              });
        shown = { id, bikes };
      }
    });
    return () => void stop();
  }, [live, toasts, email, navigate, t]);
  return null;
}
