// Issue 29 item 4 in the console: a process manager proposes a Spanish translation of a
// deployed alert from its detail view (the kit's panel, shared with the SWP viewer), sees
// it listed 'In review' (decision 95), and removes it; the page stays accessible.
import { describe } from 'node:test';
import { browserSuite, expectAccessible, login, waitForPath } from './harness.mjs';
import { pdf } from './pdf.mjs';

const suite = browserSuite();
const it = suite.it;

describe('Translations in the console (issue 29)', () => {
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
});
