// Documents per language at the kiosk (decision 82), at 1366×768 on the demo plant: a
// process engineer proposes a Spanish SWC for the deployed revision of 7101-0001 through
// the API and the three approvers approve it (decision 95); a Spanish-speaking operator reads the instructions: the Spanish SWC with no notice,
// the English-only JES and VIS with 'This document is not available in your language
// yet.'; the sign record names each file read (language and SHA-256) and the verifier's
// scan completes it. The operator's language comes from the badge answer's `lang` (the
// users' language, decision 81; the demo operators are English, so the test gives
// this one Spanish in the answer the browser receives) and the whole kiosk follows it.
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { apiClient, expectAccessible, launchBrowser, ROOT, sqliteRows, startServer, waitForPath, itAtSize } from './harness.mjs';
import { signInKiosk } from './kiosk-profiles.mjs';
import { pdf } from './pdf.mjs';

// The kiosk follows the operator's language from the badge scan (decision 75): after it, the
// screens are in Spanish — their texts come from the island's translator's file.
const ES = JSON.parse(fs.readFileSync(path.join(ROOT, 'plugin-web/island/locales/es.json'), 'utf8'));
const es = (key, vars = {}) => (ES[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, v) => vars[v]);
const NOTICE = es('This document is not available in your language yet.');
let server;
let context;
before(async () => {
  server = await startServer();
  context = await launchBrowser();
});
after(async () => {
  await context?.close();
  server?.stop();
});
const it = itAtSize(() => context);

/** The engineer adds a Spanish SWC to the part's deployed revision (multipart, as the console's drop). */
async function addSpanishSwc(part) {
  const eng = await apiClient(server.url, 'engineer1@demo.plant');
  const found = await eng.get(`/api/swps/deployed-swp-list?search=${part}`);
  const swp = (Array.isArray(found.data) ? found.data : []).find((s) => s.partNumber === part && s.status === 'deployed');
  assert.ok(swp, `a deployed SWP of ${part}: ${JSON.stringify(found.data).slice(0, 300)}`);
  const cookie = eng.cookie();
  const csrf = decodeURIComponent(/(?:__Host-)?plantdoc_csrf=([^;]+)/.exec(cookie)[1]);
  const form = new FormData();
  form.append('section', 'swc');
  form.append('lang', 'es');
  form.append('file', new Blob([pdf('Hoja de trabajo estandar')], { type: 'application/pdf' }), 'swc-es.pdf');
  const res = await fetch(`${server.url}/api/swps/${swp._id}/translations`, { method: 'POST', headers: { Cookie: cookie, 'X-CSRF-Token': csrf }, body: form });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.deepEqual(
    body.swp.translations.map((t) => [t.section, t.lang, t.status]),
    [['swc', 'es', 'pending']],
  );
  // Proposed translations reach the kiosk once every stage approved them (decision 95).
  for (const email of ['approver.process@demo.plant', 'approver.quality@demo.plant', 'approver.production@demo.plant']) {
    const reviewer = await apiClient(server.url, email);
    const r = await reviewer.post(`/api/swps/translations/approve/${body.swp.translations[0].id}`, { reviewNote: '' });
    assert.equal(r.status, 200, JSON.stringify(r.data));
  }
  return { id: swp._id, sha: body.swp.translations[0].sha256 };
}

describe('Kiosk in the operator language', () => {
  it('a Spanish operator reads a Spanish SWC and the English-only JES with the notice, and signs both', async (page) => {
    const swp = await addSpanishSwc('7101-0001');
    // The badge answer carries the operator's language.
    await page.route('**/api/island/operator-from-badge/**', async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      await route.fulfill({ response, json: { ...json, lang: 'es' } });
    });
    await signInKiosk(page, server.url, 'B1'); // no demo alert in force in B1
    await page.getByRole('button', { name: 'Scan Badge' }).click();
    const field = page.getByLabel('Badge');
    await field.fill('1002');
    await field.press('Tab');
    await waitForPath(page, '/island/part-select');
    await page.getByPlaceholder(es('Search by part number')).fill('7101-0001');
    await page.locator('.ant-select-item-option', { hasText: '7101-0001' }).click();
    await waitForPath(page, /^\/island\/operator-status\?part=/);
    const asked = page.waitForRequest((r) => r.url().includes(`/api/swps/swp-with-urls/${swp.id}?lang=es`));
    await page.locator('[data-status]', { hasText: es('Instructions') }).click();
    await waitForPath(page, /^\/island\/swp-ack\?/);
    await asked;
    await page.locator(`iframe[title="${es('Standard Work Chart')}"]`).waitFor();
    // The SWC is in Spanish: no notice (the notice and the frame come from the same answer,
    // in the same render: the frame being there is the state to read it in).
    assert.equal(await page.getByText(NOTICE).count(), 0, 'the Spanish SWC shows no notice');
    await page.getByRole('button', { name: es('I have read the {{doc}}', { doc: 'SWC' }) }).click();
    await page.locator(`iframe[title="${es('Job Element Sheet')}"]`).waitFor();
    await page.getByText(NOTICE).waitFor();
    await expectAccessible(page, 'JES in English for a Spanish operator');
    const read = page.waitForRequest((r) => r.url().endsWith('/api/island/operator-read-swp'));
    await page.getByRole('button', { name: es('I have read the {{doc}}', { doc: 'JES' }) }).click();
    await page.getByText(NOTICE).waitFor();
    await page.getByRole('button', { name: es('I have read the {{doc}}', { doc: 'VIS' }) }).click();
    const sent = JSON.parse((await read).postData());
    assert.deepEqual(
      sent.readFiles.map((f) => [f.section, f.lang]),
      [
        ['swc', 'es'],
        ['jes', null],
        ['vis', null],
      ],
    );
    assert.equal(sent.readFiles[0].sha256, swp.sha);
    await page.getByText(es('Awaiting Verification')).waitFor();
    await page.getByRole('button', { name: es('Verify Operator') }).click();
    await page.getByText(es('Verification Required')).waitFor();
    const verifier = page.getByLabel(es('Badge'));
    await verifier.fill('9031');
    await verifier.press('Tab');
    await page.getByRole('heading', { name: es('Successfully Verified') }).waitFor();
    const rows = sqliteRows(
      server,
      `SELECT a.read_files, a.verified_at IS NOT NULL FROM acknowledgements a JOIN users u ON u.id = a.operator_id WHERE u.badge = '1002' AND a.doc_id = '${swp.id}'`,
    );
    assert.equal(rows.length, 1);
    const files = JSON.parse(rows[0][0]);
    assert.deepEqual(
      files.map((f) => [f.section, f.lang]),
      [
        ['swc', 'es'],
        ['jes', null],
        ['vis', null],
      ],
    );
    assert.equal(files[0].sha256, swp.sha);
    assert.equal(rows[0][1], 1, 'verified');
  });
});
