// The server's test files share their worker's modules (vitest.config.ts, isolate: false):
// a file that mocks a module of the server must run in the `server-mocked` project, each in a
// fresh module graph, or its mock would not apply (the module is already loaded) or would leak
// into the next file. This test keeps that list true.
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
});
