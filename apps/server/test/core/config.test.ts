import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_API_KEY, loadConfig } from '../../src/config/config';

describe('loadConfig', () => {
  it('gives a working demo configuration with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      demo: true,
      simulatorBikes: 500,
      databaseUrl: null,
    });
    expect(config.apiKeys).toEqual([DEMO_API_KEY]);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses to start in production with a missing secret or demo mode', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DEMO: 'true', JWT_SECRET: 'short' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('JWT_SECRET must be at least 32');
      expect(problems).toContain('DEMO must be false');
      expect(problems).toContain('API_KEYS is required');
    }
  });

  it('starts in production with proper settings', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      API_KEYS: 'prod-key-123456',
      PUBLIC_URL: 'https://fleet.example.com/',
    });
    expect(config).toMatchObject({ production: true, demo: false, simulatorBikes: 0 });
    expect(config.publicUrl).toBe('https://fleet.example.com');
  });

  it('takes the VAPID keys both or neither, and a push contact (docs/notifications.md)', () => {
    const keys = {
      VAPID_PUBLIC_KEY:
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      VAPID_PRIVATE_KEY: 'tBHItJI5svbpez7KI4CCXgtBHItJI5svbpez7KI4CCX',
    };
    expect(loadConfig({})).toMatchObject({
      vapidPublicKey: null,
      vapidPrivateKey: null,
      vapidSubject: 'mailto:no-reply@vfm.local',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://fleet.example' }).vapidSubject).toBe(
      'https://fleet.example',
    );
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'mailto:ops@fleet.example' })).toMatchObject({
      vapidPublicKey: keys.VAPID_PUBLIC_KEY,
      vapidSubject: 'mailto:ops@fleet.example',
    });
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
    };
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toContain('together');
    expect(problemsOf({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toContain('VAPID_PRIVATE_KEY');
    expect(problemsOf({ VAPID_SUBJECT: 'ops@fleet.example' })).toContain('VAPID_SUBJECT');
  });

  it('names every invalid variable', () => {
    const load = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEMO: 'maybe' });
    expect(load).toThrow(/PORT must be an integer/);
    expect(load).toThrow(/DATABASE_URL must use postgres/);
    expect(load).toThrow(/DEMO must be true or false/);
  });

  it('takes map styles as http(s) addresses only, the dark one beside the light one', () => {
    expect(() => loadConfig({ MAP_STYLE_URL: 'not a url' })).toThrow(
      /MAP_STYLE_URL is not a valid URL/,
    );
    expect(() => loadConfig({ MAP_STYLE_URL_DARK: 'file:///etc/passwd' })).toThrow(
      /MAP_STYLE_URL_DARK must use https: or http:/,
    );
    const config = loadConfig({
      MAP_STYLE_URL: 'https://tiles.example.com/light.json',
      MAP_STYLE_URL_DARK: 'https://tiles.example.com/dark.json',
    });
    expect([config.mapStyleUrl, config.mapStyleUrlDark]).toEqual([
      'https://tiles.example.com/light.json',
      'https://tiles.example.com/dark.json',
    ]);
  });
});
