// The bike's trips (docs/web.md, beyond SPEC): the trips of a chosen period or day, one
// selected and drawn on the map, with a time slider and Play to replay it. The tracks come
// simplified by the server (≤ 500 points a trip).
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pause, Play, Route } from 'lucide-react';
import type { Trip } from '@vfm/contract';
import { useFormatters } from '../../../format/use-formatters';
import { useServices } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { Spinner } from '../../../ui/spinner/spinner';
import { QueryState } from '../../../ui/query-state/query-state';
import { useTrips } from '../api/bike-queries';
import { TrackExport } from './track-export';
import styles from './bike-page.module.css';

const BikeMap = lazy(() => import('../../../map/bike-map'));

type Choice = 'last24h' | 'last7d' | 'last30d' | 'day';
const HOUR = 3_600_000;
const REPLAY_STEP_MS = 60;

/** The period of a choice, fixed when chosen (a trip list does not slide with the clock). */
export function periodOf(choice: Choice, day: string, now: number): { from: string; to: string } {
  if (choice === 'day') {
    const start = new Date(`${day}T00:00:00`);
    return {
      from: start.toISOString(),
      to: new Date(start.getTime() + 24 * HOUR).toISOString(),
    };
  }
  const hours = { last24h: 24, last7d: 24 * 7, last30d: 24 * 30 }[choice];
  return { from: new Date(now - hours * HOUR).toISOString(), to: new Date(now).toISOString() };
}

const today = () => {
  const date = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

export function Trips({ vehicleNumber }: { vehicleNumber: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const [choice, setChoice] = useState<Choice>('last7d');
  const [day, setDay] = useState(today);
  const [asked, setAsked] = useState(() => Date.now());
  const period = useMemo(() => periodOf(choice, day, asked), [choice, day, asked]);
  const trips = useTrips(vehicleNumber, period);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = trips.data?.trips ?? [];
  const selected = list.find((trip) => trip.startedAt === selectedId) ?? list[0] ?? null;

  const choose = (next: Choice) => {
    setChoice(next);
    setAsked(Date.now());
    setSelectedId(null);
  };
  const totalKm = list.reduce((sum, trip) => sum + trip.distanceKm, 0);

  return (
    <div className={styles.trips}>
      <div className={styles.tripsBar}>
        <label className={styles.availability}>
          <span>{t('bikePage.trips.period')}</span>
          <select
            className={styles.select}
            value={choice}
            onChange={(event) => choose(event.target.value as Choice)}
          >
            {(['last24h', 'last7d', 'last30d', 'day'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`bikePage.trips.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {choice === 'day' && (
          <label className={styles.availability}>
            <span>{t('bikePage.trips.chooseDay')}</span>
            <input
              type="date"
              className={styles.select}
              value={day}
              max={today()}
              onChange={(event) => {
                if (event.target.value) setDay(event.target.value);
                setSelectedId(null);
              }}
            />
          </label>
        )}
        {trips.data && list.length > 0 && (
          <p className={styles.muted} role="status">
            {t('bikePage.trips.count', { count: list.length, distance: format.distance(totalKm) })}
          </p>
        )}
        <TrackExport
          vehicleNumber={vehicleNumber}
          range={period}
          label={t('bikePage.export.period')}
        />
      </div>
      <QueryState
        query={trips}
        texts={{
          loading: t('bikePage.trips.loading'),
          error: t('bikePage.trips.error'),
          retry: t('bikePage.retry'),
        }}
        empty={{
          icon: <Route size={40} />,
          title: t('bikePage.trips.empty'),
          hint: t('bikePage.trips.emptyHint'),
        }}
        isEmpty={() => !list.length}
      >
        {() => (
          <div className={styles.tripsBody}>
            <ul className={styles.tripList} aria-label={t('bikePage.trips.label')}>
              {list.map((trip) => (
                <li key={trip.startedAt}>
                  <button
                    type="button"
                    className={styles.tripItem}
                    aria-pressed={trip.startedAt === selected?.startedAt}
                    title={t('bikePage.trips.select')}
                    onClick={() => setSelectedId(trip.startedAt)}
                  >
                    <strong>{format.dateTime(trip.startedAt)}</strong>
                    <span>
                      {format.duration(trip.durationSeconds / 60)} ·{' '}
                      {format.distance(trip.distanceKm)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {selected && (
              <Replay key={selected.startedAt} trip={selected} vehicleNumber={vehicleNumber} />
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}

/** The trip on the map, the cursor moved by the slider or by Play. */
function Replay({ trip, vehicleNumber }: { trip: Trip; vehicleNumber: string }) {
  const { t } = useTranslation();
  const { language } = useServices();
  const format = useFormatters();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const last = trip.positions.length - 1;
  const line = useMemo(
    () => trip.positions.map((point) => [point[0], point[1]] as [number, number]),
    [trip.positions],
  );

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((current) => {
        if (current >= last) {
          setPlaying(false);
          return current;
        }
        return current + 1;
      });
    }, REPLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [playing, last]);

  if (!trip.positions.length) return <p className={styles.muted}>{t('bikePage.trips.noTrack')}</p>;
  const point = trip.positions[Math.min(index, last)]!;
  const start = format.dateTime(trip.startedAt);
  return (
    <section className={styles.replay} aria-label={t('bikePage.trips.replay')}>
      <div className={styles.tripMap} data-testid="trip-map" data-points={trip.positions.length}>
        <Suspense fallback={<Spinner />}>
          <BikeMap
            position={null}
            colour="#1f5fc4"
            label={t('bikePage.trips.map', { start })}
            track={line}
            cursor={[point[0], point[1]]}
          />
        </Suspense>
      </div>
      <div className={styles.replayBar}>
        <Button
          size="sm"
          variant="secondary"
          aria-label={playing ? t('bikePage.trips.pause') : t('bikePage.trips.play')}
          onClick={() => {
            if (!playing && index >= last) setIndex(0);
            setPlaying(!playing);
          }}
        >
          {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
        </Button>
        <input
          type="range"
          min={0}
          max={Math.max(0, last)}
          value={Math.min(index, last)}
          aria-label={t('bikePage.trips.position')}
          aria-valuetext={t('bikePage.trips.at', {
            time: format.dateTime(new Date(point[2]).toISOString()),
          })}
          onChange={(event) => {
            setPlaying(false);
            setIndex(Number(event.target.value));
          }}
        />
        <time dateTime={new Date(point[2]).toISOString()} className={styles.muted}>
          {new Intl.DateTimeFormat(language, { timeStyle: 'medium' }).format(point[2])}
        </time>
      </div>
      <TrackExport
        vehicleNumber={vehicleNumber}
        range={{ trip: trip.startedAt }}
        label={t('bikePage.export.trip')}
      />
    </section>
  );
}
