import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetInformation, FleetListPage } from '@vfm/contract';
import { createHttpClient } from '../api/http-client';
import { queryKeys, type FleetListParams } from '../api/query-keys';
import { createSessionStore } from '../session/session-store';
import {
  makeCommand,
  makeFleetInformation,
  makeFleetListItem,
  makeListPage,
  makeWarningCounts,
} from '../testing/data-generators';
import { createFakeServer } from '../testing/fake-server';
import { MemoryStorage } from '../testing/memory-storage';
import { createSseFeed, type SseFeed } from '../testing/sse-feed';
import { makeToken } from '../testing/tokens';
import type { LiveBatch } from './live-batch';
import {
  createStreamController,
  LONGEST_RETRY_ATTEMPT,
  type StreamController,
} from './stream-controller';

const LIST: FleetListParams = { page: 0, size: 50, sort: 'vehicleNumber,asc' };

let controller: StreamController | null = null;
afterEach(() => {
  controller?.stop();
  controller = null;
  vi.useRealTimers();
});

function setup(feeds: SseFeed[], retryDelay: (attempt: number) => number = () => 20) {
  const server = createFakeServer();
  let opened = 0;
  server.on('GET fleet/stream', () => {
    const feed = feeds[opened];
    opened += 1;
    return feed ? feed.response() : new Response(null, { status: 503 });
  });
  const storage = new MemoryStorage();
  storage.setItem('jwtToken', makeToken({ ROLES: ['ROLE_VFM'] }));
  const session = createSessionStore({ applicationKey: 'VFM', storage });
  const http = createHttpClient({
    apiKey: 'k',
    publicEndpoints: [],
    language: 'fr',
    session,
    fetch: server.fetch,
    readCookies: () => '',
  });
  const queryClient = new QueryClient();
  controller = createStreamController({
    http,
    queryClient,
    flushMs: 50,
    countsEveryMs: 1000,
    retryDelay,
  });
  const batches: LiveBatch[] = [];
  controller.subscribe((batch) => batches.push(batch));
  return { server, queryClient, controller, batches, opened: () => opened };
}

const until = (condition: () => boolean) => vi.waitFor(() => expect(condition()).toBe(true));

