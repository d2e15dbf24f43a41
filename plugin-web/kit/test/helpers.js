import { vi } from 'vitest';

/** A fetch stub answering by path; `routes` maps 'METHOD path' or path → [status, body]. */
export function stubFetch(routes) {
  const fn = vi.fn(async (path, init = {}) => {
    const key = `${init.method || 'GET'} ${path}`;
    let answer = routes[key] ?? routes[path] ?? routes[String(path).split('?')[0]];
    if (typeof answer === 'function') answer = answer(path, init);
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
