// SPEC §2 bike detail page at fleet/product/{vehicleNumber}; its tabs come with the bike issue.
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Bike } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { EmptyPage } from '../../../ui/empty-state/empty-page';

export function ProductPage() {
  const { t } = useTranslation();
  const { vehicleNumber = '' } = useParams();
  usePageTitle(t('pages.product.title', { vehicleNumber }));
  return (
    <EmptyPage icon={Bike} heading={t('pages.product.heading', { vehicleNumber })}>
      <p>{t('pages.product.text')}</p>
    </EmptyPage>
  );
}
