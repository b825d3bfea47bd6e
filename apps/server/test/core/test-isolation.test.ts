// The server's test files share their worker's modules (vitest.config.ts, isolate: false):
// a file that mocks a module of the server must run in the `server-mocked` project, each in a
// fresh module graph, or its mock would not apply (the module is already loaded) or would leak
// into the next file. This test keeps that list true. The web's tests share theirs too
// (apps/web/vite.config.ts): a web test mocks with vi.doMock and a fresh import instead
// (src/map/core/map-view.test.tsx), never with a hoisted vi.mock.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = readFileSync(path.resolve(SERVER, '../../vitest.config.ts'), 'utf8');

describe('server test isolation', () => {
  it('runs every test file that mocks a module in the server-mocked project', () => {
    const mocking = ['src', 'test']
      .flatMap((dir) =>
        readdirSync(path.join(SERVER, dir), { recursive: true, encoding: 'utf8' }).map((file) =>
          path.join(dir, file).split(path.sep).join('/'),
        ),
      )
      .filter((file) => file.endsWith('.test.ts'))
      .filter((file) =>
        /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(SERVER, file), 'utf8')),
      );
    expect(mocking.length).toBeGreaterThan(0);
    const listed = mocking.filter((file) => CONFIG.includes(`'${file}'`));
    expect(listed).toEqual(mocking);
  });

  it('has no hoisted vi.mock in a web test', () => {
    const WEB = path.resolve(SERVER, '../web/src');
    const hoisted = readdirSync(WEB, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(WEB, file), 'utf8')));
    expect(hoisted).toEqual([]);
  });
});
