// Runs before every component test file (vitest.config.ts, project 'components'): fills a gap of
// jsdom's, puts a fake API with no answers in place of fetch before each test, and after each test
// unmounts the rendered page, puts fetch and other stubbed globals back, empties browser storage,
// and fails the test on a request the fake API did not expect.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { fakeApi, takeUnexpectedRequests } from './fake-api';

// findBy… and waitFor wait up to 10 s, not Testing Library's 1 s: the first render of a lazy part
// (a chunk compiled on first import) on a busy 2-core machine can take longer than a second, and a
// wait that ends early is all it costs.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no pointer capture, which sonner's toasts (swipe to dismiss) take on pointerdown.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

// A test that asks for no fake API still never reaches a network: each request it makes is unexpected.
beforeEach(() => {
  fakeApi();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  // As another tab clearing storage would: the app's stores (cart, delivery area) read it again.
  window.dispatchEvent(new StorageEvent('storage', { key: null }));
  expect(takeUnexpectedRequests(), 'requests no handler of the fake API expected').toEqual([]);
});
