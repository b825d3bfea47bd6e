// Each build's /sw.js differs when its files do (docs/manager-tools.md): the browser sees a new version.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStamp, stampServiceWorker } from './service-worker-stamp';

const source = readFileSync(path.resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');

describe('the service worker stamp', () => {
  it('names the cache after the build: same files, same worker; other files, another', () => {
    const one = stampServiceWorker(source, ['assets/index-a1.js', 'index.html']);
    expect(one).not.toBe(source);
    expect(one).toMatch(/const SHELL_CACHE = 'vfm-shell-[0-9a-z]+';/);
    expect(stampServiceWorker(source, ['index.html', 'assets/index-a1.js'])).toBe(one);
    expect(stampServiceWorker(source, ['assets/index-b2.js', 'index.html'])).not.toBe(one);
    // the rest of the worker is untouched
    expect(one.replace(/vfm-shell-\w+/, '')).toBe(source.replace(/vfm-shell-\w+/, ''));
  });

  it('stamps a worker stamped before (a build into a folder already built)', () => {
    const once = stampServiceWorker(source, ['a.js']);
    expect(stampServiceWorker(once, ['b.js'])).toBe(stampServiceWorker(source, ['b.js']));
  });

  it('refuses a worker without its cache line instead of leaving it unstamped', () => {
    expect(() => stampServiceWorker('self.addEventListener("fetch", () => {});', [])).toThrow(
      /SHELL_CACHE/,
    );
    expect(buildStamp(['x'])).toMatch(/^[0-9a-z]+$/);
  });
});
