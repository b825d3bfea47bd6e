// A new reported or suspected theft anywhere in the fleet raises an info toast with a way to
// the bike (docs/web.md), on whatever page the user is. Fed by the stream controller:
// THEFT_DECLARED (a manager or a rider) and ALARM_TRIGGERED (a suspicion) events. The user's
// own declarations are not announced back to them.
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
  const { t } = useTranslation();
  const live = useLive();
  const { toasts } = useServices();
  const { email } = useSession();
  const navigate = useNavigate();
  useEffect(
    () =>
      live.subscribe((batch) => {
        for (const event of batch.events) {
          const key = ANNOUNCED[event.name as keyof typeof ANNOUNCED];
          const vehicleNumber = event.vehicleNumber;
          if (!key || !vehicleNumber || (event.userEmail && event.userEmail === email)) continue;
          toasts.show({
            type: 'info',
            message: t(key, { vehicleNumber }),
            action: {
              label: t('shell.alerts.open'),
              run: () => void navigate(bikePath(vehicleNumber)),
            },
          });
        }
      }),
    [live, toasts, email, navigate, t],
  );
  return null;
}
