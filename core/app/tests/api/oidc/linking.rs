//! Linking a provider identity to an existing account (decision 94): by e-mail only when
//! the provider says `email_verified` is the JSON boolean true (or `trust_email` is set),
//! never a protected account (plant administrator, kiosk, break-glass), which links after
//! its password is entered once in the same browser; an ID token issued far ahead refused.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::provider::{browser, full_claims, new_login, set_account, sign_in, spawn_oidc};
use crate::helpers::{new_user, scalar, zone_list, TestApp, PASSWORD};

/// The refusal page of an identity that waits for its account's password.
const HELD: &str = "sign-in is not linked to a Plantdoc account yet. To link it, sign in once with your Plantdoc e-mail and password";
const LINK_COOKIE: &str = "__Host-plantdoc_oidc_link";

async fn subject_of(app: &TestApp, id: &str) -> Option<String> {
    sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn names_of(app: &TestApp, id: &str) -> (String, String) {
    sqlx::query_as("SELECT firstname, lastname FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn audits(app: &TestApp, action: &str, id: &str) -> i64 {
    scalar(
        app,
        &format!(
            "SELECT COUNT(*) FROM audit_log WHERE action = '{action}' AND target = 'user:{id}'"
        ),
    )
    .await
}

/// The provider's claims for `email` (a process engineer), `email_verified` as given
/// (`None`: not sent), with names that would overwrite the account's.
fn claims(email: &str, verified: Option<Value>) -> Value {
    let mut c = full_claims(email, "process", "engineer");
    c["given_name"] = json!("Mallory");
    match verified {
        Some(v) => c["email_verified"] = v,
        None => {
            c.as_object_mut().unwrap().remove("email_verified");
        }
    }
    c
}

/// A kiosk netbook's account (operator, no badge) of company mpk.
async fn add_kiosk(app: &TestApp, email: &str) -> String {
    app.add(plantdoc_core::auth::users::UserInput {
        firstname: "Island".into(),
        lastname: "Kiosk".into(),
        zones: zone_list(&["A1"]),
        kiosk: Some(true),
        ..new_user(email, "operator", "production")
    })
    .await
}

/// Signs `login` in and expects the refusal that waits for the password: no session, the
/// account neither linked nor renamed, the attempt audited on it.
async fn expect_held(app: &TestApp, login: &str, id: &str, case: &str) -> crate::helpers::Client {
    let before = names_of(app, id).await;
    let held_before = audits(app, "auth.oidc_link_held", id).await;
    let b = browser(app);
    let r = sign_in(&b, login).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{case}: {}", r.text);
    assert!(r.text.contains(HELD), "{case}: {}", r.text);
    assert!(
        r.text.contains("href=\"/login?local\""),
        "{case}: the page leads to the password form: {}",
        r.text
    );
    assert!(b.session_cookie().is_none(), "{case}");
    assert!(b.cookie(LINK_COOKIE).is_some(), "{case}: the identity waits in this browser");
    assert_eq!(subject_of(app, id).await, None, "{case}: not linked");
    assert_eq!(names_of(app, id).await, before, "{case}: names kept");
    assert_eq!(audits(app, "auth.oidc_link_held", id).await, held_before + 1, "{case}");
    b
}

#[tokio::test]
async fn oidc_email_links_only_when_email_verified_is_the_boolean_true() {
    let app = spawn_oidc("plantdoc", &[]).await;
    let cases = [
        // AWS Cognito's user info sends the flag as a string; its ID token may leave it out.
        ("user info's string \"false\"", json!({"_userinfo": {"email_verified": "false"}}), None),
        // Entra ID sends no flag at all.
        ("no email_verified", json!({}), None),
        ("false", json!({}), Some(json!(false))),
    ];
    for (case, extra, verified) in cases {
        let login = new_login();
        let email = format!("{login}@example.com");
        let id = app.add_user(&email, "engineer", "process").await;
        let mut c = claims(&email, verified);
        c.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        set_account(&login, c).await;
        expect_held(&app, &login, &id, case).await;
    }
    // A string "true" in the ID token is not the boolean either: the crate's typed claims
    // refuse the token, so nothing is signed in or linked.
    let login = new_login();
    let email = format!("{login}@example.com");
    let id = app.add_user(&email, "engineer", "process").await;
    set_account(&login, claims(&email, Some(json!("true")))).await;
    let b = browser(&app);
    let r = sign_in(&b, &login).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert!(r.text.contains("This sign-in could not be completed."), "{}", r.text);
    assert!(b.session_cookie().is_none());
    assert_eq!(subject_of(&app, &id).await, None);

    // The boolean true links at once, and the names follow the claims from then on.
    let login = new_login();
    let email = format!("{login}@example.com");
    let id = app.add_user(&email, "engineer", "process").await;
    set_account(&login, claims(&email, Some(json!(true)))).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/current").await.body["_id"], json!(id));
    assert_eq!(subject_of(&app, &id).await.as_deref(), Some(login.as_str()));
    assert_eq!(names_of(&app, &id).await.0, "Mallory");

    // `trust_email`: a provider that sends verified addresses only links without the flag.
    let app = spawn_oidc("plantdoc", &[("auth.oidc.trust_email", "true")]).await;
    let login = new_login();
    let email = format!("{login}@example.com");
    let id = app.add_user(&email, "engineer", "process").await;
    set_account(&login, claims(&email, None)).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(subject_of(&app, &id).await.as_deref(), Some(login.as_str()));
}

#[tokio::test]
async fn oidc_protected_accounts_never_link_by_email() {
    // Even with `trust_email` and a verified flag: a plant administrator (its e-mail in
    // upper case at the provider), a kiosk account and a break-glass account stay unlinked.
    let app = spawn_oidc(
        "plantdoc",
        &[("auth.oidc.trust_email", "true"), ("auth.break_glass", "glass@demo.plant")],
    )
    .await;
    let admin = app.add_user("admin@demo.plant", "manager", "process").await;
    plantdoc_core::seed::set_plant_admin(&app.state, "admin@demo.plant", true, "test")
        .await
        .unwrap();
    let kiosk = add_kiosk(&app, "kiosk1@demo.plant").await;
    let glass = app.add_user("glass@demo.plant", "manager", "quality").await;
    for (case, email, id) in [
        ("plant administrator", "ADMIN@DEMO.PLANT", &admin),
        ("kiosk account", "kiosk1@demo.plant", &kiosk),
        ("break-glass account", "glass@demo.plant", &glass),
    ] {
        let login = new_login();
        set_account(&login, claims(email, Some(json!(true)))).await;
        expect_held(&app, &login, id, case).await;
    }
}

#[tokio::test]
async fn oidc_a_protected_account_links_after_its_password_once() {
    let app = spawn_oidc("plantdoc", &[]).await;
    let admin = app.add_user("admin@demo.plant", "manager", "process").await;
    plantdoc_core::seed::set_plant_admin(&app.state, "admin@demo.plant", true, "test")
        .await
        .unwrap();
    app.add_user("eve@demo.plant", "engineer", "process").await;
    let login = new_login();
    set_account(&login, claims("Admin@Demo.Plant", Some(json!(true)))).await;
    let b = expect_held(&app, &login, &admin, "plant administrator").await;

    // The password in another browser (no waiting identity) signs in and links nothing.
    let other = app.client();
    assert_eq!(
        other
            .post("/api/users/login", &json!({"email": "admin@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    // In this browser: another account's password links nothing; a wrong one neither.
    assert_eq!(
        b.post("/api/users/login", &json!({"email": "eve@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    let wrong = b
        .post(
            "/api/users/login",
            &json!({"email": "admin@demo.plant", "password": "not-the-password-1"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(subject_of(&app, &admin).await, None);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users WHERE oidc_subject IS NOT NULL").await, 0);

    // The account's own password in this browser links it, audited, and ends the wait.
    let r = b
        .post("/api/users/login", &json!({"email": "admin@demo.plant", "password": PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["_id"], json!(admin));
    assert_eq!(subject_of(&app, &admin).await.as_deref(), Some(login.as_str()));
    assert_eq!(audits(&app, "auth.oidc_link", &admin).await, 1);
    assert!(b.cookie(LINK_COOKIE).is_none());
    // From then on the provider signs the administrator in.
    let c = browser(&app);
    assert_eq!(sign_in(&c, &login).await.status, StatusCode::FOUND);
    assert_eq!(c.get("/api/users/current").await.body["_id"], json!(admin));

    // A wait older than ten minutes links nothing.
    let kiosk = add_kiosk(&app, "kiosk2@demo.plant").await;
    let login = new_login();
    set_account(
        &login,
        json!({"email": "kiosk2@demo.plant", "email_verified": true, "position": "operator"}),
    )
    .await;
    let b = expect_held(&app, &login, &kiosk, "kiosk account").await;
    app.clock.advance_secs(11 * 60);
    assert_eq!(
        b.post("/api/users/login", &json!({"email": "kiosk2@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(subject_of(&app, &kiosk).await, None);
}

/// README, 'Single sign-on': with `password_login = false` a kiosk netbook signs in
/// through the provider as an identity of its own with the kiosk account's e-mail, linked
/// once by the kiosk account's password at /login?local.
#[tokio::test]
async fn oidc_kiosk_netbook_with_password_login_off_links_once_then_signs_in_through_the_provider()
{
    let app = spawn_oidc("plantdoc", &[("auth.password_login", "false")]).await;
    let kiosk = add_kiosk(&app, "kiosk-line1@demo.plant").await;
    let off = "Password sign-in is off. Please use 'Sign in with Test IdP'.";
    let login_body = json!({"email": "kiosk-line1@demo.plant", "password": PASSWORD});
    // Without a provider sign-in first, the password is refused as for anyone.
    let r = app.client().post("/api/users/login", &login_body).await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::BAD_REQUEST, json!({"email": off})));

    let login = new_login();
    let netbook = json!({"email": "kiosk-line1@demo.plant", "email_verified": true, "given_name": "Island", "family_name": "Kiosk",
        "position": "operator", "department": "production", "company": "mpk", "zones": ["A1"]});
    set_account(&login, netbook).await;
    let b = expect_held(&app, &login, &kiosk, "kiosk account").await;
    let r = b.post("/api/users/login", &login_body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(subject_of(&app, &kiosk).await.as_deref(), Some(login.as_str()));
    // Another account's password is still refused while password sign-in is off.
    app.add_user("eve@demo.plant", "engineer", "process").await;
    let r =
        b.post("/api/users/login", &json!({"email": "eve@demo.plant", "password": PASSWORD})).await;
    assert_eq!(r.body, json!({"email": off}));

    // The netbook signs in with 'Sign in with Test IdP' from then on, as the kiosk account.
    let c = browser(&app);
    assert_eq!(sign_in(&c, &login).await.status, StatusCode::FOUND);
    let me = c.get("/api/users/current").await.body;
    assert_eq!((me["_id"].clone(), me["position"].clone()), (json!(kiosk), json!("operator")));
}

#[tokio::test]
async fn oidc_id_token_issued_a_year_ahead_is_refused() {
    let app = spawn_oidc("plantdoc-future", &[("auth.oidc.jit", "true")]).await;
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "quality", "engineer")).await;
    let b = browser(&app);
    let r = sign_in(&b, &login).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert!(r.text.contains("could not be verified"), "{}", r.text);
    assert!(b.session_cookie().is_none());
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, 0);
}
