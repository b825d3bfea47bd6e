import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateModuleSecret, hashModuleSecret, verifyModuleSecret } from './module-secret';

const hasMosquittoPasswd = spawnSync('mosquitto_passwd', ['-h']).error === undefined;

describe('module secrets', () => {
  it('are random, hashed in the $7$ format and verified', async () => {
    const secret = generateModuleSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateModuleSecret()).not.toBe(secret);
    const hash = await hashModuleSecret(secret);
    expect(hash).toMatch(/^\$7\$101\$[A-Za-z0-9+/=]{16}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyModuleSecret(hash, secret)).toBe(true);
    expect(await verifyModuleSecret(hash, `${secret}x`)).toBe(false);
    expect(await verifyModuleSecret('garbage', secret)).toBe(false);
  });

  it('start with a letter or a digit, never a formula or option sign', () => {
    const firsts = new Set(Array.from({ length: 2000 }, () => generateModuleSecret()[0]));
    expect([...firsts].filter((first) => !/[A-Za-z0-9]/.test(first!))).toEqual([]);
  });

  it.skipIf(!hasMosquittoPasswd)(
    'verify hashes written by mosquitto_passwd (same format)',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'vfm-pw-'));
      try {
        const file = path.join(dir, 'pw');
        spawnSync('mosquitto_passwd', ['-b', '-c', file, 'M00001', 's3cret-value']);
        const hash = readFileSync(file, 'utf8').trim().split(':')[1]!;
        expect(await verifyModuleSecret(hash, 's3cret-value')).toBe(true);
        expect(await verifyModuleSecret(hash, 'other')).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
