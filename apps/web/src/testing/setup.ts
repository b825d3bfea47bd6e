import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// lazy routes and queries settle in a few ticks; on a loaded CI machine that can take a while
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // the files of a worker share one document (isolate: false): what a test left in the body
  // outside its render (a portal, a toast, a late timer) must not meet the next file's queries
  document.body.replaceChildren();
  window.localStorage.clear();
});

// jsdom lacks what Radix and the layout hooks use
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

/** Tests set window.innerWidth; matchMedia answers max-width queries against it. */
window.matchMedia ??= (query: string) => {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const matches = max ? window.innerWidth <= Number(max[1]) : false;
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  } as MediaQueryList;
};
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
