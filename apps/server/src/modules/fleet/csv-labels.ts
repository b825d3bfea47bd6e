// Localised headers of the fleet list CSV (DESIGN §5: CSV headers follow Accept-Language;
// the fleet screens speak fr, en and de, SPEC §3 reading A). {unit} is the user's distance unit.
import {
  BIKE_IDENTITY_FIELDS,
  BIKE_LAST_REPORT_FIELDS,
  DEFAULT_LANGUAGE,
  FLEET_LANGUAGES,
  type Language,
} from '@vfm/contract';

export const LIST_CSV_COLUMNS = [
  ...BIKE_IDENTITY_FIELDS,
  'assistanceLocked',
  ...BIKE_LAST_REPORT_FIELDS,
  'latitude',
  'longitude',
  'totalDistance',
  'autonomy',
  'lastTripDistance',
  'averageDistancePerDay',
  'co2AvoidedKg',
  'theft',
  'warnings',
] as const;
export type ListCsvColumn = (typeof LIST_CSV_COLUMNS)[number];
type FleetLanguage = (typeof FLEET_LANGUAGES)[number];

const HEADERS: Record<FleetLanguage, Record<ListCsvColumn, string>> = {
  en: {
    vehicleNumber: 'Frame number',
    bikeCode: 'Bike code',
    moduleId: 'IoT module',
    model: 'Model',
    group: 'Group',
    availability: 'Availability',
    status: 'Status',
    iotMode: 'IoT mode',
    assistanceLocked: 'Assistance locked',
    bikeBatteryLevel: 'Bike battery (%)',
    iotBatteryLevel: 'IoT battery (%)',
    lastCommunicationDate: 'Last communication',
    lastPositionDate: 'Last position',
    latitude: 'Latitude',
    longitude: 'Longitude',
    totalDistance: 'Total distance ({unit})',
    autonomy: 'Autonomy ({unit})',
    lastTripDistance: 'Last trip ({unit})',
    averageDistancePerDay: 'Average distance per riding day ({unit})',
    co2AvoidedKg: 'CO2 avoided (kg)',
    theft: 'Theft',
    warnings: 'Warnings',
  },
  fr: {
    vehicleNumber: 'Numéro de cadre',
    bikeCode: 'Code vélo',
    moduleId: 'Module IoT',
    model: 'Modèle',
    group: 'Groupe',
    availability: 'Disponibilité',
    status: 'Statut',
    iotMode: 'Mode IoT',
    assistanceLocked: 'Assistance verrouillée',
    bikeBatteryLevel: 'Batterie vélo (%)',
    iotBatteryLevel: 'Batterie IoT (%)',
    lastCommunicationDate: 'Dernière communication',
    lastPositionDate: 'Dernière position',
    latitude: 'Latitude',
    longitude: 'Longitude',
    totalDistance: 'Distance totale ({unit})',
    autonomy: 'Autonomie ({unit})',
    lastTripDistance: 'Dernier trajet ({unit})',
    averageDistancePerDay: 'Distance moyenne par jour roulé ({unit})',
    co2AvoidedKg: 'CO2 évité (kg)',
    theft: 'Vol',
    warnings: 'Alertes',
  },
  de: {
    vehicleNumber: 'Rahmennummer',
    bikeCode: 'Fahrradcode',
    moduleId: 'IoT-Modul',
    model: 'Modell',
    group: 'Gruppe',
    availability: 'Verfügbarkeit',
    status: 'Status',
    iotMode: 'IoT-Modus',
    assistanceLocked: 'Unterstützung gesperrt',
    bikeBatteryLevel: 'Fahrradakku (%)',
    iotBatteryLevel: 'IoT-Akku (%)',
    lastCommunicationDate: 'Letzte Kommunikation',
    lastPositionDate: 'Letzte Position',
    latitude: 'Breitengrad',
    longitude: 'Längengrad',
    totalDistance: 'Gesamtstrecke ({unit})',
    autonomy: 'Reichweite ({unit})',
    lastTripDistance: 'Letzte Fahrt ({unit})',
    averageDistancePerDay: 'Durchschnittliche Strecke pro Fahrtag ({unit})',
    co2AvoidedKg: 'Vermiedenes CO2 (kg)',
    theft: 'Diebstahl',
    warnings: 'Warnungen',
  },
};

/** Headers in the request language; other languages get the default (fr). */
export function listCsvHeaders(language: Language, unit: 'km' | 'mi'): string[] {
  const lang = (FLEET_LANGUAGES as readonly string[]).includes(language)
    ? (language as FleetLanguage)
    : (DEFAULT_LANGUAGE as FleetLanguage);
  return LIST_CSV_COLUMNS.map((column) => HEADERS[lang][column].replace('{unit}', unit));
}
