// The active filters as SPEC filter chips (a title, removable items, a clear-all chip).
import { useTranslation } from 'react-i18next';
import type { FleetGroupNode } from '@vfm/contract';
import { availabilityKey, modeKey, statusKey, warningKey } from '../../../bike/labels';
import { FilterChips } from '../../../ui/filter-chips/filter-chips';
import { clearedFilters, type FleetView } from '../state/fleet-view';

interface Chip {
  id: string;
  label: string;
  remove(view: FleetView): FleetView;
}

function groupNames(groups: readonly FleetGroupNode[], names = new Map<string, string>()) {
  for (const group of groups) {
    names.set(group.id, group.name);
    groupNames(group.children, names);
  }
  return names;
}

export function ActiveFilters({
  view,
  groups,
  zones,
  onChange,
}: {
  view: FleetView;
  groups: readonly FleetGroupNode[];
  zones?: readonly { id: string; name: string }[];
  onChange(view: FleetView): void;
}) {
  const { t } = useTranslation();
  const names = groupNames(groups);
  const without = <T,>(values: readonly T[], value: T) => values.filter((v) => v !== value);
  const chips: Chip[] = [
    ...(view.q.trim()
      ? [
          {
            id: 'q',
            label: t('fleet.filters.searchChip', { text: view.q.trim() }),
            remove: (v: FleetView) => ({ ...v, q: '' }),
          },
        ]
      : []),
    ...(view.thefts
      ? [
          {
            id: 'thefts',
            label: t('fleet.filters.theftsChip'),
            remove: (v: FleetView) => ({ ...v, thefts: false }),
          },
        ]
      : []),
    ...view.groupId.map((id) => ({
      id: `group-${id}`,
      label: names.get(id) ?? id,
      remove: (v: FleetView) => ({ ...v, groupId: without(v.groupId, id) }),
    })),
    ...view.availability.map((value) => ({
      id: `availability-${value}`,
      label: t(availabilityKey(value)),
      remove: (v: FleetView) => ({ ...v, availability: without(v.availability, value) }),
    })),
    ...view.status.map((value) => ({
      id: `status-${value}`,
      label: t(statusKey(value)),
      remove: (v: FleetView) => ({ ...v, status: without(v.status, value) }),
    })),
    ...view.mode.map((value) => ({
      id: `mode-${value}`,
      label: `${t('common.labelled', { label: t('fleet.filters.mode') })} ${t(modeKey(value))}`,
      remove: (v: FleetView) => ({ ...v, mode: without(v.mode, value) }),
    })),
    ...view.zone.map((value) => ({
      id: `zone-${value}`,
      label: t(`bike.warning.${value}`),
      remove: (v: FleetView) => ({ ...v, zone: without(v.zone, value) }),
    })),
    ...view.zoneId.map((id) => ({
      id: `zoneId-${id}`,
      label: `${t('common.labelled', { label: t('fleet.filters.inZone') })} ${zones?.find((zone) => zone.id === id)?.name ?? '…'}`,
      remove: (v: FleetView) => ({ ...v, zoneId: without(v.zoneId, id) }),
    })),
    ...(view.locked === null
      ? []
      : [
          {
            id: 'locked',
            label: view.locked ? t('fleet.filters.locked') : t('fleet.filters.unlocked'),
            remove: (v: FleetView) => ({ ...v, locked: null }),
          },
        ]),
    ...(view.thefts
      ? []
      : view.warning.map((value) => ({
          id: `warning-${value}`,
          label: t(warningKey(value)),
          remove: (v: FleetView) => ({ ...v, warning: without(v.warning, value) }),
        }))),
  ];
  if (!chips.length) return null;
  return (
    <FilterChips
      title={t('fleet.filters.chips')}
      items={chips}
      clearItems={t('fleet.filters.clearAll')}
      onRemove={(item) => {
        const chip = chips.find((c) => c.id === item.id);
        if (chip) onChange(chip.remove(view));
      }}
      onClear={() => onChange(clearedFilters(view))}
    />
  );
}
