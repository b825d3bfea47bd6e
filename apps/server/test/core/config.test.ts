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

  it('names every invalid variable', () => {
    const load = () => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', DEMO: 'maybe' });
    expect(load).toThrow(/PORT must be an integer/);
    expect(load).toThrow(/DATABASE_URL must use postgres/);
    expect(load).toThrow(/DEMO must be true or false/);
  });
});
