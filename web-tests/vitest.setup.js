// jsdom lacks a few browser APIs antd relies on.
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// IndexedDB for the kiosk's offline pack and queue (jsdom has none).
import 'fake-indexeddb/auto';

// findBy*/waitFor wait for what must come: on 2 busy cores (CI runs the component tests
// beside nothing else, but a first render transforms its lazy chunks) 1 s was seen to be
// short. A wait that never comes still fails, after 10 s.
configure({ asyncUtilTimeout: 10000 });

// Files that run under `@vitest-environment node` (WebCrypto with Node's own typed arrays) have no DOM.
if (typeof window !== 'undefined') {
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

  // jsdom matches every CSS rule of every sheet against each element whose computed style
  // is asked for, and Testing Library's getByRole asks for every element it names: with
  // antd's CSS-in-JS sheets that was two thirds of the suite's CPU (a profile, docs/testing.md).
  // A test sees of CSS only what jsdom computes and the code reads (display, visibility,
  // pointer-events, overflow); every other rule is dropped as its sheet is attached, and
  // media rules jsdom never applies (it applies 'screen' only) with them.
  const SEEN = /^(display|visibility|pointer-events|overflow(-x|-y)?)$/;
  function prune(list) {
    for (let i = list.cssRules.length - 1; i >= 0; i -= 1) {
      const rule = list.cssRules[i];
      let keep;
      if (rule.media) {
        keep = Array.prototype.includes.call(rule.media, 'screen') && (prune(rule), rule.cssRules.length > 0);
      } else {
        keep = !!rule.style && Array.prototype.some.call(rule.style, (p) => SEEN.test(p));
      }
      if (!keep) list.deleteRule(i);
    }
  }
  function pruned(node) {
    if (node instanceof HTMLStyleElement && node.sheet) prune(node.sheet);
    return node;
  }
  for (const name of ['appendChild', 'insertBefore']) {
    const base = Node.prototype[name];
    Node.prototype[name] = function (node, ...rest) {
      return pruned(base.call(this, node, ...rest)) && node;
    };
  }
  for (const name of ['innerHTML', 'textContent']) {
    const owner = name === 'innerHTML' ? Element.prototype : Node.prototype;
    const base = Object.getOwnPropertyDescriptor(owner, name);
    Object.defineProperty(HTMLStyleElement.prototype, name, {
      configurable: true,
      get() {
        return base.get.call(this);
      },
      set(value) {
        base.set.call(this, value);
        pruned(this);
      },
    });
  }
}

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
});
