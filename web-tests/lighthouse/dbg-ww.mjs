import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM, startServer } from '../e2e/harness.mjs';
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const { lhr } = await lighthouse(`${server.url}/login`, { onlyCategories: ['performance'], output: 'json', logLevel: 'error', port: chrome.port }, { extends: 'lighthouse:default' });
  const a = lhr.audits;
  console.log('score', lhr.categories.performance.score, 'LCP', a['largest-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'SI', a['speed-index'].numericValue, 'TTI', a['interactive']?.numericValue);
  console.log(JSON.stringify(a['largest-contentful-paint-element'].details, null, 1).slice(0, 1500));
  console.log('bootup', JSON.stringify(a['bootup-time'].details.items.map((i) => [i.url, Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
  console.log('mainthread', JSON.stringify(a['mainthread-work-breakdown'].details.items.map((i) => [i.group, Math.round(i.duration)])));
  console.log('long tasks', JSON.stringify(a['long-tasks']?.details?.items?.map((i) => [i.url, Math.round(i.startTime), Math.round(i.duration)])));
} finally { await chrome.kill(); server.stop(); }
