// What happened to the bike, newest first, a page at a time: each event's fixed label (a
// rider's and a manager's theft declaration told apart by source; an unknown name reads
// Unknown — SPEC §4), when, its source, who, and what changed. Live: new events refetch it.
import { useTranslation } from 'react-i18next';
import type { VfmEvent } from '@vfm/contract';
import { availabilityKey, modeKey } from '../../../bike/labels';
import { DateTimeText } from '../../../format/date-time-text';
import { useEventHistory } from '../api/bike-queries';
import { eventLabel } from '../state/bike-fields';
import { PagedHistory } from './paged-history';

export function EventHistory({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const history = useEventHistory(vehicleNumber);

  /** what changed, for the events that say it */
  const detail = (event: VfmEvent) => {
    const data = event.data ?? {};
    if (typeof data.from === 'string' && typeof data.to === 'string') {
      return t('bikePage.history.change', {
        from: t(availabilityKey(data.from)),
        to: t(availabilityKey(data.to)),
      });
    }
    const mode = data.type === 'MODE' ? data.value : data.mode;
    if (typeof mode === 'string') return t('bikePage.history.mode', { mode: t(modeKey(mode)) });
    return '';
  };
  return (
    <PagedHistory
      history={history}
      texts={{
        loading: t('bikePage.history.loading'),
        error: t('bikePage.history.error'),
        empty: t('bikePage.history.empty'),
        caption: t('bikePage.history.label'),
        more: t('bikePage.history.more'),
        end: t('bikePage.history.end'),
      }}
      testId="event-history"
      rowProps={(event) => ({ 'data-event': event.name })}
      endOfOnePage
      columns={[
        {
          id: 'event',
          label: t('bikePage.history.event'),
          cell: (event) =>
            t(`bikePage.history.names.${eventLabel(event)}` as 'bikePage.history.names.UNKNOWN'),
        },
        {
          id: 'when',
          label: t('bikePage.history.when'),
          cell: (event) => <DateTimeText iso={event.occurredAt} />,
        },
        {
          id: 'source',
          label: t('bikePage.history.source'),
          cell: (event) => t(`bikePage.history.sources.${event.source}`),
        },
        { id: 'by', label: t('bikePage.history.by'), cell: (event) => event.userEmail ?? '—' },
        {
          id: 'detail',
          label: t('bikePage.history.detail'),
          cell: (event) => detail(event) || '—',
        },
      ]}
    />
  );
}
