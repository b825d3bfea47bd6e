// The channel registry (ADR 0124): every channel a rule may name that makes deliveries is
// registered, in a queue of its own that exists, is worked in slots and is its fleet's; the
// SMS channel is planned only when its gateway is configured (all four variables, or a problem);
// its text is one short line in the user's language.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CHANNELS } from '@vfm/contract';
import { ConfigError, loadConfig } from '../../../config/config';
import type { ResolvedConfig } from '../../../config/secrets';
import { QUEUES } from '../../../jobs/queues';
import { ownerOf } from '../../../jobs/job-scope';
// the module list registers every queue as it loads
import '../../index';
import { CHANNELS, channelOf, instantChannels } from './index';
import { smsText } from './sms-text';

const SMS_ENV = {
  SMS_URL: 'https://sms.example/2010-04-01',
  SMS_ACCOUNT_SID: 'AC1',
  SMS_AUTH_TOKEN: 'token',
  SMS_FROM: '+15005550006',
};
const configOf = (env: Record<string, string>) =>
  ({ ...loadConfig(env), jwtSecret: 'x'.repeat(32) }) as ResolvedConfig;

describe('the channel registry', () => {
  it('registers every delivering channel of the contract, under its own name', () => {
    const delivering = NOTIFICATION_CHANNELS.filter((name) => name !== 'IN_APP');
    expect(Object.keys(CHANNELS).sort()).toEqual([...delivering].sort());
    for (const [name, channel] of Object.entries(CHANNELS)) {
      expect(channel.name).toBe(name);
      expect(channelOf(name)).toBe(channel);
    }
    expect(() => channelOf('PIGEON')).toThrow(/no notification channel PIGEON/);
  });

  it('gives each channel a queue of its own, in slots and owned by the fleet (ADR 0118)', () => {
    const queues = Object.values(CHANNELS).map((channel) => channel.queue.name);
    expect(new Set(queues).size).toBe(queues.length);
    for (const queue of queues) {
      expect(QUEUES[queue]).toHaveProperty('slots');
      expect(ownerOf(queue)).toBe('fleet');
    }
  });

  it('plans SMS only when the gateway is configured', () => {
    expect(instantChannels(configOf({})).map((c) => c.name)).toEqual(['PUSH']);
    expect(instantChannels(configOf(SMS_ENV)).map((c) => c.name)).toEqual(['PUSH', 'SMS']);
    expect(configOf(SMS_ENV).sms).toEqual({
      url: SMS_ENV.SMS_URL,
      accountSid: 'AC1',
      authToken: 'token',
      from: '+15005550006',
    });
    const { SMS_FROM: _from, ...partial } = SMS_ENV;
    expect(() => loadConfig(partial)).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_FROM: '+15005550006' })).toThrow(ConfigError);
  });
});

describe('smsText', () => {
  const at = new Date('2026-01-14T10:10:00Z');
  it('says the kind, the bike, the time and the page in one line', () => {
    const text = smsText({
      kind: 'SUSPECTED_THEFT',
      vehicleNumber: 'B 12',
      zoneName: null,
      occurredAt: at,
      language: 'fr',
      timeZone: 'Europe/Paris',
      publicUrl: 'https://vfm.example',
    });
    expect(text).toMatch(/^VFM: Alarme antivol – B 12 – 14 janv\..*11:10 /);
    expect(text.endsWith(' https://vfm.example/fr/fleet/product/B%2012')).toBe(true);
    expect(text).not.toContain('\n');
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it('names the zone of a zone’s cap, and links the zones', () => {
    const text = smsText({
      kind: 'ZONE_ABOVE_MAXIMUM',
      vehicleNumber: null,
      zoneName: 'Gare',
      occurredAt: at,
      language: 'de',
      timeZone: 'Europe/Berlin',
      publicUrl: 'https://vfm.example',
    });
    expect(text).toMatch(/^VFM: .+ – Gare – .+ https:\/\/vfm\.example\/de\/zones$/);
  });
});
