// The Zones view (docs/zones.md): loading, empty, error and listed states; a zone's form; the
// form's checks before anything is sent; a stale version (409) shows the latest one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Zone, ZoneOccupancy } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const LIST = 'GET zones';
const ID = '5d0c8a52-3f4e-4b6a-9c1d-2e3f4a5b6c7d';
// Place Bellecour's outline, closed: as simplified for the map, and whole, with the two corners
// the simplification leaves out
const SIMPLIFIED_RING = [
  [4.8292, 45.7569],
  [4.8351, 45.7569],
  [4.8351, 45.7589],
  [4.8292, 45.7569],
];
const WHOLE_RING = [
  ...SIMPLIFIED_RING.slice(0, 3),
  [4.831, 45.7575],
  [4.8301, 45.757],
  SIMPLIFIED_RING[0]!,
];
const zone = (overrides: Partial<Zone> = {}): Zone => ({
  id: ID,
  name: 'Place Bellecour',
  type: 'NO_PARKING',
  geometry: { type: 'Polygon', coordinates: [SIMPLIFIED_RING] },
  activeHours: null,
  minBikes: null,
  maxBikes: 20,
  maxSpeedKmh: null,
  colour: '#dc2626',
  autoCommands: false,
  bbox: [4.8292, 45.7569, 4.8351, 45.7589],
  vertexCount: 4,
  version: 1,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  updatedBy: 'manager@vfm.demo',
  ...overrides,
});

/** The same zone of six vertices, whole (GET zones/{id}) and simplified (the list). */
const wholeZone = () =>
  zone({ vertexCount: 6, geometry: { type: 'Polygon', coordinates: [WHOLE_RING] } });
const simplifiedZone = () => zone({ simplified: true, vertexCount: 6 });

/** GET zones/occupancy: 25 bikes parked in the zone of 20 at most, with its cap alert if open. */
const aboveMaximum = (capAlert: ZoneOccupancy['content'][number]['capAlert']): ZoneOccupancy => ({
  content: [
    { zoneId: ID, bikes: 26, parked: 25, belowMinimum: false, aboveMaximum: true, capAlert },
  ],
});

