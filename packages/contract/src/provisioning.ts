// Bike provisioning by administrators (DESIGN §2, §5): CSV import and removal from the fleet.
import { Type, type Static } from '@sinclair/typebox';
import { VehicleNumbersQuerySchema } from './commands';

const strict = { additionalProperties: false } as const;

export { VEHICLE_IMPORT_COLUMNS } from './vehicle-csv';

/** The body of POST fleet/admin/vehicles: CSV text (content type text/csv). */
export const VehicleCsvBodySchema = Type.String({
  description: 'CSV with the header row vehicleNumber,bikeCode,moduleId,model,group',
});

/** DELETE fleet/admin/vehicles: the bikes to remove, repeated or comma-separated. */
export const VehicleRemovalQuerySchema = Type.Object(
  { vehicleNumbers: VehicleNumbersQuerySchema },
  { additionalProperties: false },
);
export type VehicleRemovalQuery = Static<typeof VehicleRemovalQuerySchema>;

export const VehicleImportResultSchema = Type.Object(
  {
    created: Type.Integer({ minimum: 0 }),
    updated: Type.Integer({ minimum: 0 }),
    errors: Type.Array(
      Type.Object({ line: Type.Integer({ minimum: 1 }), message: Type.String() }, strict),
    ),
    /** modules created by this import with their MQTT secret, shown this once */
    modules: Type.Array(Type.Object({ moduleId: Type.String(), secret: Type.String() }, strict)),
  },
  strict,
);
export type VehicleImportResult = Static<typeof VehicleImportResultSchema>;

export const VehicleRemovalResultSchema = Type.Object(
  { removed: Type.Integer({ minimum: 0 }), vehicleNumbers: Type.Array(Type.String()) },
  strict,
);
export type VehicleRemovalResult = Static<typeof VehicleRemovalResultSchema>;
