// A task row → the contract's Task: the checklist of its kind with what is checked, the bike's
// last position for the navigation links (and a move's drop-off), the distance when the list was asked `near`.
import { TASK_CHECKLISTS, type Task } from '@vfm/contract';
import type { TaskRow } from './queries';
import { iso } from '../../lib/iso';

export function toTask(row: TaskRow): Task {
  const checked = new Set(row.checked);
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    vehicleNumber: row.vehicle_number,
    status: row.status,
    priority: row.priority,
    dueAt: iso(row.due_at),
    assignee: row.assignee,
    notes: row.notes,
    checklist: TASK_CHECKLISTS[row.kind].map((item) => ({ item, checked: checked.has(item) })),
    cause: row.cause,
    rule:
      row.rule_id === null || row.rule_name === null
        ? null
        : { id: row.rule_id, name: row.rule_name, builtin: row.rule_builtin },
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
    startedAt: iso(row.started_at),
    startedBy: row.started_by,
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by,
    position:
      row.latitude === null || row.longitude === null
        ? null
        : { latitude: row.latitude, longitude: row.longitude, at: iso(row.last_position_date) },
    dropOff:
      row.drop_off_latitude === null || row.drop_off_longitude === null
        ? null
        : { latitude: row.drop_off_latitude, longitude: row.drop_off_longitude },
    distanceMeters: row.distance_m === null ? null : Math.round(row.distance_m),
    batterySwap:
      row.swap_battery_level === null
        ? null
        : { batteryLevel: row.swap_battery_level, batteryNumber: row.swap_battery_number },
    parts: row.parts,
    cost:
      row.cost_amount === null || row.cost_currency === null
        ? null
        : { amount: Number(row.cost_amount), currency: row.cost_currency },
    updatedAt: row.updated_at.toISOString(),
  };
}
