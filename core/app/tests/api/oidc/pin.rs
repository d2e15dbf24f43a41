//! A signature PIN for a person who signs in only through single sign-on (security
//! decision 92): no password to confirm it with, so a fresh sign-in at the provider
//! (`/api/auth/oidc/login?fresh=1`: prompt=login, max_age) lets the session set one PIN
//! within five minutes; a plain sign-in does not.
use reqwest::StatusCode;
use serde_json::json;

use super::provider::{
    at_provider, browser, full_claims, location, new_login, set_account, sign_in, spawn_oidc, LABEL,
};
use crate::helpers::{scalar, Client};

const CONFIRM_FIRST: &str =
    "Please type your password, or first confirm with your sign-in provider.";

/// A fresh sign-in in `b` that comes back to the Account tab.
async fn confirm(b: &Client, login: &str) -> reqwest::StatusCode {
    let r = b.get("/api/auth/oidc/login?fresh=1&back=/main/settings?tab=account").await;
    assert_eq!(r.status, StatusCode::FOUND, "{}", r.text);
    let auth = url::Url::parse(&location(&r)).unwrap();
    let q: std::collections::HashMap<String, String> = auth.query_pairs().into_owned().collect();
    assert_eq!((q["prompt"].as_str(), q["max_age"].as_str()), ("login", "300"), "{auth}");
    let back = b.get(&at_provider(&auth, login).await).await;
    if back.status == StatusCode::FOUND {
        assert_eq!(location(&back), "/main/settings?tab=account");
    }
    back.status
}

#[tokio::test]
async fn oidc_an_sso_only_person_sets_a_pin_after_a_fresh_sign_in() {
    let app = spawn_oidc(
        "plantdoc",
        &[("auth.oidc.jit", "true"), ("auth.ip_attempts_per_minute", "1000")],
    )
    .await;
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "production", "supervisor"))
        .await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/pin").await.body, json!({"provider": LABEL, "confirmed": false}));
    // A plain sign-in is not a confirmation: there is no password to type.
    let r = b.post("/api/users/pin", &json!({"pin": "4826", "password": ""})).await;
    assert_eq!(
        (r.status, r.body["password"].as_str()),
        (StatusCode::BAD_REQUEST, Some(CONFIRM_FIRST)),
        "{}",
        r.text
    );
    assert_eq!(confirm(&b, &login).await, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/pin").await.body, json!({"provider": LABEL, "confirmed": true}));
    // The PIN's own checks come first and do not use the confirmation up.
    let r = b.post("/api/users/pin", &json!({"pin": "1234"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    let r = b.post("/api/users/pin", &json!({"pin": "4826"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let who = scalar(&app, "SELECT COUNT(*) FROM user_pins p JOIN users u ON u.id = p.user_id WHERE u.oidc_subject IS NOT NULL").await;
    assert_eq!(who, 1);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'auth.pin_set'").await,
        1
    );
    // One PIN per confirmation.
    let r = b.post("/api/users/pin", &json!({"pin": "5937"})).await;
    assert_eq!(
        (r.status, r.body["password"].as_str()),
        (StatusCode::BAD_REQUEST, Some(CONFIRM_FIRST)),
        "{}",
        r.text
    );
    // A confirmation is good for five minutes.
    assert_eq!(confirm(&b, &login).await, StatusCode::FOUND);
    app.clock.advance_secs(301);
    assert_eq!(b.get("/api/users/pin").await.body["confirmed"], false);
    let r = b.post("/api/users/pin", &json!({"pin": "5937"})).await;
    assert_eq!(
        (r.status, r.body["password"].as_str()),
        (StatusCode::BAD_REQUEST, Some(CONFIRM_FIRST)),
        "{}",
        r.text
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'auth.pin_set'").await,
        1
    );
}
