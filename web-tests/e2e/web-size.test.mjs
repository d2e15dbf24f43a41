// The web bundle's weight (docs/web.md, 'Weight and speed'): the JavaScript Chromium
// downloads to show /login, /island and /main/swps (signed in), compressed as served, stays
// within its budget; and the server sends the build's precompressed copies with
// `Vary: Accept-Encoding`.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from './harness.mjs';
import { kb, measureAll, report } from '../web-size.mjs';

let server;

before(async () => {
  server = await startServer();
});

after(() => server?.stop());

describe('web bundle weight', () => {
  it('serves the precompressed brotli and gzip copies, saying it varies by Accept-Encoding', async () => {
    const html = await (await fetch(`${server.url}/login`)).text();
    const boot = html.match(/src="?\/?(boot\.js)/)?.[1];
    assert.ok(boot, 'index.html loads boot.js');
    // boot.js and the application's entry it starts (src/boot.js).
    for (const file of [boot, 'main.js']) {
      const plain = await fetch(`${server.url}/${file}`, { headers: { 'Accept-Encoding': 'identity' } });
      const body = Buffer.from(await plain.arrayBuffer());
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ]) {
        const res = await fetch(`${server.url}/${file}`, { headers: { 'Accept-Encoding': accept } });
        assert.equal(res.headers.get('content-encoding'), encoding, file);
        assert.match(res.headers.get('vary') || '', /accept-encoding/i);
        assert.match(res.headers.get('content-type') || '', /javascript/);
        // Decoded, it is the very file.
        assert.deepEqual(Buffer.from(await res.arrayBuffer()), body);
      }
      assert.equal(plain.headers.get('content-encoding'), null);
    }
    // A remote's entry too.
    const remote = await fetch(`${server.url}/remotes/swp/remoteEntry.js`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(remote.status, 200);
    assert.equal(remote.headers.get('content-encoding'), 'br');
  });

  // The budgets: 250 KB /login and /island, 350 KB /main/swps signed in (decision 74 undone: decision 75).
  // report prints each page against its budget.
  it("downloads no more JS than each page's budget", async () => {
    const results = await measureAll(server);
    console.log(report(results).replace(/^/gm, '# '));
    for (const r of results) {
      assert.ok(
        r.files.some((f) => f.encoding === 'br'),
        `${r.name}: scripts are sent as brotli`,
      );
      assert.ok(r.js <= r.budgetKB * 1000, `${r.name}: ${kb(r.js)} KB of JavaScript, over its budget of ${r.budgetKB} KB:\n${report([r], { files: true })}`);
    }
  });
});
