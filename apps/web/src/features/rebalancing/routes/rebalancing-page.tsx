// Rebalancing (docs/rebalancing.md), phone-first: where bikes are needed — the recommendations
// to move bikes (managers accept, snooze or dismiss them; "Plan now" trains the forecast and
// plans at once instead of waiting for the worker's half hour) — and the technicians' routes of
// the shift, each an ordered list and a map. A technician sees their own route only.
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight, Route as RouteIcon } from 'lucide-react';
import { isApiError } from '../../../api/api-error';
import { usePageTitle } from '../../../services/use-page-title';
import { useServices, useSession } from '../../../services/services';
import { Page } from '../../../ui/page/page';
import { Button } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { usePlanNow, useRecommendations, useRoutes } from '../api/rebalancing';
import { RecommendationCard } from '../components/recommendation-card';
import { RouteCard } from '../components/route-card';
import styles from '../components/rebalancing.module.css';

export function RebalancingPage() {
  const { t } = useTranslation();
  usePageTitle(t('rebalancing.title'));
  const { technician } = useSession();
  const { toasts } = useServices();
  const recommendations = useRecommendations(!technician);
  const routes = useRoutes();
  const plan = usePlanNow();
  const texts = (what: 'recommendations' | 'routes') => ({
    loading: t(`rebalancing.${what}.loading`),
    error: t(`rebalancing.${what}.error`),
    retry: t('rebalancing.retry'),
  });
  const planNow = () =>
    plan.mutate(undefined, {
      onSuccess: (done) =>
        toasts.show({
          type: 'success',
          message: t('rebalancing.planned', { count: done.recommendations }),
        }),
      onError: (error) =>
        toasts.show({
          type: 'error',
          message: (isApiError(error) && error.problem?.detail) || t('rebalancing.errors.generic'),
        }),
    });

  return (
    <Page wide>
      <div className={styles.layout}>
        {!technician && (
          <section className={styles.section} aria-labelledby="recommendations-title">
            <div className={styles.sectionHead}>
              <h2 id="recommendations-title">{t('rebalancing.recommendations.title')}</h2>
              <Button size="sm" variant="secondary" busy={plan.isPending} onClick={planNow}>
                {t('rebalancing.planNow')}
              </Button>
            </div>
            <QueryState
              query={recommendations}
              texts={texts('recommendations')}
              empty={{
                icon: <ArrowLeftRight size={40} />,
                title: t('rebalancing.recommendations.none'),
                hint: t('rebalancing.recommendations.noneHint'),
              }}
              isEmpty={(data) => !data.content.length}
            >
              {(data) => (
                <ul className={styles.list} aria-label={t('rebalancing.recommendations.title')}>
                  {data.content.map((r) => (
                    <RecommendationCard key={r.id} recommendation={r} canDecide />
                  ))}
                </ul>
              )}
            </QueryState>
          </section>
        )}
        <section className={styles.section} aria-labelledby="routes-title">
          <div className={styles.sectionHead}>
            <h2 id="routes-title">
              {t(technician ? 'rebalancing.routes.mine' : 'rebalancing.routes.title')}
            </h2>
          </div>
          <QueryState
            query={routes}
            texts={texts('routes')}
            empty={{
              icon: <RouteIcon size={40} />,
              title: t('rebalancing.routes.none'),
              hint: t('rebalancing.routes.noneHint'),
            }}
            isEmpty={(data) => !data.content.length}
          >
            {(data) => (
              <div className={styles.list}>
                {data.content.map((route) => (
                  <RouteCard key={route.technicianId} route={route} />
                ))}
              </div>
            )}
          </QueryState>
        </section>
      </div>
    </Page>
  );
}
