// The Rules screen (docs/rules.md): a manager reads the fleet's rules — a built-in by its
// translated name, a written one by its own — and is offered no change; an administrator
// switches a rule off (the rule sent back with its version) and opens the form of a new one;
// the empty and error rungs of the ladder.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Rule, RuleList } from '@vfm/contract';
import { renderApp } from '../../../testing/app-harness';
import { json } from '../../../testing/fake-server';

const BUILTIN: Rule = {
  id: '7d1f2c3a-0000-4000-8000-000000000001',
  builtin: 'UNACCOMPANIED_MOTION',
  alertKind: 'UNACCOMPANIED_MOTION',
  name: 'Unaccompanied motion',
  enabled: true,
  severity: 'CRITICAL',
  condition: {
    all: [
      { type: 'availability', in: ['OUT', 'TRANSIT'] },
      { type: 'moving', value: true },
    ],
  },
  scope: { groupIds: [], models: [] },
  actions: [{ type: 'alert' }],
  latch: true,
  version: 1,
  updatedAt: '2026-11-28T15:00:00.000Z',
  updatedBy: null,
};

const WRITTEN: Rule = {
  ...BUILTIN,
  id: '7d1f2c3a-0000-4000-8000-000000000002',
  builtin: null,
  alertKind: 'RULE',
  name: 'Battery nearly empty at night',
  severity: 'MINOR',
  condition: { all: [{ type: 'threshold', field: 'bikeBattery', op: 'le', value: 5 }] },
  latch: false,
  version: 3,
};

const RULES: RuleList = { content: [BUILTIN, WRITTEN] };

describe('the Rules screen', () => {
  it('shows a manager the rules, built-in and written, without changing them', async () => {
    renderApp('/rules', { signedInAs: 'user', answers: { 'GET rules': RULES } });
    const builtin = await screen.findByRole('button', { name: 'Unaccompanied motion' });
    const card = builtin.closest('li')!;
    expect(card).toHaveTextContent('Built-in');
    expect(card).toHaveTextContent('Availability · Moving');
    expect(screen.getByRole('button', { name: 'Battery nearly empty at night' })).toBeVisible();
    expect(screen.getByText('The fleet’s rules. Administrators write them.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch off' })).not.toBeInTheDocument();
  });

  it('lets an administrator switch a rule off, sending the version read', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/rules', {
      signedInAs: 'admin',
      answers: {
        'GET rules': RULES,
        [`PUT rules/${WRITTEN.id}`]: { ...WRITTEN, enabled: false, version: 4 },
      },
    });
    const title = await screen.findByRole('button', { name: 'Battery nearly empty at night' });
    await user.click(within(title.closest('li')!).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(server.callsTo(`PUT rules/${WRITTEN.id}`)).toHaveLength(1));
    const [call] = server.callsTo(`PUT rules/${WRITTEN.id}`);
    expect(call!.body).toMatchObject({ enabled: false, version: 3 });
  });

  it('opens the form of a new rule for an administrator', async () => {
    const user = userEvent.setup();
    renderApp('/rules', { signedInAs: 'admin', answers: { 'GET rules': RULES } });
    await user.click(await screen.findByRole('button', { name: 'New rule' }));
    expect(await screen.findByRole('heading', { name: 'New rule' })).toBeVisible();
  });

  it('says when the fleet has no rule', async () => {
    renderApp('/rules', { signedInAs: 'user', answers: { 'GET rules': { content: [] } } });
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
  });

  it('shows the error rung with a retry', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/rules', {
      signedInAs: 'user',
      answers: { 'GET rules': () => json(500, { status: 500 }) },
    });
    expect(await screen.findByText('The rules could not be loaded.')).toBeInTheDocument();
    server.on('GET rules', RULES);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Unaccompanied motion' })).toBeVisible();
  });
});
