// The open-data form's values (text as typed) ↔ the contract's settings, and the checks the
// server makes, in the same words for every field (docs/open-data.md).
import {
  ABSOLUTE_URI_PATTERN,
  GBFS_LANGUAGE_PATTERN,
  HTTP_URL_PATTERN,
  LICENSE_ID_PATTERN,
  emailRegExp,
  type OpenData,
  type OpenDataSettings,
} from '@vfm/contract';

export const APP_FIELDS = [
  'androidStoreUri',
  'androidDiscoveryUri',
  'iosStoreUri',
  'iosDiscoveryUri',
] as const;
export type AppField = (typeof APP_FIELDS)[number];

export interface OpenDataFormValues extends Record<AppField, string> {
  published: boolean;
  name: string;
  operator: string;
  contactEmail: string;
  timezone: string;
  /** comma-separated, e.g. "fr, en" */
  languages: string;
  license: string;
  openingHours: string;
  /** km, as typed */
  defaultRangeKm: string;
  /** km per model, as typed */
  rangeKm: Record<string, string>;
}

export type OpenDataField = Exclude<keyof OpenDataFormValues, 'published' | 'rangeKm'>;
/** what may be wrong with a field: a key of administration.openData.errors */
export type OpenDataError =
  | 'required'
  | 'email'
  | 'emailToPublish'
  | 'timezone'
  | 'languages'
  | 'license'
  | 'range'
  | 'uri'
  | 'appPair';
/** the error of each field (model ranges: `range:<model>`) */
export type OpenDataErrors = Partial<Record<string, OpenDataError>>;

const km = (meters: number) => String(Math.round(meters / 100) / 10);

/** The models of the form: the fleet's and any the settings still name. */
export function formModels(data: OpenData): string[] {
  return [...new Set([...data.models, ...data.vehicleTypes.map((type) => type.model)])];
}

export function toFormValues(data: OpenData): OpenDataFormValues {
  const ranges = new Map(data.vehicleTypes.map((type) => [type.model, type.maxRangeMeters]));
  return {
    published: data.published,
    name: data.name,
    operator: data.operator,
    contactEmail: data.contactEmail,
    timezone: data.timezone,
    languages: data.languages.join(', '),
    license: data.license,
    openingHours: data.openingHours,
    defaultRangeKm: km(data.defaultRangeMeters),
    rangeKm: Object.fromEntries(
      formModels(data).map((model) => [model, ranges.has(model) ? km(ranges.get(model)!) : '']),
    ),
    androidStoreUri: data.rentalApps.android?.storeUri ?? '',
    androidDiscoveryUri: data.rentalApps.android?.discoveryUri ?? '',
    iosStoreUri: data.rentalApps.ios?.storeUri ?? '',
    iosDiscoveryUri: data.rentalApps.ios?.discoveryUri ?? '',
  };
}

const languageList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

const rangeError = (text: string): OpenDataError | undefined => {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) || value < 1 || value > 1000
    ? 'range'
    : undefined;
};

/** What is wrong, field by field (empty: the form may be sent). */
export function validateOpenData(values: OpenDataFormValues, timeZones: ReadonlySet<string>) {
  const errors: OpenDataErrors = {};
  if (!values.name.trim()) errors.name = 'required';
  const email = values.contactEmail.trim();
  if (email && !emailRegExp.test(email)) errors.contactEmail = 'email';
  else if (!email && values.published) errors.contactEmail = 'emailToPublish';
  if (!timeZones.has(values.timezone.trim())) errors.timezone = 'timezone';
  const languages = languageList(values.languages);
  const languagePattern = new RegExp(GBFS_LANGUAGE_PATTERN);
  if (
    !languages.length ||
    languages.length > 11 ||
    !languages.every((l) => languagePattern.test(l))
  )
    errors.languages = 'languages';
  const license = values.license.trim();
  if (!new RegExp(LICENSE_ID_PATTERN).test(license) && !new RegExp(HTTP_URL_PATTERN).test(license))
    errors.license = 'license';
  if (!values.openingHours.trim()) errors.openingHours = 'required';
  const defaultRange = rangeError(values.defaultRangeKm);
  if (defaultRange) errors.defaultRangeKm = defaultRange;
  for (const [model, text] of Object.entries(values.rangeKm)) {
    if (text.trim() && rangeError(text)) errors[`range:${model}`] = 'range';
  }
  const uri = new RegExp(ABSOLUTE_URI_PATTERN);
  for (const [store, discovery] of [
    ['androidStoreUri', 'androidDiscoveryUri'],
    ['iosStoreUri', 'iosDiscoveryUri'],
  ] as const) {
    const pair = [values[store].trim(), values[discovery].trim()];
    if (!pair.some(Boolean)) continue;
    if (!pair[0] || !uri.test(pair[0])) errors[store] = pair[0] ? 'uri' : 'appPair';
    if (!pair[1] || !uri.test(pair[1])) errors[discovery] = pair[1] ? 'uri' : 'appPair';
  }
  return errors;
}

const meters = (text: string) => Math.round(Number(text.replace(',', '.')) * 1000);

/** The settings to send (only once validateOpenData found nothing). */
export function toSettings(values: OpenDataFormValues): OpenDataSettings {
  const app = (store: string, discovery: string) =>
    store.trim() ? { storeUri: store.trim(), discoveryUri: discovery.trim() } : undefined;
  const android = app(values.androidStoreUri, values.androidDiscoveryUri);
  const ios = app(values.iosStoreUri, values.iosDiscoveryUri);
  return {
    published: values.published,
    name: values.name.trim(),
    operator: values.operator.trim(),
    contactEmail: values.contactEmail.trim(),
    timezone: values.timezone.trim(),
    languages: [...new Set(languageList(values.languages))],
    license: values.license.trim(),
    openingHours: values.openingHours.trim(),
    rentalApps: { ...(android ? { android } : {}), ...(ios ? { ios } : {}) },
    vehicleTypes: Object.entries(values.rangeKm)
      .filter(([, text]) => text.trim())
      .map(([model, text]) => ({ model, maxRangeMeters: meters(text) })),
    defaultRangeMeters: meters(values.defaultRangeKm),
  };
}
