//! The real OpenID provider of these tests (`web-tests/oidc/provider.mjs`, npm's
//! `oidc-provider`, installed by .ci/deps.sh), started once per test process, and a
//! browser's part of the sign-in driven over HTTP: the provider's login and consent
//! forms are submitted as a person would, nothing of the protocol is imitated.
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex, OnceLock};

use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{spawn_with, workspace, Client, Resp, TestApp};

/// Where the provider sends browsers back (the tests' `server.public_url`, registered).
pub const CALLBACK: &str = "http://127.0.0.1:8080/api/auth/oidc/callback";
pub const LABEL: &str = "Test IdP";

pub struct Provider {
    pub issuer: String,
    // Its standard input is held open: the provider exits when it closes (this process ended).
    _child: Mutex<std::process::Child>,
}

pub fn provider() -> &'static Provider {
    static P: OnceLock<Provider> = OnceLock::new();
    P.get_or_init(|| {
        let mut child = std::process::Command::new("node")
            .arg("provider.mjs")
            .current_dir(workspace().join("web-tests/oidc"))
            .env("OIDC_REDIRECT_URIS", CALLBACK)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            // Its log, for a failing test: the system temp folder.
            .stderr(
                std::fs::File::create(std::env::temp_dir().join("plantdoc-oidc-provider.log"))
                    .unwrap(),
            )
            .spawn()
            .expect("node with web-tests/oidc installed (.ci/deps.sh)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line
            .trim()
            .strip_prefix("READY ")
            .unwrap_or_else(|| panic!("provider did not start: {line:?}"))
            .to_string();
        Provider { issuer: format!("http://127.0.0.1:{port}"), _child: Mutex::new(child) }
    })
}

/// Sets the claims the provider gives account `login` (besides `sub` = login).
pub async fn set_account(login: &str, claims: Value) {
    let r = reqwest::Client::new()
        .put(format!("{}/_test/accounts/{login}", provider().issuer))
        .body(claims.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
}

/// Claims of a person the mapping fully covers (jit can make an account from them).
pub fn full_claims(email: &str, department: &str, position: &str) -> Value {
    serde_json::json!({
        "email": email, "email_verified": true, "given_name": "Sso", "family_name": "Person",
        "department": department, "position": position, "company": "mpk", "zones": ["A1"],
    })
}

/// An app signing in through the test provider as `client_id`, `extra` settings on top.
pub async fn spawn_oidc(client_id: &str, extra: &[(&str, &str)]) -> TestApp {
    let issuer = provider().issuer.clone();
    let mut o: Vec<(&str, &str)> = vec![
        ("auth.oidc.issuer", &issuer),
        ("auth.oidc.client_id", client_id),
        ("auth.oidc.client_secret", "test-secret"),
        ("auth.oidc.label", LABEL),
        ("auth.oidc.scopes", "email profile plant"),
        ("auth.oidc.claims.department", "department"),
        ("auth.oidc.claims.position", "position"),
        ("auth.oidc.claims.company", "company"),
        ("auth.oidc.claims.zones", "zones"),
    ];
    o.extend_from_slice(extra);
    spawn_with(&o).await
}

/// A browser on the app that does not follow redirects (each step is looked at).
pub fn browser(app: &TestApp) -> Client {
    let http =
        crate::helpers::http_client().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    Client { base: app.base.clone(), http, jar: Arc::new(Mutex::new(BTreeMap::new())) }
}

pub fn location(r: &Resp) -> String {
    r.headers
        .get(LOCATION)
        .unwrap_or_else(|| panic!("no Location: {} {}", r.status, r.text))
        .to_str()
        .unwrap()
        .to_string()
}

/// Starts a sign-in in `b` (GET /api/auth/oidc/login): the provider URL it sends to.
pub async fn start(b: &Client) -> url::Url {
    let r = b.get("/api/auth/oidc/login").await;
    assert_eq!(r.status, StatusCode::FOUND, "login: {}", r.text);
    url::Url::parse(&location(&r)).unwrap()
}

/// The person `login` at the provider: signs in and consents, as in a browser, until
/// the provider sends the browser back. Returns the callback's path and query.
pub async fn at_provider(auth_url: &url::Url, login: &str) -> String {
    let http =
        crate::helpers::http_client().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut jar: BTreeMap<String, String> = BTreeMap::new();
    let base = url::Url::parse(&provider().issuer).unwrap();
    let mut next = auth_url.clone();
    let mut form: Option<Vec<(String, String)>> = None;
    for _ in 0..12 {
        if next.as_str().starts_with(CALLBACK) {
            return format!("{}?{}", next.path(), next.query().unwrap_or(""));
        }
        let mut req = match &form {
            Some(fields) => {
                let body = url::form_urlencoded::Serializer::new(String::new())
                    .extend_pairs(fields)
                    .finish();
                http.post(next.clone())
                    .header("content-type", "application/x-www-form-urlencoded")
                    .body(body)
            }
            None => http.get(next.clone()),
        };
        let cookies: Vec<String> = jar.iter().map(|(k, v)| format!("{k}={v}")).collect();
        req = req.header(COOKIE, cookies.join("; "));
        let r = req.send().await.unwrap();
        for v in r.headers().get_all(SET_COOKIE) {
            let kv = v.to_str().unwrap().split(';').next().unwrap();
            if let Some((k, val)) = kv.split_once('=') {
                jar.insert(k.to_string(), val.to_string());
            }
        }
        if r.status().is_redirection() {
            next = base.join(r.headers()[LOCATION].to_str().unwrap()).unwrap();
            form = None;
            continue;
        }
        // A form: the login (any password) or the consent.
        let html = r.text().await.unwrap();
        let attr = |name: &str| {
            html.split(name).nth(1).and_then(|s| s.split('"').nth(1)).map(str::to_string)
        };
        let action = attr("action=").unwrap_or_else(|| panic!("no form at the provider: {html}"));
        let prompt = attr("name=\"prompt\" value=").unwrap_or_default();
        next = base.join(&action).unwrap();
        form = Some(vec![
            ("prompt".into(), prompt),
            ("login".into(), login.into()),
            ("password".into(), "any".into()),
        ]);
    }
    panic!("the provider did not send the browser back");
}

/// The whole sign-in of `login` in browser `b`: the callback's answer.
pub async fn sign_in(b: &Client, login: &str) -> Resp {
    let auth = start(b).await;
    let back = at_provider(&auth, login).await;
    b.get(&back).await
}

/// A new login name at the provider (tests share it).
pub fn new_login() -> String {
    format!("p{}", crate::helpers::uuid_like())
}
