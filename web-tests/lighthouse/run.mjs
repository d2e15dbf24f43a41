// `make lighthouse`: Lighthouse performance of /login, /island and /main/swps (desktop)
// and /login (mobile) against the real binary with Debian's chromium, printed with LCP,
// TBT and CLS. Signed-in pages get the session cookie through Lighthouse's extraHeaders.
// Each page is run RUNS times (default 3) and the median score is kept, as Lighthouse
// advises: a busy machine makes single runs noisy.
//
//   node web-tests/lighthouse/run.mjs        (after npm run build and cargo build)
//   RUNS=1 node web-tests/lighthouse/run.mjs
//   FORM=mobile node web-tests/lighthouse/run.mjs   (only the mobile or desktop pages)
//
// Targets (docs/web.md, 'Weight and speed'): desktop ≥ 95 on the three pages, mobile ≥ 90
// on /login; the exit status is 1 when one is missed.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { apiClient, CHROMIUM, startServer } from '../e2e/harness.mjs';

const RUNS = Number(process.env.RUNS || 3);
const FORM = process.env.FORM;

const ALL_PAGES = [
  { path: '/login', user: null, form: 'desktop', target: 95 },
  { path: '/island', user: 'kiosk@demo.plant', form: 'desktop', target: 95 },
  { path: '/main/swps', user: 'manager.process@demo.plant', form: 'desktop', target: 95 },
  { path: '/login', user: null, form: 'mobile', target: 90 },
];
const PAGES = ALL_PAGES.filter((p) => !FORM || p.form === FORM);

const desktop = {
  formFactor: 'desktop',
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
  throttling: { rttMs: 40, throughputKbps: 10240, cpuSlowdownMultiplier: 1, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
  emulatedUserAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

async function audit(port, url, form, headers) {
  const settings = { onlyCategories: ['performance'], output: 'json', logLevel: 'error', port, extraHeaders: headers };
  const config = { extends: 'lighthouse:default', settings: form === 'desktop' ? { ...desktop } : {} };
  const { lhr } = await lighthouse(url, settings, config);
  const a = lhr.audits;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    fcp: a['first-contentful-paint'].numericValue,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  const started = Date.now();
  for (const p of PAGES) {
    const headers = p.user ? { Cookie: (await apiClient(server.url, p.user)).cookie() } : undefined;
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${server.url}${p.path}`, p.form, headers));
    const best = runs.find((r) => r.score === median(runs.map((x) => x.score)));
    const ok = best.score >= p.target;
    failed ||= !ok;
    console.log(
      `${p.form.padEnd(7)} ${p.path.padEnd(11)} performance ${String(best.score).padStart(3)} (target ${p.target}: ${ok ? 'ok' : 'MISSED'})` +
        `  LCP ${(best.lcp / 1000).toFixed(2)} s  TBT ${Math.round(best.tbt)} ms  CLS ${best.cls.toFixed(3)}  FCP ${(best.fcp / 1000).toFixed(2)} s` +
        `  [runs: ${runs.map((r) => r.score).join(', ')}]`,
    );
  }
  console.log(`lighthouse: ${PAGES.length} pages × ${RUNS} runs in ${Math.round((Date.now() - started) / 1000)} s`);
} finally {
  await chrome.kill();
  server.stop();
}
process.exitCode = failed ? 1 : 0;
