// SPEC §2: Fleet inventory, Warnings and Statistics, plus Administration for admins only;
// Zones (docs/zones.md) beside them.
import {
  ArrowLeftRight,
  BatteryCharging,
  BatteryMedium,
  Bike,
  ChartColumn,
  ClipboardCheck,
  ClipboardList,
  Cpu,
  FileBarChart,
  Hexagon,
  ShieldCheck,
  TriangleAlert,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import type { UserType } from '../session/user-type';

export interface MenuItem {
  url: string;
  icon: LucideIcon;
  /** active on its own address only, not below it (Tasks, beside Battery swaps under it) */
  end?: boolean;
  /** a live counter shown on the item (the Warnings entry: open warnings) */
  badge?: 'warnings';
  /** translation key of the text */
  text:
    | 'shell.nav.fleet'
    | 'shell.nav.warnings'
    | 'shell.nav.statistics'
    | 'shell.nav.zones'
    | 'shell.nav.administration'
    | 'tasks.nav.tasks'
    | 'tasks.nav.myTasks'
    | 'tasks.nav.batteryQueue'
    | 'battery.nav'
    | 'firmware.nav.firmware'
    | 'reports.nav'
    | 'rebalancing.nav'
    | 'rules.nav.rules';
}

export function menuItemsFor(userType: UserType, technician = false): MenuItem[] {
  // docs/tasks.md: a field technician's tasks first, and the fleet's bikes to find one
  if (technician) {
    return [
      { url: '/tasks/mine', icon: ClipboardCheck, text: 'tasks.nav.myTasks' },
      { url: '/tasks/battery-queue', icon: BatteryCharging, text: 'tasks.nav.batteryQueue' },
      // docs/rebalancing.md: their route of the shift
      { url: '/rebalancing', icon: ArrowLeftRight, text: 'rebalancing.nav' },
      { url: '/fleet', icon: Bike, text: 'shell.nav.fleet' },
    ];
  }
  const items: MenuItem[] = [
    { url: '/fleet', icon: Bike, text: 'shell.nav.fleet' },
    { url: '/warnings', icon: TriangleAlert, text: 'shell.nav.warnings', badge: 'warnings' },
    { url: '/statistics', icon: ChartColumn, text: 'shell.nav.statistics' },
    // docs/battery.md: the packs' state of health
    { url: '/battery', icon: BatteryMedium, text: 'battery.nav' },
    // docs/zones.md: every user sees the zones; managers edit them
    { url: '/zones', icon: Hexagon, text: 'shell.nav.zones' },
    // docs/tasks.md: the fleet's tasks, and those of the signed-in user
    { url: '/tasks', icon: ClipboardList, text: 'tasks.nav.tasks', end: true },
    { url: '/tasks/battery-queue', icon: BatteryCharging, text: 'tasks.nav.batteryQueue' },
    // ADR 0127: a period's reports and their exports
    { url: '/reports', icon: FileBarChart, text: 'reports.nav' },
    // docs/rebalancing.md: where bikes are needed, and the technicians' routes
    { url: '/rebalancing', icon: ArrowLeftRight, text: 'rebalancing.nav' },
    // docs/rules.md: administrators write the rules, managers read them
    { url: '/rules', icon: Workflow, text: 'rules.nav.rules' },
  ];
  if (userType === 'ADMIN') {
    // docs/firmware.md: packages and campaigns of the modules' firmware
    items.push({ url: '/firmware', icon: Cpu, text: 'firmware.nav.firmware' });
    items.push({ url: '/administration', icon: ShieldCheck, text: 'shell.nav.administration' });
  }
  return items;
}
