// jsdom lacks a few browser APIs antd relies on.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for what must come: on 2 busy cores (CI runs the component tests
// beside nothing else, but a first render transforms its lazy chunks) 1 s was seen to be
// short. A wait that never comes still fails, after 10 s.
configure({ asyncUtilTimeout: 10000 });

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// antd measures scrollbars through getComputedStyle(el, '::-webkit-scrollbar').
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (el, pseudo) => (pseudo ? getComputedStyle(el) : getComputedStyle(el));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
});
