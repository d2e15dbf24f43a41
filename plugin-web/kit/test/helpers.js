import { createElement } from 'react';
import { vi } from 'vitest';
import { render, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../src/query';

/** A fetch stub answering by path; `routes` maps 'METHOD path' or path → [status, body]
 * (or a function of (path, init) giving one, possibly later: a promise). */
export function stubFetch(routes) {
  const fn = vi.fn(async (path, init = {}) => {
    const key = `${init.method || 'GET'} ${path}`;
    let answer = routes[key] ?? routes[path] ?? routes[String(path).split('?')[0]];
    if (typeof answer === 'function') answer = await answer(path, init);
    if (answer instanceof Error) throw answer;
    const [status, body] = answer || [404, { error: 'Not found.' }];
    return new Response(body === undefined ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** A wrapper with a fresh query client (the host renders the real one once). */
export function queryWrapper(client = createQueryClient()) {
  const QueryWrapper = ({ children }) => createElement(QueryClientProvider, { client }, children);
  return QueryWrapper;
}

/** render() / renderHook() inside a fresh query client. */
export const renderWithQuery = (ui, options = {}) => render(ui, { wrapper: queryWrapper(), ...options });
export const renderHookWithQuery = (hook, options = {}) => renderHook(hook, { wrapper: queryWrapper(), ...options });

/** XMLHttpRequest stand-in: the test drives progress and the answer. */
export class FakeXhr {
  static sent = [];

  constructor() {
    this.upload = {};
    this.headers = {};
    FakeXhr.sent.push(this);
  }

  open(method, url) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name, value) {
    this.headers[name] = value;
  }

  send(body) {
    this.body = body;
  }

  progress(loaded, total) {
    this.upload.onprogress({ lengthComputable: true, loaded, total });
  }

  respond(status, body) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload();
  }
}

export function useFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
