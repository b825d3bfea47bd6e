// "My tasks" (docs/tasks.md): nearest first when the browser gives a position, by due time with
// the reason on screen when it does not, and an action taken offline kept and sent when the
// connection is back — never dropped without a word.
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../../testing/app-harness';
import { makeTask, makeTaskPage } from '../../../testing/data-generators';
import { json } from '../../../testing/fake-server';
import type { Task } from '@vfm/contract';

type Geo = Pick<Geolocation, 'getCurrentPosition'>;

function stubPosition(answer: 'refused' | { latitude: number; longitude: number }) {
  const geolocation: Geo = {
    getCurrentPosition: (success, failure) => {
      if (answer === 'refused') {
        failure?.({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError);
      } else {
        success({ coords: answer } as GeolocationPosition);
      }
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  window.localStorage.clear();
});

/** My tasks of a technician whose position is not shared, listing these tasks. */
function showTasks(...tasks: Task[]) {
  stubPosition('refused');
  return renderApp('/tasks/mine', {
    signedInAs: 'technician',
    answers: { 'GET tasks': makeTaskPage(tasks) },
  });
}

describe('My tasks', () => {
  it('lists the nearest first from the browser position', async () => {
    stubPosition({ latitude: 45.7578, longitude: 4.832 });
    const { server } = renderApp('/tasks/mine', {
      signedInAs: 'technician',
      answers: { 'GET tasks': makeTaskPage([makeTask({ distanceMeters: 420 })]) },
    });
    expect(await screen.findByText('Nearest first, from your position.')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Battery swap · FR-42' }),
    ).toBeInTheDocument();
    const [call] = server.callsTo('GET tasks');
    expect(call!.query.get('near')).toBe('45.757800,4.832000');
    expect(call!.query.get('sort')).toBe('distance');
    expect(call!.query.get('mine')).toBe('true');
    expect(screen.getByRole('link', { name: /Navigate/ })).toHaveAttribute(
      'href',
      'geo:45.76,4.84',
    );
  });

  it("shows a rebalancing move's drop-off with its own navigation and map links", async () => {
    showTasks(
      makeTask({
        kind: 'REBALANCE',
        checklist: [],
        dropOff: { latitude: 45.771512, longitude: 4.812134 },
      }),
    );
    await screen.findByRole('heading', { name: 'Rebalance · FR-42' });
    expect(screen.getByText('Drop-off: 45.77151, 4.81213')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Navigate to the drop-off' })).toHaveAttribute(
      'href',
      'geo:45.771512,4.812134',
    );
    expect(screen.getByRole('link', { name: 'Drop-off on the map' })).toHaveAttribute(
      'href',
      expect.stringContaining('mlat=45.771512&mlon=4.812134'),
    );
    // the bike's own position keeps its links
    expect(screen.getByRole('link', { name: 'Navigate' })).toHaveAttribute(
      'href',
      'geo:45.76,4.84',
    );
  });

  it("names the rule that opened a task, a built-in one in the reader's language", async () => {
    showTasks(
      makeTask({
        rule: { id: '0b1c2d3e-0000-4000-8000-000000000001', name: 'Locked and low', builtin: null },
      }),
      makeTask({
        id: '0b1c2d3e-0000-4000-8000-0000000000f2',
        vehicleNumber: 'FR-43',
        rule: {
          id: '0b1c2d3e-0000-4000-8000-000000000002',
          name: 'Batterie retirée',
          builtin: 'BATTERY_REMOVED',
        },
      }),
    );
    expect(await screen.findByText('Opened by the rule “Locked and low”')).toBeInTheDocument();
    expect(screen.getByText('Opened by the rule “Battery removed”')).toBeInTheDocument();
  });

  it('sorts by due time when the position is refused, and says so', async () => {
    stubPosition('refused');
    const { server } = renderApp('/tasks/mine', {
      signedInAs: 'technician',
      answers: { 'GET tasks': makeTaskPage([makeTask()]) },
    });
    expect(
      await screen.findByText(
        'Your position was not shared: tasks are sorted by due time, then priority.',
      ),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Battery swap · FR-42' });
    const [call] = server.callsTo('GET tasks');
    expect(call!.query.get('near')).toBeNull();
    expect(call!.query.get('sort')).toBe('due');
  });

  it('keeps an action taken offline and sends it when the connection is back', async () => {
    stubPosition('refused');
    const task = makeTask();
    let online = false;
    const { server } = renderApp('/tasks/mine', {
      signedInAs: 'technician',
      answers: {
        'GET tasks': makeTaskPage([task]),
        [`POST tasks/${task.id}/start`]: () => {
          if (!online) throw new TypeError('Failed to fetch');
          return json(200, { ...task, status: 'IN_PROGRESS' });
        },
      },
    });
    const start = await screen.findByRole('button', { name: 'Start' });
    await userEvent.click(start);
    expect(await screen.findByText('1 action waits for the network.')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('vfm.tasks.outbox')!)).toEqual([
      { taskId: task.id, vehicleNumber: 'FR-42', action: 'start' },
    ]);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(window.localStorage.getItem('vfm.tasks.outbox')).toBeNull());
    expect(server.callsTo(`POST tasks/${task.id}/start`)).toHaveLength(2);
    expect(await screen.findByText('1 action taken offline was sent.')).toBeInTheDocument();
  });

  it('says when the server refuses an action taken offline', async () => {
    stubPosition('refused');
    const task = makeTask();
    window.localStorage.setItem(
      'vfm.tasks.outbox',
      JSON.stringify([{ taskId: task.id, vehicleNumber: 'FR-42', action: 'start' }]),
    );
    renderApp('/tasks/mine', {
      signedInAs: 'technician',
      answers: {
        'GET tasks': makeTaskPage([task]),
        [`POST tasks/${task.id}/start`]: () =>
          json(409, {
            status: 409,
            code: 'TASK_TAKEN',
            detail: 'This task is already taken by Theo (theo@vfm.demo).',
          }),
      },
    });
    expect(
      await screen.findByText(
        'Refused on FR-42 (Start): This task is already taken by Theo (theo@vfm.demo).',
      ),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('vfm.tasks.outbox')).toBeNull();
  });
});
