// jsdom lays nothing out: virtualized tables (ui/virtual-table) see a scroller of size 0 and show
// no row. A test file that renders one calls withTableLayout() at its top: every element then
// measures 1000 × 800 px for the file's tests.
import { afterAll, beforeAll, vi } from 'vitest';

export function withTableLayout(width = 1000, height = 800) {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  });
  afterAll(() => vi.restoreAllMocks());
}
