// Typed test data built on the contract's types (STYLE "factories with overrides"): every
// generator returns a complete, valid value; a test states only what matters to it.
import { TASK_CHECKLISTS, type Task, type TaskPage } from '@vfm/contract';
import type {
  Account,
  Alert,
  AlertPage,
  BatteryPack,
  Bike,
  Command,
  FleetBattery,
  FleetGroupNode,
  FleetInformation,
  FleetStatistics,
  FleetListItem,
  FleetListPage,
  Markers,
  WarningCounts,
} from '@vfm/contract';
import { ALERT_SEVERITY, MARKER_COORDINATE_SCALE, encodeMarkerState } from '@vfm/contract';

let sequence = 0;
const next = () => (sequence += 1);

export function makeWarningCounts(overrides: Partial<WarningCounts> = {}): WarningCounts {
  return {
    REPORTED_THEFT: 0,
    SUSPECTED_THEFT: 0,
    LACK_MODULE_COMM: 0,
    LOW_VEHICLE_BATTERY: 0,
    LOW_MODULE_BATTERY: 0,
    ...overrides,
  };
}

export function makeFleetListItem(overrides: Partial<FleetListItem> = {}): FleetListItem {
  const n = next();
  return {
    vehicleNumber: `VN-${String(n).padStart(4, '0')}`,
    bikeCode: `BC${n}`,
    moduleId: `M${String(n).padStart(5, '0')}`.slice(0, 6),
    model: 'City 7',
    group: { id: '00000000-0000-4000-8000-000000000001', name: 'Centre' },
    availability: 'AVAILABLE',
    status: 'PARKED',
    iotMode: 'STANDBY',
    assistanceLocked: false,
    lockControlPending: false,
    alarmPending: false,
    modePending: false,
    bikeBatteryLevel: 80,
    iotBatteryLevel: 90,
    lastCommunicationDate: new Date(Date.now() - 60_000).toISOString(),
    lastPositionDate: new Date(Date.now() - 60_000).toISOString(),
    latitude: 45.76,
    longitude: 4.84,
    totalKm: 1234.5,
    warnings: [],
    theft: 'NONE',
    ...overrides,
  };
}

export function makeBike(overrides: Partial<Bike> = {}): Bike {
  const item = makeFleetListItem();
  return {
    ...item,
    alarmActive: false,
    batteryPlugged: false,
    firmwareVersion: '2.4.1',
    hardwareVersion: 'B3',
    batteryStateOfHealth: 96,
    batteryChargeCycles: 120,
    batteryNumber: 'BAT-1',
    lastBatteryChangeDate: null,
    autonomyKm: 42,
    lastTripKm: 3.2,
    averageDistancePerDayKm: 8.1,
    averageTimePerDayMinutes: 31,
    totalTripMinutes: 5400,
    co2AvoidedKg: 148.1,
    speedLimit: 25,
    theft: { state: 'NONE', since: null, by: null },
    ...overrides,
  };
}

export function makeListPage(
  content: FleetListItem[],
  overrides: Partial<FleetListPage> = {},
): FleetListPage {
  return { content, totalElements: content.length, page: 0, size: 50, ...overrides };
}

export function makeGroup(name: string, children: FleetGroupNode[] = []): FleetGroupNode {
  const own = 3;
  return {
    id: `00000000-0000-4000-8000-${String(next()).padStart(12, '0')}`,
    name,
    ownBikeCount: own,
    bikeCount: own + children.reduce((sum, child) => sum + child.bikeCount, 0),
    children,
  };
}

export function makeFleetInformation(overrides: Partial<FleetInformation> = {}): FleetInformation {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    name: 'Demo Fleet',
    totalBikes: 10,
    availability: { AVAILABLE: 6, IN_OPERATION: 2, TRANSIT: 1, OUT: 1 },
    status: { PARKED: 8, MOVING: 2 },
    modes: {
      NAVIGATION: 2,
      PERMANENT: 1,
      STANDBY: 5,
      LOW_POWER: 1,
      STORAGE: 1,
      TRANSPORT: 0,
      UNKNOWN: 0,
    },
    warnings: makeWarningCounts({ REPORTED_THEFT: 1, LOW_VEHICLE_BATTERY: 2 }),
    settings: {
      lowVehicleBatteryPercent: 20,
      lowModuleBatteryPercent: 20,
      lackOfCommunicationHours: 168,
      co2KgPerKm: 0.12,
      noParkingGraceMinutes: 15,
    },
    ...overrides,
  };
}

/** The fleet's statistics; its counts are those of makeFleetInformation's fleet. */
export function makeFleetStatistics(overrides: Partial<FleetStatistics> = {}): FleetStatistics {
  const { totalBikes, availability, status, modes, warnings } = makeFleetInformation();
  const quarters = { from0To25: 3, from26To50: 2, from51To75: 4, from76To100: 1, unknown: 0 };
  return {
    totalBikes,
    lastCommunication: { upTo7Days: 7, from8To14Days: 1, from15Days: 1, never: 1 },
    bikeBattery: quarters,
    iotBattery: quarters,
    availability,
    status,
    modes,
    warnings,
    totals: { km: 1234, co2AvoidedKg: 56, trips: 789 },
    ...overrides,
  };
}

