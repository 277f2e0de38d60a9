import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 5 s (Testing Library's default is 1 s): the web files run two at
// a time on CI's 2-core machine, where a large form's re-render after a mocked answer was seen to
// take longer than a second. What is asserted is the same; only the wait for it is longer.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine and the upload preview use.
function stubMatchMedia(matches = false) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches,
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
