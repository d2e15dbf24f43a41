//! Two-component signatures (decision 63): with `signature = "badge+pin"` the
//! operator's read and the verifier's verification each need the signer's PIN; a
//! manager's one-time PIN is replaced at its first use; wrong PINs slow the netbook on
//! the injected clock and lock the person's PIN (`pin_lock`); the mode is recorded on each signature; the
//! PIN is never answered nor kept in the audit log. The default stays badge-only.
use plantdoc_core::auth::pin;
use reqwest::StatusCode;
use serde_json::json;

use super::alerts::{alert_id, demo_kiosk};
use super::support::*;
use crate::helpers::*;
use crate::swp::support::{login, person};

const PIN_MODE: &[(&str, &str)] =
    &[("auth.ip_attempts_per_minute", "1000"), ("modules.island.signature", "badge+pin")];

async fn modes(app: &TestApp) -> Vec<(String, Option<String>)> {
    sqlx::query_as("SELECT sign_mode, verify_mode FROM acknowledgements ORDER BY signed_at")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

async fn set_pin(app: &TestApp, email: &str, p: &str) {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let u = plantdoc_core::auth::users::find_by_email(&mut conn, email).await.unwrap().unwrap();
    pin::set(&app.state, &u, p, pin::SetBy::Cli).await.unwrap();
}

/// The badge (and everything else) accepted, the PIN missing: 400 `{pin}`, the kiosk asks.
fn asked_pin(r: &Resp) {
    assert_eq!(
        (r.status, r.body["pin"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Please enter your PIN.")),
        "{}",
        r.text
    );
}

fn refused(r: &Resp, status: StatusCode, text: &str) {
    assert_eq!((r.status, r.body["error"].as_str()), (status, Some(text)), "{}", r.text);
}

#[tokio::test]
async fn by_default_the_badge_alone_signs_and_the_mode_says_so() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    assert_eq!(p.netbook.get("/api/island/kiosk-config").await.body["signature"], "badge");
    p.signed("plain").await;
    assert_eq!(modes(&app).await, vec![("badge".to_string(), Some("badge".to_string()))]);
}

#[tokio::test]
async fn with_badge_and_pin_each_signer_types_their_own_pin() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    assert_eq!(p.netbook.get("/api/island/kiosk-config").await.body["signature"], "badge+pin");
    let read = |pin: Option<&str>, new_pin: Option<&str>, key: &str| {
        let body =
            json!({"opId": p.op, "swpId": p.swp_id, "key": key, "pin": pin, "newPin": new_pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    refused(
        &read(None, None, "read-no-pin-1").await,
        StatusCode::FORBIDDEN,
        "You have no PIN yet — ask your team lead",
    );
    let wrong = "This PIN is not correct. If you have no PIN yet, please ask your manager for one.";
    // No PIN yet: told so, whatever is typed (decision 100).
    refused(
        &read(Some("2580"), None, "read-none-yet").await,
        StatusCode::FORBIDDEN,
        "You have no PIN yet — ask your team lead",
    );
    // A manager of the operator's company issues a one-time PIN, answered once.
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let issued = manager.post("/api/users/pin/issue", &json!({"email": "op1001@demo.plant"})).await;
    assert_eq!(issued.status, StatusCode::OK, "{}", issued.text);
    let one_time = issued.body["pin"].as_str().unwrap().to_string();
    assert!(one_time.len() == 6 && one_time.bytes().all(|b| b.is_ascii_digit()), "{one_time}");
    refused(&read(Some("2581"), None, "read-wrong-1").await, StatusCode::FORBIDDEN, wrong);
    // Its first use must replace it.
    let r = read(Some(&one_time), None, "read-first-use").await;
    assert_eq!(
        (r.status, r.body["newPin"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.")
        ),
        "{}",
        r.text
    );
    let r = read(Some(&one_time), Some("1234"), "read-too-simple").await;
    assert_eq!(
        (r.status, r.body["newPin"].as_str()),
        (StatusCode::BAD_REQUEST, Some(pin::TOO_SIMPLE)),
        "{}",
        r.text
    );
    let r = read(Some(&one_time), Some("73914"), "read-replaced").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(!r.text.contains("73914") && !r.text.contains(&one_time), "never answered: {}", r.text);
    refused(&read(Some(&one_time), None, "read-old-pin").await, StatusCode::FORBIDDEN, wrong);
    assert_eq!(read(Some("73914"), None, "read-own-pin").await.status, StatusCode::OK);
    // The verifier types theirs, set in Settings → Account with the password.
    let sup = login(&app, "sup2001@demo.plant").await;
    let r = sup.post("/api/users/pin", &json!({"pin": "4826", "password": "wrong password"})).await;
    assert_eq!(
        (r.status, r.body["password"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Incorrect password."))
    );
    let r = sup.post("/api/users/pin", &json!({"pin": "12", "password": PASSWORD})).await;
    assert_eq!((r.status, r.body["pin"].as_str()), (StatusCode::BAD_REQUEST, Some(pin::FORMAT)));
    assert_eq!(
        sup.post("/api/users/pin", &json!({"pin": "4826", "password": PASSWORD})).await.status,
        StatusCode::OK
    );
    let verify = |pin: &str, key: &str| {
        let body =
            json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "key": key, "pin": pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/verify-swp", &body).await }
    };
    asked_pin(&verify("", "verify-no-pin").await);
    // A badge that may not verify is refused before any PIN (the kiosk stays at the badge
    // field): the operator's own, a clerk's; each told apart from 'enter your PIN'.
    for (badge, text) in [
        ("1001", "Operators cannot verify themselves. Another person must scan their own badge."),
        ("3001", "This badge cannot verify operators. A supervisor, manager or engineer must scan their own badge."),
    ] {
        let body = json!({"badgeNo": badge, "opId": p.op, "swpId": p.swp_id, "key": format!("verify-by-{badge}")});
        refused(&p.netbook.post("/api/island/verify-swp", &body).await, StatusCode::FORBIDDEN, text);
    }
    refused(&verify("73914", "verify-op-pin").await, StatusCode::FORBIDDEN, wrong);
    let ok = verify("4826", "verify-ok-pin").await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(modes(&app).await, vec![("badge+pin".to_string(), Some("badge+pin".to_string()))]);
    // Never kept in clear: not in the audit log, not in the PIN rows.
    let audit: Vec<String> = sqlx::query_scalar("SELECT COALESCE(after_json, '') FROM audit_log")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    let hashes: Vec<String> = sqlx::query_scalar("SELECT pin_hash FROM user_pins")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    for secret in ["73914", "4826", one_time.as_str()] {
        assert!(
            audit.iter().chain(hashes.iter()).all(|t| !t.contains(secret)),
            "{secret} kept in clear"
        );
    }
    assert!(hashes.iter().all(|h| h.starts_with("$argon2id$")));
    assert_eq!(
        audit_count(&app, "auth.pin_set").await,
        3,
        "issued, replaced at the kiosk, set by the supervisor"
    );
}

#[tokio::test]
async fn wrong_pins_slow_the_netbook_and_lock_the_person_everywhere() {
    let netbook_limit =
        [PIN_MODE, &[("modules.island.account_badge_failures_per_minute", "5")]].concat();
    let app = spawn_with(&netbook_limit).await;
    let p = plant(&app, "7101-0001").await;
    let op2 = badged(&app, "op1002@demo.plant", "operator", "production", "mpk", "1002").await;
    set_pin(&app, "op1001@demo.plant", "2580").await;
    set_pin(&app, "op1002@demo.plant", "3691").await;
    let read = |op: &str, pin: &str| {
        let body = json!({"opId": op, "swpId": p.swp_id, "pin": pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    let wrong = "This PIN is not correct. If you have no PIN yet, please ask your manager for one.";
    let locked = "This PIN is locked after 5 wrong tries. Please ask your manager for a new one.";
    for i in 0..5 {
        refused(&read(&p.op, &format!("1{i}{i}9")).await, StatusCode::FORBIDDEN, wrong);
    }
    refused(&read(&p.op, "2580").await, StatusCode::FORBIDDEN, locked);
    // A sixth miss at the netbook, another person's: the netbook waits, whoever's PIN it sends.
    refused(&read(&op2, "1470").await, StatusCode::FORBIDDEN, wrong);
    let r = read(&op2, "3691").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text);
    assert_eq!(r.headers.get("retry-after").unwrap(), "1");
    assert_eq!(
        r.body["error"],
        "A PIN was not accepted just before. Please wait 1 second, then try again."
    );
    // The locked PIN is locked at another netbook (another address of the kiosk account) too.
    let other = app.client_from("127.0.0.2");
    assert_eq!(
        other
            .post("/api/users/login", &json!({"email": "kiosk@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    let r = other
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": p.op, "swpId": p.swp_id, "pin": "2580"}),
        )
        .await;
    refused(&r, StatusCode::FORBIDDEN, locked);
    app.clock.advance_secs(1);
    assert_eq!(
        read(&op2, "3691").await.status,
        StatusCode::OK,
        "the right PIN once the wait is over"
    );
}

#[tokio::test]
async fn alert_signatures_need_the_pin_too() {
    let app = spawn_with(PIN_MODE).await;
    let netbook = demo_kiosk(&app).await;
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let alert = alert_id(&app, "S-2026-0001").await;
    let op_email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(&op)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    set_pin(&app, &op_email, "6142").await;
    set_pin(&app, "supervisor@demo.plant", "8093").await;
    let read = json!({"opId": op, "alertId": alert});
    asked_pin(&netbook.post("/api/island/operator-read-alert", &read).await);
    let read = json!({"opId": op, "alertId": alert, "pin": "6142"});
    assert_eq!(netbook.post("/api/island/operator-read-alert", &read).await.status, StatusCode::OK);
    let verify = json!({"badgeNo": "9031", "opId": op, "alertId": alert, "pin": "6142"});
    let r = netbook.post("/api/island/verify-alert", &verify).await;
    assert_eq!(
        r.status,
        StatusCode::FORBIDDEN,
        "the operator's PIN is not the verifier's: {}",
        r.text
    );
    let verify = json!({"badgeNo": "9031", "opId": op, "alertId": alert, "pin": "8093"});
    assert_eq!(netbook.post("/api/island/verify-alert", &verify).await.status, StatusCode::OK);
    assert_eq!(modes(&app).await, vec![("badge+pin".to_string(), Some("badge+pin".to_string()))]);
}

#[tokio::test]
async fn only_a_manager_of_the_persons_company_issues_a_pin() {
    let app = spawn().await;
    let _p = plant(&app, "7101-0001").await;
    let sup = login(&app, "sup2001@demo.plant").await;
    let r = sup.post("/api/users/pin/issue", &json!({"email": "op1001@demo.plant"})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    // People of the manager's company: not a netbook's account, not another company's,
    // not the manager (who sets their own).
    for email in ["sup9001@other.plant", "nobody@demo.plant", "kiosk@demo.plant", "boss@demo.plant"]
    {
        let r = manager.post("/api/users/pin/issue", &json!({ "email": email })).await;
        assert_eq!(
            (r.status, r.body["email"].as_str()),
            (StatusCode::BAD_REQUEST, Some("There is no user with this e-mail.")),
            "{email}"
        );
    }
    assert_eq!(
        app.client()
            .post("/api/users/pin/issue", &json!({"email": "op1001@demo.plant"}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(audit_count(&app, "auth.pin_set").await, 0);
    // Staff too (a supervisor who signs in only through single sign-on has no password).
    let r = manager.post("/api/users/pin/issue", &json!({"email": "sup2001@demo.plant"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(audit_count(&app, "auth.pin_set").await, 1);
}
