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
// jsdom computes a style by running the cascade over every style sheet, and antd's
// CSS-in-JS adds hundreds: role queries ask for the style of each element and of its
// ancestors, so one query on the training matrix took seconds. An element's style is kept
// until anything in the document changes: the observer's pending records, read at once
// before each answer (and its callback, when they were delivered first), clear the memo.
// Nodes, classes, inline styles and the text of <style> elements are all DOM mutations;
// jsdom applies no media query. antd measures scrollbars through
// getComputedStyle(el, '::-webkit-scrollbar'): a pseudo-element is answered as its element.
const computedStyle = window.getComputedStyle.bind(window);
let styles = new WeakMap();
const domChanges = new MutationObserver(() => {
  styles = new WeakMap();
});
domChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (el) => {
  if (domChanges.takeRecords().length > 0) styles = new WeakMap();
  let style = styles.get(el);
  if (!style) {
    style = computedStyle(el);
    styles.set(el, style);
  }
  return style;
};

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
