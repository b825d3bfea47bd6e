// A bulk action follows its commands from the 202 on; a module may answer through the stream
// before that 202 reaches the page (a busy request): its answer still counts. The answers the
// stream lost (it came back after a loss) are read from the server.
import { act, render, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Command } from '@vfm/contract';
import { LiveProvider } from '../../live/live-context';
import { ServicesContext, type AppServices } from '../../services/services';
import { makeCommand } from '../../testing/data-generators';
import { createFakeLive } from '../../testing/fake-live';
import { testI18n } from '../../testing/i18n';
import { createToastStore } from '../../ui/toast/toast-store';
import { useCommandFollowUp } from './use-command-answers';

function setup(history: Record<string, Command[]> = {}) {
  const live = createFakeLive();
  /** the paths the hook asked the server for */
  const asked: string[] = [];
  const toasts = createToastStore();
  const services = {
    toasts,
    session: { on: () => () => undefined },
    http: {
      get: async (path: string) => {
        asked.push(path);
        return history[decodeURIComponent(path.split('/').pop()!)] ?? [];
      },
    },
    queryClient: new QueryClient(),
  } as unknown as AppServices;
  const followed: { follow?: (commands: readonly Command[]) => void } = {};
  function Probe() {
    followed.follow = useCommandFollowUp();
    return null;
  }
  render(
    <I18nextProvider i18n={testI18n}>
      <ServicesContext value={services}>
        <LiveProvider controller={live.controller}>
          <Probe />
        </LiveProvider>
      </ServicesContext>
    </I18nextProvider>,
  );
  const stream = (commands: Command[]) => live.stream({ commands });
  const messages = () => toasts.getSnapshot().map((toast) => toast.message);
  return {
    stream,
    follow: (commands: Command[]) => act(() => followed.follow!(commands)),
    resync: live.resync,
    messages,
    asked,
  };
}

describe('a bulk command followed from the stream', () => {
  const sent = ['VN-1', 'VN-2', 'VN-3'].map((vehicleNumber) =>
    makeCommand({ vehicleNumber, status: 'PENDING' }),
  );
  const acknowledged = sent.map((command) => ({ ...command, status: 'ACKNOWLEDGED' as const }));

  it('counts the answers that came after its 202', () => {
    const { stream, follow, messages } = setup();
    follow(sent);
    stream(acknowledged.slice(0, 2));
    expect(messages()).toEqual([]);
    stream(acknowledged.slice(2));
    expect(messages()).toEqual(['3 modules acknowledged the command.']);
  });

  it('counts the answers that came before its 202 too', () => {
    const { stream, follow, messages } = setup();
    stream([...acknowledged.slice(0, 2), makeCommand({ status: 'ACKNOWLEDGED' })]);
    follow(sent);
    expect(messages()).toEqual([]);
    stream(acknowledged.slice(2));
    expect(messages()).toEqual(['3 modules acknowledged the command.']);
  });

  it('reads the commands still awaited again when the stream came back after a loss', async () => {
    const { stream, follow, resync, messages, asked } = setup({
      'VN-2': [acknowledged[1]!, makeCommand({ vehicleNumber: 'VN-2', status: 'FAILED' })],
      'VN-3': [acknowledged[2]!],
    });
    follow(sent);
    stream(acknowledged.slice(0, 1));
    // the answers of VN-2 and VN-3 came while the stream was away
    resync();
    await waitFor(() => expect(messages()).toEqual(['3 modules acknowledged the command.']));
    // only the bikes still awaited, each once
    expect(asked.sort()).toEqual([
      'products/details/commands/VN-2',
      'products/details/commands/VN-3',
    ]);
    // an answer the stream brings later is not counted twice
    stream(acknowledged.slice(1));
    expect(messages()).toEqual(['3 modules acknowledged the command.']);
  });
});
