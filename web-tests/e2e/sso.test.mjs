// Single sign-on in Chromium (decisions 70 and 94): /login's 'Sign in with {label}', the real
// OpenID provider's login and consent pages (npm's oidc-provider, web-tests/oidc), back
// to the console signed in with an account made from the claims, and the logout that goes
// on to the provider's sign-out. One server, one provider, one page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, launchBrowser, startOidcProvider, startServer, waitForPath, withPage } from './harness.mjs';

let server;
let provider;
let context;

before(async () => {
  const [appPort, idpPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${idpPort}`;
  server = await startServer({
    port: appPort,
    env: {
      PLANTDOC__AUTH__OIDC__ISSUER: issuer,
      PLANTDOC__AUTH__OIDC__CLIENT_ID: 'plantdoc',
      PLANTDOC__AUTH__OIDC__CLIENT_SECRET: 'test-secret',
      PLANTDOC__AUTH__OIDC__LABEL: 'Plant ID',
      PLANTDOC__AUTH__OIDC__SCOPES: 'email profile plant',
      PLANTDOC__AUTH__OIDC__JIT: 'true',
      PLANTDOC__AUTH__OIDC__CLAIMS__DEPARTMENT: 'department',
      PLANTDOC__AUTH__OIDC__CLAIMS__POSITION: 'position',
      PLANTDOC__AUTH__OIDC__CLAIMS__COMPANY: 'company',
    },
  });
  provider = await startOidcProvider(idpPort, server.url);
  context = await launchBrowser();
});

after(async () => {
  await context?.close();
  server?.stop();
  provider?.stop();
});

test(
  'signs in through the provider from /login, and signs out of both',
  withPage(
    () => context,
    'sso',
    async (page) => {
      await provider.account('sso-e2e', {
        email: 'sso.e2e@demo.plant',
        email_verified: true,
        given_name: 'Sigrid',
        family_name: 'Sso',
        department: 'process',
        position: 'engineer',
        company: 'mpk',
      });
      await page.goto(`${server.url}/login`);
      // Above the spec's form, which stays (password sign-in is on).
      const button = page.getByRole('link', { name: 'Sign in with Plant ID' });
      await button.waitFor();
      await page.getByLabel('Password').waitFor();
      await button.click();
      // The provider's own pages: sign in, then consent.
      await page.waitForURL((u) => u.toString().startsWith(provider.issuer));
      await page.locator('input[name="login"]').fill('sso-e2e');
      await page.locator('input[name="password"]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      // Back in the console, signed in as the person the claims describe.
      await waitForPath(page, (p) => p.startsWith('/main'));
      await page.getByText('Sigrid Sso').waitFor();
      const me = await page.evaluate(() => fetch('/api/users/current').then((r) => r.json()));
      assert.deepEqual([me.email, me.department, me.position], ['sso.e2e@demo.plant', 'process', 'engineer']);
      // Logout ends Plantdoc's session and goes on to the provider's sign-out page.
      await page.getByTestId('profile-menu').click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((u) => u.toString().startsWith(`${provider.issuer}/session/end`));
      assert.equal((await page.request.get(`${server.url}/api/users/current`)).status(), 401);
    },
  ),
);
