// The formatters of the page's language and the signed-in user's distance unit (default KM).
import { useMemo } from 'react';
import { DEFAULT_DISTANCE_UNIT } from '@vfm/contract/constants';
import { useUserSettings } from '../account/get-user-settings';
import { useServices } from '../services/services';
import { createFormatters, type Formatters } from './format';

export function useFormatters(): Formatters {
  const { language } = useServices();
  const unit = useUserSettings().data?.distanceUnit ?? DEFAULT_DISTANCE_UNIT;
  return useMemo(() => createFormatters(language, unit), [language, unit]);
}
