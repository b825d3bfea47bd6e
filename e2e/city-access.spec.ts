// City access to MDS (docs/open-data.md): an administrator creates a city client in the Open data
// tab, sees its secret once, the city exchanges it for a token at the OAuth 2.0 endpoint and
// pulls vehicles; revoking the client refuses the token endpoint and the pulls at once.
import { test, expect, fr } from './fixtures';

const c = fr.administration.cityAccess;
const ACCEPT = 'application/vnd.mds+json;version=2.0';

test('an administrator creates a city client, the city gets a token, revoking refuses it', async ({
  page,
  login,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login('admin', '/fr/administration?tab=openData');
  const name = `Ville e2e ${Date.now()}`;
  await page.getByLabel(c.name).fill(name);
  await page.getByRole('button', { name: c.create }).click();

  const shown = page.getByTestId('city-client-secret');
  await expect(shown).toBeVisible();
  const clientId = (await shown.getByTestId('city-client-id').textContent())!.trim();
  const secret = (await shown.getByTestId('city-client-secret-value').textContent())!.trim();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await shown.getByRole('button', { name: c.copySecret }).click();
  await expect(page.getByText(c.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // the city: client credentials → bearer token → a pull
  const form = { grant_type: 'client_credentials', client_id: clientId, client_secret: secret };
  const token = await request.post('/mds/v2/token', { form });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, token_type: type } = await token.json();
  expect(type).toBe('Bearer');
  const pull = () =>
    request.get('/mds/v2/vehicles', {
      headers: { authorization: `Bearer ${accessToken}`, accept: ACCEPT },
    });
  expect((await pull()).status()).toBe(200);

  // shown once: gone after "done" and after a reload
  await shown.getByRole('button', { name: c.done }).click();
  await expect(page.getByTestId('city-client-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = page.getByTestId('city-clients').getByRole('row').filter({ hasText: clientId });
  await row.getByRole('button', { name: c.revoke }).click();
  await page.getByRole('dialog').getByRole('button', { name: c.revoke }).click();
  await expect(row).toContainText(c.states.REVOKED);
  expect((await request.post('/mds/v2/token', { form })).status()).toBe(401);
  expect((await pull()).status()).toBe(401);
  // the pulls are in the log the administrator reads
  await page.reload();
  await expect(page.getByTestId('mds-pulls')).toContainText('/mds/v2/vehicles');
});
