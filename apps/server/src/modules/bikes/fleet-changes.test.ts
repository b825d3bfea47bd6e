import { describe, expect, it } from 'vitest';
import { FleetChanges, MAX_NOTICE_BIKES, parseFleetChangeNotice } from './fleet-changes';

const FLEET = '11111111-1111-4111-8111-111111111111';

describe('fleet change notices', () => {
  it('list the changed bikes of each fleet, once each', () => {
    const changes = new FleetChanges().add(FLEET, 'bike').addBikes(FLEET, [3, 1, 3]);
    expect(changes.notices()).toEqual([{ fleetId: FLEET, kinds: ['bike'], bikes: [3, 1] }]);
  });

  it('leave the list out past what a NOTIFY payload holds (the stream reads a window)', () => {
    const ids = Array.from({ length: MAX_NOTICE_BIKES + 1 }, (_, i) => 1_000_000_000 + i);
    const [notice] = new FleetChanges().add(FLEET, 'bike').addBikes(FLEET, ids).notices();
    expect(notice).toEqual({ fleetId: FLEET, kinds: ['bike'] });
    const full = new FleetChanges()
      .add(FLEET, 'bike', 'warning', 'command', 'event')
      .addBikes(FLEET, ids.slice(1))
      .notices();
    expect(JSON.stringify(full[0]).length).toBeLessThan(8000);
  });

  it('read back what was sent; a malformed list is dropped, not trusted', () => {
    expect(
      parseFleetChangeNotice(JSON.stringify({ fleetId: FLEET, kinds: ['bike'], bikes: [7] })),
    ).toEqual({ fleetId: FLEET, kinds: ['bike'], bikes: [7] });
    expect(
      parseFleetChangeNotice(JSON.stringify({ fleetId: FLEET, kinds: ['bike'], bikes: ['7'] })),
    ).toEqual({ fleetId: FLEET, kinds: ['bike'] });
    expect(parseFleetChangeNotice('not json')).toBeNull();
    expect(parseFleetChangeNotice(JSON.stringify({ fleetId: FLEET, bikes: [7] }))).toEqual({
      fleetId: FLEET,
      kinds: ['bike', 'warning', 'command', 'event', 'quarantine', 'alert', 'zone', 'task'],
    });
  });
});
