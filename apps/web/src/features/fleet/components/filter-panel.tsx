// The filter panel (docs/web.md): group checkbox tree (SPEC §4 rules), availability,
// activity, IoT mode and warning type. Every change applies at once to map and list; the panel
// is a side sheet so the fleet stays visible behind it.
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import {
  ACTIVITY_STATUSES,
  AVAILABILITIES,
  IOT_MODES,
  WARNING_TYPES,
  ZONE_ALERT_KINDS,
  type FleetGroupNode,
  type Zone,
} from '@vfm/contract';
import { availabilityKey, modeKey, statusKey, warningKey } from '../../../bike/labels';
import { Button } from '../../../ui/button/button';
import { CheckboxTree, type CheckboxTreeNode } from '../../../ui/checkbox-tree/checkbox-tree';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { activeFilterCount, toggleValue, type FleetView } from '../state/fleet-view';
import styles from './filter-panel.module.css';

function toTreeNodes(
  groups: readonly FleetGroupNode[],
  ticked: ReadonlySet<string>,
): CheckboxTreeNode[] {
  return groups.map((group) => ({
    id: group.id,
    label: `${group.name} (${group.bikeCount})`,
    value: ticked.has(group.id),
    children: toTreeNodes(group.children, ticked),
  }));
}

/**
 * The groups to send: a ticked group stands for itself and its descendants (DESIGN §5), so a
 * ticked group's ticked descendants need not be listed again.
 */
export function tickedGroupIds(nodes: readonly CheckboxTreeNode[]): string[] {
  return nodes.flatMap((node) =>
    node.value && node.id ? [node.id] : tickedGroupIds(node.children ?? []),
  );
}

/** The ids a tree shows ticked: the chosen groups and all their descendants. */
function expandTicked(
  groups: readonly FleetGroupNode[],
  chosen: ReadonlySet<string>,
  inherited = false,
): string[] {
  return groups.flatMap((group) => {
    const on = inherited || chosen.has(group.id);
    return [...(on ? [group.id] : []), ...expandTicked(group.children, chosen, on)];
  });
}

export function FilterPanel({
  view,
  groups,
  zones,
  total,
  onChange,
}: {
  view: FleetView;
  groups: readonly FleetGroupNode[];
  /** the fleet's zones, to filter by the bikes standing in them */
  zones?: readonly Pick<Zone, 'id' | 'name'>[];
  total: number | undefined;
  onChange(view: FleetView): void;
}) {
  const { t } = useTranslation();
  const count = activeFilterCount(view);
  const ticked = new Set(expandTicked(groups, new Set(view.groupId)));

  const checkboxes = <T extends string>(
    legend: string,
    values: readonly T[],
    chosen: readonly T[],
    label: (value: T) => string,
    change: (next: T[]) => void,
  ) => (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className={styles.option}>
          <input
            type="checkbox"
            checked={chosen.includes(value)}
            onChange={() => change(toggleValue(chosen, value))}
          />
          <span>{label(value)}</span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <SlidersHorizontal size={16} aria-hidden="true" />
          {t('fleet.filters.open')}
          {count > 0 && <span className={styles.count}>{count}</span>}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.sheet} aria-describedby={undefined}>
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{t('fleet.filters.title')}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={t('common.close')}>
                <X size={20} aria-hidden="true" />
              </IconButton>
            </Dialog.Close>
          </header>
          <div className={styles.body}>
            <fieldset className={styles.fieldset}>
              <legend>{t('fleet.filters.groups')}</legend>
              {groups.length ? (
                <CheckboxTree
                  label={t('fleet.filters.groups')}
                  nodes={toTreeNodes(groups, ticked)}
                  onChange={(nodes) => onChange({ ...view, groupId: tickedGroupIds(nodes) })}
                />
              ) : (
                <p className={styles.hint}>{t('fleet.filters.noGroups')}</p>
              )}
            </fieldset>
            {checkboxes(
              t('fleet.filters.availability'),
              AVAILABILITIES,
              view.availability,
              (value) => t(availabilityKey(value)),
              (availability) => onChange({ ...view, availability }),
            )}
            {checkboxes(
              t('fleet.filters.status'),
              ACTIVITY_STATUSES,
              view.status,
              (value) => t(statusKey(value)),
              (status) => onChange({ ...view, status }),
            )}
            {checkboxes(
              t('fleet.filters.mode'),
              IOT_MODES,
              view.mode,
              (value) => t(modeKey(value)),
              (mode) => onChange({ ...view, mode }),
            )}
            {checkboxes(
              t('fleet.filters.warning'),
              WARNING_TYPES,
              view.warning,
              (value) => t(warningKey(value)),
              (warning) => onChange({ ...view, thefts: false, warning }),
            )}
            {checkboxes(
              t('zones.title'),
              ZONE_ALERT_KINDS,
              view.zone,
              (value) => t(`bike.warning.${value}`),
              (zone) => onChange({ ...view, zone }),
            )}
            {zones?.length
              ? checkboxes(
                  t('fleet.filters.inZone'),
                  zones.map((zone) => zone.id),
                  view.zoneId,
                  (id) => zones.find((zone) => zone.id === id)?.name ?? id,
                  (zoneId) => onChange({ ...view, zoneId }),
                )
              : null}
            {checkboxes(
              t('fleet.filters.assistance'),
              ['locked', 'unlocked'] as const,
              view.locked === null ? [] : [view.locked ? 'locked' : 'unlocked'],
              (value) => t(`fleet.filters.${value}`),
              // ticking one replaces the other: both would mean no filter
              (next) => {
                const added = next.filter((value) => view.locked !== (value === 'locked'))[0];
                onChange({ ...view, locked: added ? added === 'locked' : null });
              },
            )}
          </div>
          <footer className={styles.footer}>
            <Dialog.Close asChild>
              <Button block>{t('fleet.filters.done', { count: total ?? 0 })}</Button>
            </Dialog.Close>
          </footer>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
