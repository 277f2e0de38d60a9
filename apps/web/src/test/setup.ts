import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): the web files run two at
// a time on CI's 2-core machine, where a large form's re-render after a mocked answer was seen to
// take longer than a second. What is asserted is the same; only the wait for it is longer.
configure({ asyncUtilTimeout: 5_000 });

// Browser APIs the test DOM (happy-dom) lacks or only pretends to have, that Mantine and the upload
// preview use.
/** Every media query matches `matches`, or those the function says match. */
function stubMatchMedia(matches: boolean | ((query: string) => boolean) = false) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: typeof matches === 'function' ? matches(query) : matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
stubMatchMedia();

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });

/**
 * A test page has no layout, so everything observed is in full view at once (happy-dom's own
 * IntersectionObserver never reports an entry): what waits to be seen (the project's nearby
 * providers) starts as it would once scrolled to.
 */
class IntersectionObserverStub {
  constructor(private readonly callback: (entries: unknown[], observer: unknown) => void) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target, isIntersecting: true, intersectionRatio: 1, time: performance.now() }], this),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.defineProperty(window, 'IntersectionObserver', {
  writable: true,
  configurable: true,
  value: IntersectionObserverStub,
});
Object.defineProperty(globalThis, 'IntersectionObserver', {
  writable: true,
  configurable: true,
  value: IntersectionObserverStub,
});

// No document.fonts: Mantine's autosizing Textarea listens to it.
if (!('fonts' in document && document.fonts)) {
  const fonts = { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { configurable: true, value: fonts });
}

if (!URL.createObjectURL) {
  Object.defineProperty(URL, 'createObjectURL', { writable: true, value: () => 'blob:preview' });
  Object.defineProperty(URL, 'revokeObjectURL', { writable: true, value: () => undefined });
}
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

export { stubMatchMedia };

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  stubMatchMedia();
});
