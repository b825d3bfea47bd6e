// The page a shared link opens (ADR 0094), without sign-in: /{lang}/share#<token>
// (the token in the fragment never reaches a server log). It shows the bike's live position
// on a small street map with the label its manager chose, the time of the position and the
// link's end, and asks again every 15 s; an expired, revoked or unknown link says so plainly.
// Its translations load with it (the signed-in shell's are not needed here).
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { createFormatters } from '../../../format/format';
import { languagesToLoad } from '../../../i18n/i18n';
import { useServices } from '../../../services/services';
import { usePageTitle } from '../../../services/use-page-title';
import { Spinner } from '../../../ui/spinner/spinner';
import { useBasemapStreets, useSharedPosition } from '../api/get-shared-position';
import { PositionMap } from '../components/position-map';
import styles from '../components/shared-position.module.css';

const messages = import.meta.glob<Record<string, unknown>>('../i18n/*.json', {
  import: 'default',
});

function useSharedMessages() {
  const { i18n } = useTranslation();
  const { language } = useServices();
  const [ready, setReady] = useState(() => i18n.exists('sharedPosition.title'));
  useEffect(() => {
    if (ready) return;
    void Promise.all(
      languagesToLoad(language).map(async (lng) => {
        const load = messages[`../i18n/${lng}.json`];
        if (!load) return;
        i18n.addResourceBundle(lng, 'translation', { sharedPosition: await load() }, true, true);
      }),
    ).then(() => setReady(true));
  }, [i18n, language, ready]);
  return ready;
}

export function SharedPositionPage() {
  const ready = useSharedMessages();
  return ready ? <SharedPosition /> : <div aria-busy="true" className={styles.page} />;
}

function SharedPosition() {
  const { t } = useTranslation();
  const { language } = useServices();
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ''));
  const shared = useSharedPosition(token);
  const streets = useBasemapStreets();
  const format = useMemo(() => createFormatters(language, 'KM'), [language]);
  const name = shared.data?.label ?? t('sharedPosition.unnamed');
  usePageTitle(shared.data ? name : t('sharedPosition.title'));

  const ended = !token
    ? 'notFound'
    : isApiError(shared.error, 410)
      ? shared.error.problem?.code === 'SHARE_REVOKED'
        ? 'revoked'
        : 'expired'
      : isApiError(shared.error, 404) || isApiError(shared.error, 400)
        ? 'notFound'
        : null;

  let body;
  if (ended) {
    body = (
      <div role="alert" data-testid="share-ended" data-reason={ended}>
        <h1 className={styles.title}>{t(`sharedPosition.${ended}.title`)}</h1>
        <p className={styles.ended}>{t(`sharedPosition.${ended}.text`)}</p>
      </div>
    );
  } else if (!shared.data) {
    body = shared.isError ? (
      <p role="alert">{t('sharedPosition.error')}</p>
    ) : (
      <p className={styles.muted} aria-busy="true">
        <Spinner /> {t('sharedPosition.loading')}
      </p>
    );
  } else {
    const { position, expiresAt } = shared.data;
    body = (
      <>
        <h1 className={styles.title} data-testid="shared-name">
          {name}
        </h1>
        {position ? (
          <>
            <PositionMap
              className={styles.map}
              longitude={position.longitude}
              latitude={position.latitude}
              streets={streets.data ?? []}
              label={t('sharedPosition.mapLabel', { name })}
            />
            <dl className={styles.facts}>
              <dt>{t('sharedPosition.seenAt')}</dt>
              <dd data-testid="shared-seen">{position.at ? format.dateTime(position.at) : '—'}</dd>
              <dt>{t('sharedPosition.coordinates')}</dt>
              <dd data-testid="shared-coordinates">
                {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)}
              </dd>
              <dt>{t('sharedPosition.until')}</dt>
              <dd>{format.dateTime(expiresAt)}</dd>
            </dl>
            <a
              href={`https://www.openstreetmap.org/?mlat=${position.latitude}&mlon=${position.longitude}#map=17/${position.latitude}/${position.longitude}`}
              target="_blank"
              rel="noreferrer noopener"
            >
              {t('sharedPosition.openMap')}
            </a>
          </>
        ) : (
          <p className={styles.muted}>{t('sharedPosition.noPosition')}</p>
        )}
        <p className={styles.muted}>{t('sharedPosition.live')}</p>
        {shared.isError && <p role="status">{t('sharedPosition.error')}</p>}
      </>
    );
  }
  return (
    <main className={styles.page}>
      <div className={styles.card}>{body}</div>
    </main>
  );
}