describe('the Zones view', () => {
  it('says when the fleet has no zone yet, and offers to draw or import one', async () => {
    renderApp('/zones', { signedInAs: 'user', answers: { [LIST]: { content: [] } } });
    expect(await screen.findByText('No zone yet')).toBeInTheDocument();
    expect(
      screen.getByText('Draw a zone on the map or import a GeoJSON file.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New zone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import GeoJSON' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export GeoJSON' })).toBeDisabled();
  });

  it('says when the zones cannot be read, and reads them again', async () => {
    let calls = 0;
    renderApp('/zones', {
      signedInAs: 'user',
      answers: {
        [LIST]: () =>
          ++calls === 1 ? json(500, { status: 500 }) : json(200, { content: [zone()] }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Place Bellecour')).toBeInTheDocument();
  });

  it("lists the zones and opens one's form; a new zone needs a name and a shape", async () => {
    const { server } = renderApp('/zones', {
      signedInAs: 'user',
      answers: {
        [LIST]: { content: [zone()] },
        'GET zones/occupancy': aboveMaximum(null),
      },
    });
    expect(await screen.findByText('No parking · 0–20')).toBeInTheDocument();
    expect(await screen.findByTestId('zone-occupancy')).toHaveTextContent(
      'Bikes parked: 25 · above its maximum',
    );
    fireEvent.click(screen.getByText('Place Bellecour'));
    expect(await screen.findByLabelText('Name')).toHaveValue('Place Bellecour');
    expect(screen.getByLabelText('Maximum bikes')).toHaveValue('20');
    expect(screen.getByText('Shape: 3 corners')).toBeInTheDocument();
    expect(screen.getByText('Last changed by manager@vfm.demo')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New zone' }));
    expect(screen.getByText(/Click on the map to place the corners/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Give the zone a name (100 characters at most).'),
    ).toBeInTheDocument();
    expect(screen.getByText("Draw the zone's shape on the map first.")).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a zone's open cap alert, and heads the warnings screen with it", async () => {
    const occupancy = aboveMaximum({
      kind: 'ZONE_ABOVE_MAXIMUM',
      cap: 20,
      parked: 25,
      openedAt: '2026-11-25T10:00:00.000Z',
    });
    const answers = { [LIST]: { content: [zone()] }, 'GET zones/occupancy': occupancy };
    const view = renderApp('/zones', { signedInAs: 'user', answers });
    expect(await screen.findByTestId('zone-cap-alert')).toHaveTextContent(
      /^Above its maximum since .+: 25 bikes parked, 20 at most$/,
    );
    view.unmount();
    renderApp('/warnings', { signedInAs: 'user', answers });
    const banner = await screen.findByTestId('zone-cap-banner');
    expect(banner).toHaveTextContent(
      'Zones outside their caps: Place Bellecour (Zone above its maximum) Open the zones',
    );
    expect(screen.getByRole('link', { name: 'Open the zones' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/zones$/),
    );
  });

  it('shows the latest version when another manager changed the zone meanwhile (409)', async () => {
    let version = 1;
    renderApp('/zones', {
      signedInAs: 'user',
      answers: {
        [LIST]: () =>
          json(200, {
            content: [
              zone({ version, name: version === 1 ? 'Place Bellecour' : 'Bellecour (new)' }),
            ],
          }),
        [`PUT zones/${ID}`]: () => {
          version = 2;
          return json(409, { status: 409, code: 'ZONE_CHANGED', detail: 'changed' });
        },
      },
    });
    fireEvent.click(await screen.findByText('Place Bellecour'));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'Another manager changed this zone meanwhile: its latest version is shown.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Bellecour (new)'));
  });

  it('opens a simplified zone whole (GET zones/{id}), and exports every zone whole', async () => {
    const full = wholeZone();
    const simplified = simplifiedZone();
    const { server } = renderApp('/zones', {
      signedInAs: 'user',
      answers: {
        [LIST]: (call: { query: URLSearchParams }) =>
          json(200, { content: [call.query.get('geometry') === 'full' ? full : simplified] }),
        [`GET zones/${ID}`]: full,
      },
    });
    fireEvent.click(await screen.findByText('Place Bellecour'));
    expect(await screen.findByText('Shape: 5 corners')).toBeInTheDocument();
    expect(server.callsTo(`GET zones/${ID}`)).toHaveLength(1);

    const saved: Blob[] = [];
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => (saved.push(blob), 'blob:zones');
    URL.revokeObjectURL = () => {};
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export GeoJSON' }));
      await waitFor(() => expect(saved).toHaveLength(1));
    } finally {
      URL.createObjectURL = createObjectURL;
    }
    // jsdom's Blob has no text(): read it as a file reader would
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const exported = JSON.parse(text);
    expect(exported.features[0].geometry).toEqual(full.geometry);
  });

  it('keeps editing the whole zone after saving, though the answer is simplified', async () => {
    const whole = wholeZone();
    const simplified = simplifiedZone();
    const { server } = renderApp('/zones', {
      signedInAs: 'user',
      answers: {
        [LIST]: { content: [simplified] },
        [`GET zones/${ID}`]: whole,
        // the server answers a save as the map draws it (docs/zones.md)
        [`PUT zones/${ID}`]: json(200, { ...simplified, name: 'Mine', version: 2 }),
      },
    });
    fireEvent.click(await screen.findByText('Place Bellecour'));
    expect(await screen.findByText('Shape: 5 corners')).toBeInTheDocument();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo(`PUT zones/${ID}`)).toHaveLength(1));
    expect(server.callsTo(`PUT zones/${ID}`)[0]!.body).toMatchObject({
      geometry: whole.geometry,
      version: 1,
    });
    expect(await screen.findByText('Zone saved.')).toBeInTheDocument();
    expect(screen.getByText('Shape: 5 corners')).toBeInTheDocument();
  });
});
