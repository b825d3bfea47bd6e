// The page a shared link opens (ADR 0094), signed out: the bike's label, its position with the
// time it was seen, the link's end and a link to OpenStreetMap; the first read says it opens
// the link; a bike without a position says so; an expired, revoked or unknown link says so
// plainly (and a link without its token is unknown without asking the server).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SharedPosition } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const shared: SharedPosition = {
  label: 'Blue cargo bike',
  position: { latitude: 48.85661, longitude: 2.35222, at: '2026-11-28T09:30:00.000Z' },
  expiresAt: '2026-11-29T09:30:00.000Z',
};
const settings = { mapStyleUrl: null, demoStreets: [] };

describe('shared position page', { timeout: 20_000 }, () => {
  it("shows the bike's label, where and when it was seen, and a link to a full map", async () => {
    const { server } = renderApp('/share#tok-1', {
      answers: { 'GET shared-position': shared, 'GET app-settings': settings },
    });
    expect(
      await screen.findByRole('heading', { name: 'Blue cargo bike', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('48.85661, 2.35222')).toBeInTheDocument();
    expect(screen.getByText('Link valid until')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=48.85661&mlon=2.35222'),
    );
    expect(
      screen.getByText('The position updates by itself every 15 seconds.'),
    ).toBeInTheDocument();
    const [first] = server.callsTo('GET shared-position');
    expect(first?.query.get('token')).toBe('tok-1');
    expect(first?.query.get('opening')).toBe('true');
  });

  it('says when the bike has not sent a position yet', async () => {
    renderApp('/share#tok-2', {
      answers: {
        'GET shared-position': { ...shared, label: null, position: null },
        'GET app-settings': settings,
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Shared bike', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('This bike has not sent a position yet.')).toBeInTheDocument();
  });

  it.each([
    ['an expired link', json(410, { status: 410, code: 'SHARE_EXPIRED' }), 'This link has expired'],
    ['a revoked link', json(410, { status: 410, code: 'SHARE_REVOKED' }), 'This link was revoked'],
    ['an unknown link', json(404, { status: 404 }), 'This link does not work'],
  ])('says plainly when it is %s', async (_, answer, title) => {
    renderApp('/share#tok-3', {
      answers: { 'GET shared-position': () => answer.clone(), 'GET app-settings': settings },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
  });

  it('a link without its token does not work, and asks nothing of the server', async () => {
    const { server } = renderApp('/share', { answers: { 'GET app-settings': settings } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not work');
    expect(server.callsTo('GET shared-position')).toHaveLength(0);
  });
});
