//! The protocol checks, against the real provider: discovery and the authorization
//! request (PKCE S256, state, nonce), state and PKCE refusals, and ID tokens with a bad
//! signature, another audience, an expiry in the past or another nonce.
use reqwest::StatusCode;
use serde_json::json;

use super::provider::{
    at_provider, browser, full_claims, location, new_login, provider, set_account, sign_in,
    spawn_oidc, start, LABEL,
};
use crate::helpers::{scalar, spawn};

const UNVERIFIED: &str = "could not be verified";
const AGAIN: &str = "Please start again from the sign-in page.";

#[tokio::test]
async fn oidc_discovery_and_authorization_request() {
    let app = spawn_oidc("plantdoc", &[]).await;
    let b = browser(&app);
    // The signed-out answer tells the sign-in page what to show.
    let r = b.get("/api/users/current").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        r.body,
        json!({"error": "Please sign in.", "signIn": {"sso": LABEL, "password": true}})
    );
    let auth = start(&b).await;
    assert!(auth.as_str().starts_with(&format!("{}/auth?", provider().issuer)), "{auth}");
    let q: std::collections::HashMap<String, String> = auth.query_pairs().into_owned().collect();
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], "plantdoc");
    assert_eq!(q["redirect_uri"], "http://127.0.0.1:8080/api/auth/oidc/callback");
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["code_challenge"].len(), 43, "a SHA-256 challenge");
    assert!(q["scope"].split(' ').collect::<Vec<_>>().starts_with(&["openid"]), "{}", q["scope"]);
    assert!(q["scope"].contains("plant"));
    assert!(q["state"].len() >= 22 && q["nonce"].len() >= 22);
    let flow = b.cookie("__Host-plantdoc_oidc").expect("flow cookie");
    assert!(!flow.contains(&q["state"]), "the flow cookie is signed JSON, not the state in clear");

    // Without [auth.oidc] nothing of it exists, and the refusal is the spec's.
    let plain = spawn().await;
    let c = browser(&plain);
    assert_eq!(c.get("/api/auth/oidc/login").await.status, StatusCode::NOT_FOUND);
    assert_eq!(c.get("/api/users/current").await.body, json!({"error": "Please sign in."}));
}

#[tokio::test]
async fn oidc_state_pkce_and_flow_checks() {
    let app = spawn_oidc("plantdoc", &[("auth.oidc.jit", "true")]).await;
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "quality", "engineer")).await;

    // Another state than the flow's: refused before the provider is asked.
    let a = browser(&app);
    let auth = start(&a).await;
    let back = at_provider(&auth, &login).await;
    let forged = back.replace("state=", "state=x");
    let r = a.get(&forged).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.text.contains(AGAIN));
    // The flow cookie is spent with the refusal: the right state no longer helps.
    assert!(a.cookie("__Host-plantdoc_oidc").is_none());
    assert_eq!(a.get(&back).await.status, StatusCode::BAD_REQUEST);

    // A callback in a browser that started no sign-in (a link someone was sent).
    let auth = start(&a).await;
    let back = at_provider(&auth, &login).await;
    let stranger = browser(&app);
    assert_eq!(stranger.get(&back).await.status, StatusCode::BAD_REQUEST);

    // PKCE: browser B's own flow (its state, its verifier) with A's code: the provider
    // refuses the code for B's verifier.
    let auth_a = start(&a).await;
    let back_a = at_provider(&auth_a, &login).await;
    let b = browser(&app);
    let auth_b = start(&b).await;
    let state_b: String = auth_b.query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
    let code_a: String = url::Url::parse(&format!("http://x{back_a}"))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "code")
        .unwrap()
        .1
        .into_owned();
    let r = b.get(&format!("/api/auth/oidc/callback?code={code_a}&state={state_b}")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert!(b.session_cookie().is_none());
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sessions").await, 0);

    // A flow older than ten minutes is refused.
    let c = browser(&app);
    let auth = start(&c).await;
    let back = at_provider(&auth, &login).await;
    app.clock.advance_secs(11 * 60);
    assert_eq!(c.get(&back).await.status, StatusCode::BAD_REQUEST);

    // And a good one signs in, once: the same answer again is refused.
    let d = browser(&app);
    let auth = start(&d).await;
    let back = at_provider(&auth, &login).await;
    let r = d.get(&back).await;
    assert_eq!(r.status, StatusCode::FOUND, "{}", r.text);
    assert_eq!(location(&r), "/main");
    assert!(d.session_cookie().is_some());
    let replay = browser(&app);
    replay.set_cookie("__Host-plantdoc_oidc", "forged.00");
    assert_eq!(replay.get(&back).await.status, StatusCode::BAD_REQUEST);
}