describe('stream controller', () => {
  it('coalesces a burst into one batch: the latest state of each bike', async () => {
    const feed = createSseFeed();
    const { controller, batches } = setup([feed]);
    controller.start();
    await until(() => controller.status() === 'connecting');
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    const a1 = makeFleetListItem({ vehicleNumber: 'A', bikeBatteryLevel: 50 });
    const b = makeFleetListItem({ vehicleNumber: 'B' });
    const a2 = { ...a1, bikeBatteryLevel: 49 };
    for (let i = 0; i < 100; i += 1) feed.send('bikes', { bikes: [a1, b] });
    feed.send('bikes', { bikes: [a2] });
    await until(() => batches.length === 1);
    expect(batches[0]!.bikes.map((bike) => [bike.vehicleNumber, bike.bikeBatteryLevel])).toEqual([
      ['A', 49],
      ['B', 80],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(batches).toHaveLength(1);
  });

  it('keeps the bike batches of the last seconds for a markers snapshot to catch up', async () => {
    const feed = createSseFeed();
    const { controller, batches } = setup([feed]);
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    feed.send('bikes', { bikes: [makeFleetListItem({ vehicleNumber: 'A' })] });
    await until(() => batches.length === 1);
    const between = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    feed.send('bikes', { bikes: [makeFleetListItem({ vehicleNumber: 'B' })] });
    feed.send('removed', { vehicleNumbers: ['C'] });
    // a batch without bikes is not kept
    feed.send('commands', { commands: [makeCommand()] });
    await until(() => batches.length === 2);
    feed.send('commands', { commands: [makeCommand()] });
    await until(() => batches.length === 3);

    const since = (at: number) =>
      controller
        .recentBikes(at)
        .map((batch) => [batch.bikes.map((bike) => bike.vehicleNumber), batch.removed]);
    expect(since(0)).toEqual([
      [['A'], []],
      [['B'], ['C']],
    ]);
    expect(since(between)).toEqual([[['B'], ['C']]]);
    expect(since(performance.now())).toEqual([]);
  });

  it('writes rows, removals and warning counters into the cache in place', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const rows = ['A', 'B', 'C'].map((vehicleNumber) => makeFleetListItem({ vehicleNumber }));
    queryClient.setQueryData(queryKeys.fleet.list(LIST), makeListPage(rows, { totalElements: 30 }));
    queryClient.setQueryData(queryKeys.fleet.information, makeFleetInformation());
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    feed.send('bikes', { bikes: [{ ...rows[1]!, availability: 'OUT' }] });
    feed.send('removed', { vehicleNumbers: ['C'] });
    feed.send('warnings', { counts: makeWarningCounts({ SUSPECTED_THEFT: 4 }) });
    await until(
      () =>
        queryClient.getQueryData<FleetListPage>(queryKeys.fleet.list(LIST))!.content.length === 2,
    );
    const page = queryClient.getQueryData<FleetListPage>(queryKeys.fleet.list(LIST))!;
    expect(page.content.map((row) => [row.vehicleNumber, row.availability])).toEqual([
      ['A', 'AVAILABLE'],
      ['B', 'OUT'],
    ]);
    expect(page.totalElements).toBe(29);
    const information = queryClient.getQueryData<FleetInformation>(queryKeys.fleet.information)!;
    expect(information.warnings.SUSPECTED_THEFT).toBe(4);
  });

  it('refetches the fleet counts for new warning counters, not for those already shown', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const shown = makeFleetInformation();
    queryClient.setQueryData(queryKeys.fleet.information, shown);
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    // what the stream sends as it opens: the counters the page has just read
    feed.send('warnings', { counts: { ...shown.warnings } });
    feed.send('bikes', { bikes: [] });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(queryClient.getQueryState(queryKeys.fleet.information)!.isInvalidated).toBe(false);
    feed.send('warnings', { counts: { ...shown.warnings, SUSPECTED_THEFT: 7 } });
    await until(() => queryClient.getQueryState(queryKeys.fleet.information)!.isInvalidated);
    expect(
      queryClient.getQueryData<FleetInformation>(queryKeys.fleet.information)!.warnings
        .SUSPECTED_THEFT,
    ).toBe(7);
  });

  it("refetches an open bike's page when its commands change", async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const fetchDetails = vi.fn(async () => ({ vehicleNumber: 'A' }));
    await queryClient.fetchQuery({
      queryKey: queryKeys.bikes.details('A'),
      queryFn: fetchDetails,
    });
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    feed.send('commands', {
      commands: [makeCommand({ vehicleNumber: 'A', status: 'ACKNOWLEDGED' })],
    });
    await until(() => queryClient.getQueryState(queryKeys.bikes.details('A'))!.isInvalidated);
  });

  it('reconnects after a loss and asks everything shown to reload', async () => {
    const first = createSseFeed();
    const second = createSseFeed();
    const { controller, opened, queryClient } = setup([first, second]);
    const resyncs = vi.fn();
    controller.onResync(resyncs);
    queryClient.setQueryData(queryKeys.fleet.list(LIST), makeListPage([]));
    controller.start();
    first.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    first.close();
    await until(() => controller.status() === 'reconnecting' || opened() === 2);
    await until(() => opened() === 2);
    second.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    expect(resyncs).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(queryKeys.fleet.list(LIST))!.isInvalidated).toBe(true);
  });

  it('reads again at its first opening the alerts read before it, not the fleet list', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    queryClient.setQueryData(queryKeys.fleet.list(LIST), makeListPage([]));
    queryClient.setQueryData([...queryKeys.alerts.lists, 'rules'], { content: [] });
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date(Date.now() + 5).toISOString() });
    await until(() => controller.status() === 'live');
    expect(queryClient.getQueryState([...queryKeys.alerts.lists, 'rules'])!.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(queryKeys.fleet.list(LIST))!.isInvalidated).toBe(false);
  });

  it('reads again at its first opening a list answered in the same millisecond', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-05-04T10:00:00Z'));
    try {
      queryClient.setQueryData([...queryKeys.alerts.lists, 'rules'], { content: [] });
      controller.start();
      feed.send('ready', { fleetId: 'f', serverTime: new Date(Date.now()).toISOString() });
      await until(() => controller.status() === 'live');
      expect(queryClient.getQueryState([...queryKeys.alerts.lists, 'rules'])!.isInvalidated).toBe(
        true,
      );
    } finally {
      clock.mockRestore();
    }
  });

  it("follows the server's resync and stops for good when refused", async () => {
    const feed = createSseFeed();
    const { controller, server } = setup([feed]);
    const resyncs = vi.fn();
    controller.onResync(resyncs);
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    feed.send('resync', { reason: 'too many changes' });
    await until(() => resyncs.mock.calls.length === 1);
    server.on('GET fleet/stream', () => new Response(null, { status: 403 }));
    feed.close();
    await until(() => controller.status() === 'stopped');
    await new Promise((resolve) => setTimeout(resolve, 60));
    // one refused attempt, no retry
    expect(server.callsTo('GET fleet/stream')).toHaveLength(2);
  });

  it('waits the longest delay when the session has too many streams open (429)', async () => {
    const feed = createSseFeed();
    const delays = vi.fn((_attempt: number) => 20);
    const { controller, server } = setup([feed], delays);
    server.on('GET fleet/stream', () =>
      server.callsTo('GET fleet/stream').length === 1
        ? new Response(JSON.stringify({ status: 429, code: 'TOO_MANY_STREAMS' }), {
            status: 429,
            headers: { 'content-type': 'application/problem+json', 'retry-after': '30' },
          })
        : feed.response(),
    );
    controller.start();
    await until(() => server.callsTo('GET fleet/stream').length === 2);
    // kept trying (not stopped as for a 403), after the longest backoff, not the first one
    expect(delays).toHaveBeenCalledTimes(1);
    expect(delays.mock.calls[0]![0]).toBeGreaterThanOrEqual(LONGEST_RETRY_ATTEMPT);
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
  });

  it('reads the quarantine again when the server says it changed (administrators)', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const key = [...queryKeys.quarantine, 0, 1];
    queryClient.setQueryData(key, { content: [], totalElements: 0, page: 0, size: 1 });
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    feed.send('quarantine', { count: 1 });
    await until(() => queryClient.getQueryState(key)?.isInvalidated === true);
  });

  it('reads the zones again when another manager changed them', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    queryClient.setQueryData(queryKeys.zones.list, { content: [] });
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    expect(queryClient.getQueryState(queryKeys.zones.list)?.isInvalidated).toBe(false);
    feed.send('zones', {});
    await until(() => queryClient.getQueryState(queryKeys.zones.list)?.isInvalidated === true);
  });

  it('reads the tasks again when a task changed elsewhere (docs/tasks.md)', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const list = ['tasks', 'list', { mine: true }];
    const queue = ['tasks', 'battery-queue', null];
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    for (const key of [list, queue]) queryClient.setQueryData(key, { content: [] });
    expect(queryClient.getQueryState(list)?.isInvalidated).toBe(false);
    feed.send('tasks', {});
    await until(
      () =>
        queryClient.getQueryState(list)?.isInvalidated === true &&
        queryClient.getQueryState(queue)?.isInvalidated === true,
    );
  });

  it('reads again the alerts of the bikes the stream names, and every alert on resync', async () => {
    const feed = createSseFeed();
    const { controller, queryClient } = setup([feed]);
    const page = { content: [], totalElements: 0, page: 0, size: 50 };
    const named = queryKeys.alerts.active('VFM-1');
    const other = queryKeys.alerts.active('VFM-2');
    const mine = queryKeys.alerts.mine({ kind: null, page: 0, size: 50 });
    controller.start();
    feed.send('ready', { fleetId: 'f', serverTime: new Date().toISOString() });
    await until(() => controller.status() === 'live');
    // read after the stream opened (those read before are read again at its opening)
    for (const key of [named, other, mine]) queryClient.setQueryData(key, page);
    feed.send('alerts', { vehicleNumbers: ['VFM-1'] });
    await until(() => queryClient.getQueryState(named)?.isInvalidated === true);
    expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    feed.send('resync', { reason: 'too many changes' });
    await until(() => queryClient.getQueryState(other)?.isInvalidated === true);
  });
});
