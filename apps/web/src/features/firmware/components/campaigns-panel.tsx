// The fleet's campaigns (docs/firmware.md): each with its state, progress bar (updated, failed,
// under way) and the actions its state allows (approve after the canary, pause, resume,
// abort); one opened shows every module's state, progress and failure reason. A campaign
// under way is read again every few seconds.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Rocket } from 'lucide-react';
import type { FirmwareCampaign } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { Panel } from '../../../ui/page/page';
import { QueryState } from '../../../ui/query-state/query-state';
import { useCampaign, useCampaignAction, useCampaigns, usePackages } from '../api/firmware';
import { actionsOf, progressOf } from '../state/campaign-view';
import { CampaignForm } from './campaign-form';
import { useFormatters } from '../../../format/use-formatters';
import cards from '../../../bike/firmware-history.module.css';
import styles from './firmware.module.css';

function ProgressBar({ campaign }: { campaign: FirmwareCampaign }) {
  const { t } = useTranslation();
  const p = progressOf(campaign);
  const width = (n: number) => `${p.total ? (n * 100) / p.total : 0}%`;
  return (
    <>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        aria-label={t('firmware.campaigns.progress', { percent: p.percent })}
      >
        <span className={styles.barUpdated} style={{ width: width(p.updated) }} />
        <span className={styles.barFailed} style={{ width: width(p.failed) }} />
        <span className={styles.barSkipped} style={{ width: width(p.skipped) }} />
        <span className={styles.barInFlight} style={{ width: width(p.inFlight) }} />
      </div>
      <p className={styles.meta}>
        <span>{t('firmware.campaigns.updatedOf', { updated: p.updated, total: p.total })}</span>
        {p.failed > 0 && <span>{t('firmware.campaigns.failedCount', { failed: p.failed })}</span>}
        {p.inFlight > 0 && (
          <span>{t('firmware.campaigns.inFlight', { inFlight: p.inFlight })}</span>
        )}
      </p>
    </>
  );
}

function CampaignDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useCampaign(id);
  return (
    <QueryState
      query={detail}
      texts={{
        loading: t('firmware.modules.loading'),
        error: t('firmware.modules.error'),
        retry: t('firmware.retry'),
      }}
    >
      {(data) => (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              {t('firmware.modules.caption', { name: data.campaign.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('firmware.modules.bike')}</th>
                <th scope="col">{t('firmware.modules.state')}</th>
                <th scope="col">{t('firmware.modules.progress')}</th>
                <th scope="col">{t('firmware.modules.reason')}</th>
                <th scope="col">{t('firmware.modules.attempts')}</th>
              </tr>
            </thead>
            <tbody>
              {data.targets.map((m) => (
                <tr key={m.vehicleNumber}>
                  <td>
                    {m.vehicleNumber}
                    {m.canary && (
                      <span className={styles.meta}>{t('firmware.modules.canary')}</span>
                    )}
                  </td>
                  <td>
                    <span className={styles.chip} data-state={m.state}>
                      {t(`firmware.moduleStates.${m.state}`)}
                    </span>
                  </td>
                  <td>{m.progress === null ? '—' : `${m.progress} %`}</td>
                  <td>
                    {m.reason
                      ? t(`firmware.reasons.${m.reason.split(':')[0]}`, { defaultValue: m.reason })
                      : '—'}
                  </td>
                  <td>{m.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}

export function CampaignsPanel() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const campaigns = useCampaigns();
  const packages = usePackages();
  const act = useCampaignAction();
  const [open, setOpen] = useState<string | null>(null);

  return (
    <Panel
      id="firmware-campaigns"
      title={t('firmware.campaigns.title')}
      intro={t('firmware.campaigns.intro')}
    >
      <QueryState
        query={campaigns}
        texts={{
          loading: t('firmware.campaigns.loading'),
          error: t('firmware.campaigns.error'),
          retry: t('firmware.retry'),
        }}
        empty={{
          icon: <Rocket aria-hidden />,
          title: t('firmware.campaigns.empty'),
          hint: t('firmware.campaigns.emptyHint'),
        }}
        isEmpty={(data) => !data.campaigns.length}
      >
        {(data) => (
          <ul className={cards.list} aria-label={t('firmware.campaigns.title')}>
            {data.campaigns.map((c) => (
              <li key={c.id} className={cards.card}>
                <div className={cards.cardHead}>
                  <h3 className={styles.cardTitle}>{c.name}</h3>
                  <span className={styles.chip} data-state={c.state}>
                    {t(`firmware.campaignStates.${c.state}`)}
                  </span>
                  <span className={styles.grow} />
                  <div className={styles.actions}>
                    {actionsOf(c.state).map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={
                          action === 'abort'
                            ? 'danger'
                            : action === 'approve'
                              ? 'primary'
                              : 'secondary'
                        }
                        onClick={() =>
                          act.mutate(
                            { id: c.id, action },
                            {
                              onError: (error) =>
                                toasts.show({
                                  type: 'error',
                                  message:
                                    (isApiError(error) && error.problem?.detail) ||
                                    t('firmware.errors.generic'),
                                }),
                            },
                          )
                        }
                      >
                        {t(`firmware.actions.${action}`)}
                      </Button>
                    ))}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-expanded={open === c.id}
                      onClick={() => setOpen(open === c.id ? null : c.id)}
                    >
                      {open === c.id
                        ? t('firmware.campaigns.hideModules')
                        : t('firmware.campaigns.showModules')}
                    </Button>
                  </div>
                </div>
                <p className={styles.meta}>
                  <span>
                    {c.moduleModel} · {c.version}
                  </span>
                  <span>{t('firmware.campaigns.paceValue', { pace: c.pacePerMinute })}</span>
                  <span>{t('firmware.campaigns.canaryValue', { percent: c.canaryPercent })}</span>
                  {c.windowStart && (
                    <span>
                      {t('firmware.campaigns.windowValue', {
                        start: c.windowStart,
                        end: c.windowEnd,
                      })}
                    </span>
                  )}
                  <span>
                    {t('firmware.campaigns.createdValue', { date: format.dateTime(c.createdAt) })}
                  </span>
                  {c.pausedReason && c.state === 'PAUSED' && (
                    <span>
                      {t(`firmware.reasons.${c.pausedReason.split(':')[0]}`, {
                        defaultValue: c.pausedReason,
                      })}
                    </span>
                  )}
                </p>
                <ProgressBar campaign={c} />
                {open === c.id && <CampaignDetail id={c.id} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {!!packages.data?.packages.length && (
        <CampaignForm packages={packages.data.packages} onCreated={setOpen} />
      )}
    </Panel>
  );
}
