// Translation keys of a bike's states (SPEC §4): availability (anything else displays as
// Unknown), activity status, IoT mode with its label, warnings and theft.
import {
  AVAILABILITIES,
  IOT_MODES,
  type ActivityStatus,
  type Availability,
  type IotMode,
  type TheftState,
  type WarningType,
} from '@vfm/contract';

export const availabilityKey = (availability: string | null | undefined) =>
  (AVAILABILITIES as readonly string[]).includes(availability ?? '')
    ? (`bike.availability.${availability as Availability}` as const)
    : ('bike.availability.UNKNOWN' as const);

export const statusKey = (status: ActivityStatus) => `bike.status.${status}` as const;

export const modeKey = (mode: string | null | undefined) =>
  (IOT_MODES as readonly string[]).includes(mode ?? '')
    ? (`bike.mode.${mode as IotMode}` as const)
    : ('bike.mode.UNKNOWN' as const);

export const warningKey = (warning: WarningType) => `bike.warning.${warning}` as const;

export const theftKey = (theft: TheftState) => `bike.theft.${theft}` as const;
