// Accept-Language chooses the language of API messages (DESIGN §5, SPEC §8): the title of every
// problem and the detail of known codes in fr and de; English otherwise and by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleetWithUsers, oneFleet, type FleetCast } from '../helpers/factories';
import type { TestServer } from '../helpers/server';

let t: TestServer, cast: FleetCast;
beforeAll(async () => ({ t, cast } = await oneFleet(createFleetWithUsers)));
afterAll(() => t.close());

describe('problem messages', () => {
  it('speak French, German, or English as asked', async () => {
    const fr = await t.api({ apiKey: null, language: 'fr-FR,fr;q=0.9' }).get('fleet/list');
    expect(fr.body).toMatchObject({
      code: 'API_KEY_MISSING',
      title: 'Non authentifié',
      detail: "L'en-tête x-api-key est obligatoire.",
    });
    expect(fr.headers.get('content-language')).toBe('fr');
    const de = await t.api({ apiKey: null, language: 'de' }).get('fleet/list');
    expect(de.body).toMatchObject({ title: 'Nicht angemeldet' });
    const es = await t.api({ apiKey: null, language: 'es' }).get('fleet/list');
    expect(es.body).toMatchObject({
      title: 'Unauthorized',
      detail: 'The x-api-key header is required.',
    });
    const none = await t.api({ apiKey: null }).get('fleet/list');
    expect(none.body.title).toBe('Unauthorized');
    expect(none.headers.get('content-language')).toBe('en');
  });

  it('name the missing bikes and the invalid fields in the language asked', async () => {
    const missing = await t
      .api({ token: cast.managerToken, language: 'fr' })
      .put('products/availability', undefined, {
        query: { vehicleNumbers: ['NOPE-1', 'NOPE-2'], availability: 'OUT' },
      });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Vélo(s) inconnu(s) dans votre flotte : NOPE-1, NOPE-2.');
    const invalid = await t
      .api({ token: cast.managerToken, language: 'de' })
      .put('products/availability', undefined, {
        query: { vehicleNumbers: ['A'], availability: 'NOWHERE' },
      });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toMatch(/^Ungültige Felder: .*availability/);
    expect(invalid.body.errors[0].field).toContain('availability');
  });
});
