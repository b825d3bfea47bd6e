// The open-data tab (docs/open-data.md): loading then the form, an error with a retry, publishing
// (the settings sent whole, ranges in metres, the feed address shown), and a wrong field
// named without a call.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultOpenDataSettings, type OpenData, type OpenDataSettings } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const GET = 'GET fleet/open-data';
const PUT = 'PUT fleet/open-data';
const data: OpenData = {
  ...defaultOpenDataSettings('Demo Fleet'),
  systemId: null,
  feedUrl: null,
  manifestUrl: 'http://localhost:3000/gbfs/v3/manifest.json',
  models: ['City 28'],
  updatedAt: null,
};
const FEED = 'http://localhost:3000/gbfs/v3/demo-fleet-0a1b2c3d/gbfs.json';

describe('the open-data tab', () => {
  it('says when the settings cannot be read, and reads them again', async () => {
    const { server } = renderApp('/administration?tab=openData', {
      signedInAs: 'admin',
      answers: { [GET]: () => json(500, { status: 500 }) },
    });
    expect(
      await screen.findByText('The open-data settings could not be loaded.'),
    ).toBeInTheDocument();
    server.on(GET, data);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('switch', { name: /Publish the open-data feed/ }),
    ).not.toBeChecked();
    expect(
      screen.getByText('The feed is not published: its addresses answer 404.'),
    ).toBeInTheDocument();
  });

  it('refuses to publish without a contact e-mail, then publishes and shows the address', async () => {
    const { server } = renderApp('/administration?tab=openData', {
      signedInAs: 'admin',
      answers: {
        [GET]: data,
        [PUT]: ({ body }: { body: unknown }) =>
          json(200, {
            ...data,
            ...(body as OpenDataSettings),
            systemId: 'demo-fleet-0a1b2c3d',
            feedUrl: FEED,
            updatedAt: '2026-11-25T20:00:00.000Z',
          }),
      },
    });
    fireEvent.click(await screen.findByRole('switch', { name: /Publish the open-data feed/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('A contact e-mail is required to publish the feed.'),
    ).toBeInTheDocument();
    expect(server.callsTo(PUT)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Contact e-mail for the feed'), {
      target: { value: 'data@example.com' },
    });
    fireEvent.change(screen.getByLabelText('Range of a full battery, City 28 (km)'), {
      target: { value: '65' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(PUT)).toHaveLength(1));
    expect(server.callsTo(PUT)[0]!.body).toMatchObject({
      published: true,
      contactEmail: 'data@example.com',
      vehicleTypes: [{ model: 'City 28', maxRangeMeters: 65_000 }],
      defaultRangeMeters: 50_000,
    });
    expect(await screen.findByText(FEED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
