// Translations in the console: a process manager proposes a Spanish translation of a
// deployed alert from its detail view (the kit's panel, shared with the SWP viewer), sees
// it listed 'In review' (decision 95), and removes it; the page stays accessible. A
// Spanish SWC proposed for a deployed SWP appears on its reviewers' Sign Off page, in the
// Translations tab, and one of them approves it there.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import { pdf } from './pdf.mjs';

const suite = browserSuite();
const it = suite.it;

describe('Translations in the console', () => {
  it("adds and removes a deployed alert's Spanish file", async (page) => {
    await login(page, suite.server.url, 'manager.process@demo.plant');
    await waitForPath(page, /^\/main\//);
    await page.goto(`${suite.server.url}/main/alerts`);
    await page.getByText('S-2026-0001').first().click();
    await page.getByTestId('alert-detail').waitFor();
    await page.getByRole('button', { name: 'Translations' }).click();
    await page.getByTestId('translations-panel').waitFor();
    await page.getByText('No translations yet.').waitFor();
    await page
      .getByTestId('translation-file')
      .setInputFiles({ name: 'alert-es.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pdf('Alerta de seguridad')) });
    await page.getByTestId('translation-added').waitFor();
    // Proposed: in review until the alert's stages approve it (decision 95).
    await page.getByTestId('translation-es-pending').getByText('In review').waitFor();
    await expectAccessible(page, 'alert translations');
    await page.getByTestId('translation-es-pending').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No translations yet.').waitFor();
  });

  it('a proposed SWP translation waits on Sign Off and its reviewer approves it there', async (page) => {
    const eng = await apiClient(suite.server.url, 'engineer1@demo.plant');
    const found = await eng.get('/api/swps/deployed-swp-list?search=7101-0001');
    const swp = (Array.isArray(found.data) ? found.data : []).find((s) => s.partNumber === '7101-0001' && s.status === 'deployed');
    assert.ok(swp, 'a deployed SWP of 7101-0001');
    const cookie = eng.cookie();
    const csrf = decodeURIComponent(/(?:__Host-)?plantdoc_csrf=([^;]+)/.exec(cookie)[1]);
    const form = new FormData();
    form.append('section', 'swc');
    form.append('lang', 'es');
    form.append('file', new Blob([pdf('Hoja de trabajo')], { type: 'application/pdf' }), 'swc-es.pdf');
    const res = await fetch(`${suite.server.url}/api/swps/${swp._id}/translations`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-Token': csrf },
      body: form,
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    const id = body.swp.translations.find((t) => t.status === 'pending').id;
    await login(page, suite.server.url, 'approver.quality@demo.plant');
    await waitForPath(page, /^\/main\//);
    await page.goto(`${suite.server.url}/main/sign-off`);
    await page.getByRole('tab', { name: 'Translations' }).click();
    await page.getByTestId(`waiting-translation-${id}`).waitFor();
    await expectAccessible(page, 'sign-off translations');
    await page.getByTestId(`waiting-translation-${id}`).getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No translations wait for your review.').waitFor();
  });
});