/// Each altered ID token (signed by the provider's key but for another audience,
/// expired, or for another nonce; or with its signature altered) is refused and no
/// session or account is made.
#[tokio::test]
async fn oidc_bad_id_tokens_are_refused() {
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "quality", "engineer")).await;
    for client in ["plantdoc-tamper", "plantdoc-aud", "plantdoc-expired", "plantdoc-nonce"] {
        let app = spawn_oidc(client, &[("auth.oidc.jit", "true")]).await;
        let b = browser(&app);
        let r = sign_in(&b, &login).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{client}: {}", r.text);
        assert!(r.text.contains(UNVERIFIED), "{client}: {}", r.text);
        assert!(b.session_cookie().is_none(), "{client}");
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, 0, "{client}");
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM sessions").await, 0, "{client}");
    }
    // The same person through the honest client signs in (the refusals were the tokens').
    let app = spawn_oidc("plantdoc", &[("auth.oidc.jit", "true")]).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
}

#[tokio::test]
async fn oidc_provider_unreachable_is_a_page_not_a_500() {
    let app = crate::helpers::spawn_with(&[
        ("auth.oidc.issuer", "http://127.0.0.1:9/nowhere"),
        ("auth.oidc.client_id", "plantdoc"),
        ("auth.oidc.label", LABEL),
    ])
    .await;
    let r = browser(&app).get("/api/auth/oidc/login").await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(r.text.contains("Test IdP cannot be reached"), "{}", r.text);
}

#[tokio::test]
async fn the_refusal_page_is_in_the_plants_language() {
    // The page a refused sign-in lands on speaks the plant's language.
    let app = spawn_oidc("plantdoc", &[("i18n.default", "es")]).await;
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "quality", "engineer")).await;
    let a = browser(&app);
    let auth = start(&a).await;
    let back = at_provider(&auth, &login).await;
    let r = a.get(&back.replace("state=", "state=x")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.text.contains("<html lang=\"es\">"), "{}", r.text);
    assert!(r.text.contains("No se pudo completar el inicio de sesión."), "{}", r.text);
    assert!(r.text.contains("Volver a la página de inicio de sesión"), "{}", r.text);
    assert!(!r.text.contains(AGAIN));
}

/// The OpenAPI document says what the two routes answer a browser: a redirect with no
/// body (never 200), a page (text/html) for a refusal, JSON for the throttle, and both
/// for 400 and 503 (a malformed query or a missing database answer JSON); the answers
/// match it.
#[tokio::test]
async fn oidc_routes_are_documented_as_they_answer() {
    let app = spawn_oidc("plantdoc", &[]).await;
    let doc = browser(&app).get("/api/openapi.json").await.body;
    let types = |op: &serde_json::Value, status: &str| -> Vec<String> {
        op["responses"][status]["content"]
            .as_object()
            .map(|c| c.keys().cloned().collect())
            .unwrap_or_default()
    };
    let statuses = |op: &serde_json::Value| -> Vec<String> {
        op["responses"].as_object().unwrap().keys().cloned().collect()
    };
    let login = &doc["paths"]["/api/auth/oidc/login"]["get"];
    // 400: a query the route cannot read (`fresh`, `back`).
    assert_eq!(statuses(login), ["302", "400", "429", "503"]);
    assert!(login["responses"]["302"].get("content").is_none(), "a redirect has no body: {login}");
    assert!(login["responses"]["302"]["headers"]["Location"].is_object());
    assert_eq!(types(login, "429"), ["application/json"]);
    assert_eq!(types(login, "503"), ["application/json", "text/html"]);
    let callback = &doc["paths"]["/api/auth/oidc/callback"]["get"];
    assert_eq!(statuses(callback), ["302", "400", "403", "429", "503"]);
    assert!(callback["responses"]["302"].get("content").is_none());
    assert_eq!(types(callback, "400"), ["application/json", "text/html"]);
    assert_eq!(types(callback, "403"), ["text/html"]);

    let b = browser(&app);
    let r = b.get("/api/auth/oidc/login").await;
    assert_eq!((r.status, r.text.as_str()), (StatusCode::FOUND, ""));
    let r = b.get("/api/auth/oidc/callback?code=x&state=not-the-flows").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.headers["content-type"].to_str().unwrap().starts_with("text/html"),
        "{:?}",
        r.headers
    );
    let r = b.get("/api/auth/oidc/callback?state=a&state=b").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.headers["content-type"].to_str().unwrap().starts_with("application/json"),
        "{:?} {}",
        r.headers,
        r.text
    );
}
