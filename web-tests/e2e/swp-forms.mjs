import fs from 'node:fs';
import { launchBrowser, login, waitForPath, withPage } from './harness.mjs';
// Shared by the browser tests that upload SWPs: real PDFs and an MP4, and the Upload form.

/** A minimal valid one-page PDF (with a correct xref table) saying `text`. */
export function makePdf(text) {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const pdf = (name) => ({ name, mimeType: 'application/pdf', buffer: makePdf(name) });
/** A real file of the producer corpus (core/app/tests/fixtures/real, README there). */
export const fixture = (file, mimeType) => ({
  name: file,
  mimeType,
  buffer: fs.readFileSync(new URL(`../../core/app/tests/fixtures/real/${file}`, import.meta.url)),
});
// A real two-second H.264 clip: uploads are checked down to the codec.
export const mp4 = () => ({ ...fixture('h264-aac.mp4', 'video/mp4'), name: 'aid.mp4' });

export async function openTab(page, name) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  // Shown once the page has taken the click (the tab is in the URL): a field filled
  // before that could belong to the tab being left.
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** The engineer's Upload tab: two SWC, two JES, one VIS PDF and an MP4 (or `video`),
 * zone A1 (or `zone`), Myself. */
export async function uploadSwpThroughForm(page, { part, change = null, video = mp4(), zone = 'A Zone 1', swc = ['swc-1.pdf', 'swc-2.pdf'] }) {
  await openTab(page, 'Upload');
  const inputs = page.locator('input[type=file]');
  await inputs.nth(0).setInputFiles(swc.map(pdf));
  await inputs.nth(1).setInputFiles([pdf('jes-1.pdf'), pdf('jes-2.pdf')]);
  await inputs.nth(2).setInputFiles([pdf('vis-1.pdf')]);
  await inputs.nth(3).setInputFiles([video]);
  await page.waitForFunction((n) => document.querySelectorAll('.ant-upload-list-item-done').length === n, swc.length + 4, { timeout: 15000 });
  await page.locator('#partNumber').fill(part);
  await page.locator('.ant-select:has(#onBehalfOf)').click();
  await page.locator('.ant-select-item-option', { hasText: 'Myself' }).click();
  await page.getByText(zone, { exact: true }).click();
  if (change) {
    await page.getByText('Changes to Existing Document').click();
    await page.locator('#changes').fill(change);
    await page.getByText(`${140 - change.length} characters left`).waitFor();
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Success!').waitFor({ timeout: 20000 });
  await page.getByText('Your standard work package has been submitted.').waitFor();
}

/** One SWP pending review at `base` (the demo plant's are all deployed): engineer1 uploads
 * `part` through the form in a browser of its own (for a file's `before`; a failure leaves
 * its screenshot in test-results/ as a test's does). */
export async function uploadPendingSwp(base, part) {
  const context = await launchBrowser();
  try {
    await withPage(
      () => context,
      `upload pending SWP ${part}`,
      async (page) => {
        await login(page, base, 'engineer1@demo.plant');
        await waitForPath(page, '/main/swps');
        await uploadSwpThroughForm(page, { part });
      },
    )();
  } finally {
    await context.close();
  }
}
