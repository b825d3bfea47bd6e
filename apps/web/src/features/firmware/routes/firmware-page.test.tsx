// The Firmware page (docs/firmware.md): campaigns with their progress and actions, a campaign's
// modules with their states and reasons, packages with their SHA-256, the version spread; the
// loading, error (retried) and empty states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FirmwareCampaign, FirmwarePackage } from '@vfm/contract';
import { json } from '../../../testing/fake-server';
import { renderApp } from '../../../testing/app-harness';

const PKG: FirmwarePackage = {
  id: '6f1c1b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  version: '2.6.0',
  moduleModel: 'VFM-IOT-3',
  fileName: 'fw.bin',
  size: 524_288,
  sha256: 'a'.repeat(64),
  uploadedAt: '2026-11-20T10:00:00.000Z',
  uploadedBy: 'admin@example.com',
  activeCampaigns: 1,
};
const CAMPAIGN: FirmwareCampaign = {
  id: '7f1c1b7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Autumn update',
  packageId: PKG.id,
  version: PKG.version,
  moduleModel: PKG.moduleModel,
  state: 'AWAITING_APPROVAL',
  pausedReason: null,
  canaryPercent: 10,
  autoApproveSuccessPercent: null,
  pacePerMinute: 100,
  maxFailurePercent: 20,
  windowStart: null,
  windowEnd: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  createdBy: 'admin@example.com',
  finishedAt: null,
  total: 10,
  counts: { UPDATED: 1, FAILED: 1, PENDING: 8 },
};

const answers = (overrides: Record<string, unknown> = {}) => ({
  'GET firmware/packages': { packages: [PKG] },
  'GET firmware/campaigns': { campaigns: [CAMPAIGN] },
  'GET firmware/versions': {
    versions: [
      { moduleModel: 'VFM-IOT-3', version: '2.5.0', bikes: 40 },
      { moduleModel: 'VFM-IOT-3', version: '2.6.0', bikes: 1 },
    ],
  },
  [`GET firmware/campaigns/${CAMPAIGN.id}`]: {
    campaign: CAMPAIGN,
    targets: [
      {
        vehicleNumber: 'VN-1',
        moduleId: 'A00001',
        canary: true,
        state: 'FAILED',
        progress: null,
        reason: 'CHECKSUM_MISMATCH',
        attempts: 3,
        previousVersion: '2.5.0',
        updatedAt: '2026-11-21T11:00:00.000Z',
      },
    ],
  },
  ...overrides,
});

describe('firmware page', { timeout: 20_000 }, () => {
  it('shows a campaign’s progress, its modules with their reasons, and approves it', async () => {
    const { server } = renderApp('/firmware', { signedInAs: 'admin', answers: answers() });
    const campaigns = await screen.findByRole('list', { name: 'Campaigns' });
    const card = within(campaigns).getByText('Autumn update').closest('li')!;
    expect(within(card).getByText('Awaiting approval')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    expect(within(card).getByText('1 of 10 updated')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Show the modules' }));
    const row = (await screen.findByText('VN-1')).closest('tr')!;
    expect(within(row).getByText('Wrong checksum')).toBeInTheDocument();
    server.on(`POST firmware/campaigns/${CAMPAIGN.id}/approve`, { ...CAMPAIGN, state: 'RUNNING' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(server.callsTo(`POST firmware/campaigns/${CAMPAIGN.id}/approve`)).toHaveLength(1);
    expect(screen.getByText('a'.repeat(64))).toBeInTheDocument();
    expect(screen.getByText('40 bikes')).toBeInTheDocument();
  });

  it('starts a campaign on a group, its sub-groups with it', async () => {
    const { server } = renderApp('/firmware', {
      signedInAs: 'admin',
      answers: answers({
        'GET fleet/group': [
          {
            id: 'g-city',
            name: 'City',
            bikeCount: 12,
            ownBikeCount: 4,
            children: [
              { id: 'g-north', name: 'North', bikeCount: 8, ownBikeCount: 8, children: [] },
            ],
          },
        ],
        'POST firmware/campaigns': { ...CAMPAIGN, id: 'c-new', name: 'North only' },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Start a campaign' });
    await userEvent.type(within(form).getByLabelText('Name'), 'North only');
    const group = within(form).getByLabelText('Group (with its sub-groups)');
    await within(group).findByRole('option', { name: /North/ });
    await userEvent.selectOptions(group, 'g-north');
    await userEvent.click(within(form).getByRole('button', { name: 'Start a campaign' }));
    await waitFor(() => expect(server.callsTo('POST firmware/campaigns')).toHaveLength(1));
    const [sent] = server.callsTo('POST firmware/campaigns');
    expect(sent!.body).toMatchObject({
      packageId: PKG.id,
      name: 'North only',
      target: { groupIds: ['g-north'] },
    });
  });

  it('says when there is nothing yet, and retries after an error', async () => {
    let fail = true;
    renderApp('/firmware', {
      signedInAs: 'admin',
      answers: answers({
        'GET firmware/packages': { packages: [] },
        'GET firmware/campaigns': () =>
          fail ? json(503, { status: 503 }) : json(200, { campaigns: [] }),
        'GET firmware/versions': { versions: [] },
      }),
    });
    expect(await screen.findByText('No package yet')).toBeInTheDocument();
    expect(await screen.findByText('The campaigns could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No campaign yet')).toBeInTheDocument();
  });
});
