// The open-data form (docs/open-data.md): settings → values → settings round-trips, and the checks
// name the field and the reason in the server's terms.
import { describe, expect, it } from 'vitest';
import type { OpenData } from '@vfm/contract';
import { toFormValues, toSettings, validateOpenData } from './open-data-form';

const data: OpenData = {
  published: false,
  name: 'Demo',
  operator: '',
  contactEmail: '',
  timezone: 'Europe/Paris',
  languages: ['fr', 'en'],
  license: 'CC0-1.0',
  openingHours: '24/7',
  rentalApps: {},
  vehicleTypes: [{ model: 'Cargo', maxRangeMeters: 45_000 }],
  defaultRangeMeters: 50_000,
  systemId: null,
  feedUrl: null,
  manifestUrl: 'http://x/gbfs/v3/manifest.json',
  models: ['City', 'Cargo'],
  updatedAt: null,
};
const zones = new Set(['Europe/Paris', 'UTC']);

describe('open-data form', () => {
  it('round-trips the settings, ranges in km, empty models left to the default', () => {
    const values = toFormValues(data);
    expect(values.rangeKm).toEqual({ City: '', Cargo: '45' });
    expect(values.defaultRangeKm).toBe('50');
    expect(validateOpenData(values, zones)).toEqual({});
    const { systemId, feedUrl, manifestUrl, models, updatedAt, ...settings } = data;
    void [systemId, feedUrl, manifestUrl, models, updatedAt];
    expect(toSettings(values)).toEqual(settings);
  });

  it('names each wrong field', () => {
    const values = {
      ...toFormValues(data),
      published: true,
      timezone: 'Mars/Base',
      languages: 'french',
      license: 'no licence',
      defaultRangeKm: '0',
      rangeKm: { City: 'far', Cargo: '' },
      iosStoreUri: 'https://apps.apple.com/app/id1',
    };
    expect(validateOpenData(values, zones)).toEqual({
      contactEmail: 'emailToPublish',
      timezone: 'timezone',
      languages: 'languages',
      license: 'license',
      defaultRangeKm: 'range',
      'range:City': 'range',
      iosDiscoveryUri: 'appPair',
    });
  });
});
