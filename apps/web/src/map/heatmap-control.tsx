// The fleet map's heat map (docs/rebalancing.md): a choice of layer — supply, trip starts, trip
// ends, idle bikes, unmet demand, or none (the default), remembered per browser — and its legend:
// the colour ramp from nothing to the highest cell, in the layer's unit. Managers and
// administrators only (a technician's map has no heat map).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HEATMAP_LAYERS, type Heatmap, type HeatmapLayer } from '@vfm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices, useSession } from '../services/services';
import { HEAT_COLOURS } from './layers/heatmap-layer';
import styles from './fleet-map.module.css';

const KEY = 'vfm.map.heat';

/** GET rebalancing/heatmap of the last 28 days, read once in 5 minutes at most */
function useHeatmap(layer: HeatmapLayer | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: ['rebalancing', 'heatmap', layer],
    queryFn: () => http.get<Heatmap>('rebalancing/heatmap', { query: { layer: layer! } }),
    enabled: layer !== null,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useHeatmapOnMap() {
  const { technician } = useSession();
  const [layer, setLayer] = useState<HeatmapLayer | null>(() => {
    try {
      const stored = localStorage.getItem(KEY);
      return HEATMAP_LAYERS.includes(stored as HeatmapLayer) ? (stored as HeatmapLayer) : null;
    } catch {
      return null;
    }
  });
  const choose = (next: HeatmapLayer | null) => {
    setLayer(next);
    try {
      localStorage.setItem(KEY, next ?? 'off');
    } catch {
      // a browser without storage keeps the choice for the page only
    }
  };
  const query = useHeatmap(technician ? null : layer);
  return {
    enabled: !technician,
    layer,
    choose,
    heatmap: layer && !technician ? (query.data ?? null) : null,
    failed: query.isError,
  };
}

export function HeatmapControl({
  layer,
  choose,
  heatmap,
  failed,
}: Pick<ReturnType<typeof useHeatmapOnMap>, 'layer' | 'choose' | 'heatmap' | 'failed'>) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <div className={styles.heat} data-testid="heatmap-control">
      <label>
        <span>{t('rebalancing.heat.title')}</span>
        <select
          value={layer ?? ''}
          onChange={(event) => choose((event.target.value || null) as HeatmapLayer | null)}
        >
          <option value="">{t('rebalancing.heat.off')}</option>
          {HEATMAP_LAYERS.map((name) => (
            <option key={name} value={name}>
              {t(`rebalancing.heat.layers.${name}`)}
            </option>
          ))}
        </select>
      </label>
      {layer && failed && <p role="alert">{t('rebalancing.heat.error')}</p>}
      {layer && heatmap && <HeatLegend heatmap={heatmap} format={(v) => number.format(v)} />}
    </div>
  );
}

function HeatLegend({ heatmap, format }: { heatmap: Heatmap; format(value: number): string }) {
  const { t } = useTranslation();
  if (!heatmap.cells.length) return <p role="status">{t('rebalancing.heat.empty')}</p>;
  return (
    <figure className={styles.heatLegend} data-testid="heatmap-legend">
      <span
        className={styles.heatRamp}
        style={{ background: `linear-gradient(to right, ${HEAT_COLOURS.join(', ')})` }}
        aria-hidden="true"
      />
      <figcaption>
        <span>0</span>
        <span>
          {format(heatmap.max)}{' '}
          {t(`rebalancing.heat.units.${heatmap.unit === 'bikes' ? 'bikes' : 'tripsPerDay'}`)}
        </span>
      </figcaption>
    </figure>
  );
}