export function makeCommand(overrides: Partial<Command> = {}): Command {
  const now = new Date();
  return {
    id: `00000000-0000-4000-9000-${String(next()).padStart(12, '0')}`,
    vehicleNumber: 'VN-0001',
    type: 'LOCK_CONTROL',
    value: 'true',
    status: 'PENDING',
    requestedBy: 'manager@vfm.demo',
    requestedAt: now.toISOString(),
    acknowledgedAt: null,
    expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    detail: null,
    ...overrides,
  };
}

/** The compact fleet/markers payload of these bikes (ADR 0021), as the server encodes it. */
export function makeMarkers(bikes: FleetListItem[], groups: string[] = []): Markers {
  const placed = bikes.filter((bike) => bike.latitude !== null && bike.longitude !== null);
  const stateOf = (bike: FleetListItem) =>
    encodeMarkerState({
      warnings: bike.warnings,
      status: bike.status,
      availability: bike.availability,
      theft: bike.theft,
      iotMode: bike.iotMode,
    });
  return {
    count: placed.length,
    groups,
    vehicleNumber: placed.map((bike) => bike.vehicleNumber),
    latitude: placed.map((bike) => Math.round(bike.latitude! * MARKER_COORDINATE_SCALE)),
    longitude: placed.map((bike) => Math.round(bike.longitude! * MARKER_COORDINATE_SCALE)),
    state: placed.map(stateOf),
    group: placed
      .map((bike) => (bike.group ? groups.indexOf(bike.group.id) : -1))
      .map((i) => (i < 0 ? null : i)),
  };
}

/** An open alert of a bike (docs/web.md); the severity follows the kind unless overridden. */
export function makeAlert(overrides: Partial<Alert> = {}): Alert {
  const n = next();
  const kind = overrides.kind ?? 'LOW_VEHICLE_BATTERY';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind,
    severity: ALERT_SEVERITY[kind],
    state: 'OPEN',
    vehicleNumber: `VFM-${String(n).padStart(5, '0')}`,
    openedAt: '2026-11-20T08:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedBy: null,
    comment: null,
    assignee: null,
    assignedAt: null,
    clearedAt: null,
    clearedBy: null,
    clearCause: null,
    clearReason: null,
    ...overrides,
  };
}

export function makeAlertPage(content: Alert[], overrides: Partial<AlertPage> = {}): AlertPage {
  return { content, totalElements: content.length, page: 0, size: 50, ...overrides };
}

/** A task (docs/tasks.md): an open battery swap of FR-42 with its checklist, nobody on it. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  const kind = overrides.kind ?? 'BATTERY_SWAP';
  return {
    id: '0b8c6f4e-0000-4000-8000-000000000026',
    kind,
    title: '',
    vehicleNumber: 'FR-42',
    status: 'OPEN',
    priority: 'NORMAL',
    dueAt: null,
    assignee: null,
    notes: '',
    checklist: TASK_CHECKLISTS[kind].map((item) => ({ item, checked: false })),
    cause: null,
    rule: null,
    createdAt: '2026-11-25T08:00:00.000Z',
    createdBy: null,
    startedAt: null,
    startedBy: null,
    closedAt: null,
    closedBy: null,
    position: { latitude: 45.76, longitude: 4.84, at: '2026-11-25T07:55:00.000Z' },
    dropOff: null,
    distanceMeters: null,
    batterySwap: null,
    parts: '',
    cost: null,
    updatedAt: '2026-11-25T08:00:00.000Z',
    ...overrides,
  };
}

export function makeTaskPage(content: Task[]): TaskPage {
  return { content, totalElements: content.length, page: 0, size: 100, next: null };
}

/** An account of the fleet (administration): user n, a validated manager. */
export function makeAccount(n: number, overrides: Partial<Account> = {}): Account {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    fullName: `User ${String(n).padStart(2, '0')}`,
    description: '',
    photoVersion: null,
    phone: null,
    roles: ['ROLE_VFM'],
    admin: false,
    status: 'ACTIVE',
    language: 'en',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    ...overrides,
  };
}

export function makeBatteryPack(overrides: Partial<BatteryPack> = {}): BatteryPack {
  return {
    packId: 'BAT-0042',
    vehicleNumber: 'VFM-00007',
    model: 'City 28',
    stateOfHealth: 76.4,
    capacityWh: 382,
    trendPer30Days: -2.5,
    equivalentCycles: 41.2,
    cyclesReported: 44,
    whPerKm: 11.8,
    temperature: { maxC: 38, hotHours: 12, coldHours: 0 },
    alert: 'LOW_STATE_OF_HEALTH',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function makeFleetBattery(overrides: Partial<FleetBattery> = {}): FleetBattery {
  return {
    settings: { nominalCapacityWh: 500, sohThreshold: 80, fastDropPoints: 4 },
    packs: 80,
    estimated: 80,
    alerted: 12,
    medianStateOfHealth: 89.9,
    distribution: [
      { from: 70, packs: 4 },
      { from: 80, packs: 15 },
      { from: 90, packs: 24 },
    ],
    models: [{ model: 'City 28', whPerKm: 6.2, packs: 20 }],
    worst: [makeBatteryPack()],
    peakHour: 18,
    ...overrides,
  };
}
