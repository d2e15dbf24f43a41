// A real OpenID provider (the certified `oidc-provider` package) for Plantdoc's single
// sign-on tests, on 127.0.0.1 at a free port (or PORT). Prints `READY <port>` once it
// answers; exits when its standard input closes (the test process that started it ended).
//
// Clients (secret `test-secret`, every redirect URI in OIDC_REDIRECT_URIS, comma-separated):
//   plantdoc          an honest provider
//   plantdoc-tamper   the ID token's signature is altered after signing
//   plantdoc-aud      the ID token is re-signed for another audience
//   plantdoc-expired  the ID token is re-signed as expired an hour ago
//   plantdoc-nonce    the ID token is re-signed with another nonce
//   plantdoc-future   the ID token is re-signed as issued a year from now (and valid then)
// The altered tokens are signed with the provider's own key: only the claim is wrong.
// Accounts: any login name signs in (development interactions); its claims are what the
// test last PUT to /_test/accounts/<login> (JSON), besides `sub` = the login name. The keys
// `_id_token` and `_userinfo` (objects) are claims given in that answer only (a provider
// whose user info differs from its ID token, as AWS Cognito's string booleans).
import http from 'node:http';

// Standard output carries the READY line only (the test may close it after reading):
// the provider's own notices go to standard error.
console.log = console.info = (...args) => process.stderr.write(`${args.join(' ')}\n`);
process.stdout.on('error', () => {});
import Provider from 'oidc-provider';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';

const redirects = (process.env.OIDC_REDIRECT_URIS || 'http://127.0.0.1:8080/api/auth/oidc/callback').split(',');
const afterLogout = redirects.map((u) => u.replace(/\/api\/auth\/oidc\/callback$/, '/login'));
const { privateKey } = await generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
const accounts = new Map();

const server = http.createServer();
await new Promise((ok) => server.listen(Number(process.env.PORT || 0), '127.0.0.1', ok));
const { port } = server.address();
const issuer = `http://127.0.0.1:${port}`;

const clientIds = ['plantdoc', 'plantdoc-tamper', 'plantdoc-aud', 'plantdoc-expired', 'plantdoc-nonce', 'plantdoc-future'];
const provider = new Provider(issuer, {
  clients: clientIds.map((client_id) => ({
    client_id,
    client_secret: 'test-secret',
    redirect_uris: redirects,
    post_logout_redirect_uris: afterLogout,
  })),
  jwks: { keys: [jwk] },
  cookies: { keys: ['plantdoc-test-provider'] },
  pkce: { required: () => true },
  // The plant's claims in the ID token too (as Entra ID and Keycloak can be set to do).
  conformIdTokenClaims: false,
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['given_name', 'family_name', 'name'],
    plant: ['department', 'position', 'company', 'zones', 'groups'],
  },
  features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  async findAccount(ctx, id) {
    const { _id_token: idToken, _userinfo: userinfo, ...claims } = accounts.get(id) || {};
    const only = (use) => (use === 'id_token' ? idToken : userinfo) || {};
    return { accountId: id, claims: async (use) => ({ ...claims, ...only(use), sub: id }) };
  },
});

async function resign(token, change) {
  const claims = { ...decodeJwt(token), ...change };
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' }).sign(privateKey);
}

const alterations = {
  'plantdoc-tamper': async (t) => `${t.slice(0, -6)}${t.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`,
  'plantdoc-aud': (t) => resign(t, { aud: 'another-application' }),
  'plantdoc-expired': (t) => {
    const now = Math.floor(Date.now() / 1000);
    return resign(t, { iat: now - 7200, exp: now - 3600 });
  },
  'plantdoc-nonce': (t) => resign(t, { nonce: 'not-the-one-sent' }),
  'plantdoc-future': (t) => {
    const later = Math.floor(Date.now() / 1000) + 365 * 24 * 3600;
    return resign(t, { iat: later, exp: later + 3600 });
  },
};

provider.use(async (ctx, next) => {
  const m = ctx.path.match(/^\/_test\/accounts\/([^/]+)$/);
  if (m && ctx.method === 'PUT') {
    let body = '';
    for await (const chunk of ctx.req) body += chunk;
    accounts.set(decodeURIComponent(m[1]), JSON.parse(body));
    ctx.status = 204;
    return;
  }
  await next();
  const alter = ctx.path === '/token' && ctx.body?.id_token && alterations[ctx.oidc?.client?.clientId];
  if (alter) ctx.body = { ...ctx.body, id_token: await alter(ctx.body.id_token) };
});

server.on('request', provider.callback());
process.stdout.write(`READY ${port}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
