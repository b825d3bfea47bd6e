// City access to MDS (docs/open-data.md): the addresses and clients under the Open data tab, a name
// required before any call, a creation whose secret shows once until dismissed, and a revocation
// that asks first.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CityClient, CityClients } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const client: CityClient = {
  id: '6f1c2b1e-0000-4000-8000-000000000001',
  name: 'Lyon',
  clientId: 'lyon-0a1b2c',
  createdAt: '2026-11-25T19:00:00.000Z',
  createdBy: 'admin@vfm.demo',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  state: 'ACTIVE',
};
const list: CityClients = {
  clients: [client],
  baseUrl: 'http://localhost:3000/mds/v2',
  tokenUrl: 'http://localhost:3000/mds/v2/token',
  providerId: '6f1c2b1e-0000-4000-8000-00000000000f',
};
const SECRET = 'sEcReT-shown-once-0123456789abcdefghijkl';

describe('the city access section', () => {
  it('creates a client, shows its secret once, and revokes after a confirmation', async () => {
    const { server } = renderApp('/administration?tab=openData', {
      signedInAs: 'admin',
      answers: {
        'GET fleet/city-clients': list,
        'GET fleet/city-clients/access-log': {
          entries: [
            {
              at: '2026-11-25T19:30:00.000Z',
              clientId: client.clientId,
              clientName: 'Lyon',
              path: '/mds/v2/vehicles',
              status: 200,
              rows: 40,
            },
          ],
        },
        'POST fleet/city-clients': ({ body }: { body: unknown }) =>
          json(201, {
            client: { ...client, id: `${client.id.slice(0, -1)}2`, ...(body as object) },
            clientSecret: SECRET,
          }),
        [`DELETE fleet/city-clients/${client.id}`]: { ...client, state: 'REVOKED' },
      },
    });
    expect(await screen.findByText('http://localhost:3000/mds/v2/token')).toBeInTheDocument();
    expect(screen.getByText('/mds/v2/vehicles')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(server.callsTo('POST fleet/city-clients')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('City name'), { target: { value: 'Villeurbanne' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText(SECRET)).toBeInTheDocument();
    expect(server.callsTo('POST fleet/city-clients')[0]!.body).toEqual({ name: 'Villeurbanne' });
    fireEvent.click(screen.getByRole('button', { name: 'I have copied the secret' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();

    const row = screen.getByRole('row', { name: /lyon-0a1b2c/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.callsTo(`DELETE fleet/city-clients/${client.id}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(server.callsTo(`DELETE fleet/city-clients/${client.id}`)).toHaveLength(1),
    );
  });
});
