// A bike as the rules see it (rules/evaluate.ts BikeContext without its trail): who it is, its
// availability, where it stands among the zones and which kinds of task are open on it. The
// columns of `bike b`, for every query that hands bikes to the rules.
export const BIKE_CONTEXT_COLUMNS = `b.id, b.fleet_id AS "fleetId", b.vehicle_number AS "vehicleNumber",
            b.group_id AS "groupId", b.model, b.availability,
            b.outside_service_area_since IS NOT NULL AS "outsideServiceArea",
            b.no_ride_zone_since IS NOT NULL AS "inNoRideZone",
            b.no_parking_since IS NOT NULL AS "inNoParkingZone",
            coalesce(b.zone_ids::text[], '{}') AS "zoneIds",
            coalesce((SELECT array_agg(DISTINCT t.kind) FROM task t
                       WHERE t.bike_id = b.id AND t.status IN ('OPEN', 'IN_PROGRESS')),
                     '{}') AS "openTaskKinds"`;
