// A webhook's delivery log (docs/webhooks.md): each delivery, newest first — the event, the bike, its
// state and next attempt — with every attempt (time, HTTP status or error, latency, the first
// KiB of the answer) and a "redeliver" button once no attempt is due.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw, Send } from 'lucide-react';
import type { WebhookDelivery, WebhookEventType } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { DateTimeText } from '../../../format/date-time-text';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { QueryState } from '../../../ui/query-state/query-state';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks';
import { NewerOlderPager } from './newer-older-pager';
import { WEBHOOK_EVENT_LABELS } from './webhook-events';
import styles from './webhooks.module.css';

const PAGE_SIZE = 20;

export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const [page, setPage] = useState(0);
  const log = useWebhookDeliveries(webhookId, page, PAGE_SIZE);
  const redeliver = useRedeliverWebhook();

  const again = (delivery: WebhookDelivery) =>
    redeliver.mutate(
      { id: webhookId, deliveryId: delivery.id },
      {
        onSuccess: () =>
          toasts.show({ type: 'success', message: t('administration.webhooks.redelivered') }),
        onError: (error) =>
          toasts.show({
            type: 'error',
            message: isApiError(error, 409)
              ? t('administration.webhooks.stillPending')
              : t('administration.webhooks.actionFailed'),
          }),
      },
    );

  const eventLabel = (delivery: WebhookDelivery) =>
    delivery.event === 'webhook.test'
      ? t('administration.webhooks.eventTypes.test')
      : t(
          `administration.webhooks.eventTypes.${WEBHOOK_EVENT_LABELS[delivery.event as WebhookEventType] ?? 'opened'}`,
        );
  return (
    <QueryState
      query={log}
      texts={{
        loading: t('administration.webhooks.logLoading'),
        error: t('administration.webhooks.logError'),
        retry: t('administration.webhooks.reload'),
      }}
      empty={{
        icon: <Send size={24} aria-hidden="true" />,
        title: t('administration.webhooks.logEmpty'),
        hint: t('administration.webhooks.logEmptyHint'),
      }}
      isEmpty={(data) => !data.content.length}
    >
      {(data) => (
        <div className={styles.log}>
          <ol className={styles.deliveries} data-testid="webhook-deliveries">
            {data.content.map((delivery) => (
              <li key={delivery.id} className={styles.delivery}>
                <div className={styles.deliveryHead}>
                  <span className={styles[`state${delivery.state}`]}>
                    {t(`administration.webhooks.states.${delivery.state}`)}
                  </span>
                  <strong>{eventLabel(delivery)}</strong>
                  {delivery.kind && <span>{t(`bike.warning.${delivery.kind}`)}</span>}
                  {delivery.vehicleNumber && <code>{delivery.vehicleNumber}</code>}
                  <DateTimeText iso={delivery.createdAt} />
                  {delivery.state !== 'PENDING' && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={redeliver.isPending}
                      onClick={() => again(delivery)}
                    >
                      <RotateCcw size={16} aria-hidden="true" />
                      {t('administration.webhooks.redeliver')}
                    </Button>
                  )}
                </div>
                <p className={styles.muted}>
                  {t('administration.webhooks.webhookId')} <code>{delivery.id}</code>
                  {delivery.nextAttemptAt && (
                    <>
                      {' · '}
                      {t('administration.webhooks.nextAttempt', {
                        at: format.dateTime(delivery.nextAttemptAt),
                      })}
                    </>
                  )}
                </p>
                {delivery.attempts.length > 0 && (
                  <table className={styles.attempts}>
                    <caption className="visually-hidden">
                      {t('administration.webhooks.attempts')}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('administration.webhooks.attemptAt')}</th>
                        <th scope="col">{t('administration.webhooks.attemptStatus')}</th>
                        <th scope="col">{t('administration.webhooks.attemptLatency')}</th>
                        <th scope="col">{t('administration.webhooks.attemptResponse')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {delivery.attempts.map((attempt, index) => (
                        <tr key={`${attempt.at}-${index}`}>
                          <td>
                            <DateTimeText iso={attempt.at} />
                            {attempt.manual && ` (${t('administration.webhooks.manual')})`}
                          </td>
                          <td>{attempt.status ?? attempt.error ?? '—'}</td>
                          <td>
                            {t('administration.webhooks.ms', {
                              ms: format.number(attempt.latencyMs),
                            })}
                          </td>
                          <td>
                            <code className={styles.response}>
                              {attempt.error && attempt.status !== null
                                ? `${attempt.error} · `
                                : ''}
                              {attempt.response || '—'}
                            </code>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </li>
            ))}
          </ol>
          {data.totalElements > PAGE_SIZE && (
            <NewerOlderPager
              label={t('administration.webhooks.logPages')}
              page={page}
              size={PAGE_SIZE}
              shown={data.content.length}
              total={data.totalElements}
              onPage={setPage}
              newer={t('administration.webhooks.newer')}
              older={t('administration.webhooks.older')}
              summary={(range) => t('administration.webhooks.range', range)}
            />
          )}
        </div>
      )}
    </QueryState>
  );
}
