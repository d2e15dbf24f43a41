//! A badge-only operator (decision 108): an operator or OJT with a badge needs no e-mail
//! and gets no password; they sign at the kiosk with their badge, nobody signs in as them,
//! no mail goes out for them, and a manager may give them an e-mail later.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn operator(badge: Option<&str>, position: &str) -> Value {
    json!({"firstname": "Olga", "lastname": "Nowak", "email": "", "companyCode": "mpk", "position": position,
        "department": "production", "zones": ["A1"], "badge": badge, "opNo": "OP-77"})
}

#[tokio::test]
async fn an_operator_with_a_badge_needs_no_email_and_gets_no_password() {
    let dir = tempfile::tempdir().unwrap();
    let (_catcher, app) = super::personal::mailing_app(dir.path()).await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;

    // Without a badge, or as staff, an e-mail is still needed.
    let r = boss.post("/api/users/register", &operator(None, "operator")).await;
    assert_eq!(
        r.body,
        json!({"email": "Please enter an e-mail address, or a badge for someone who signs at the kiosk only."}),
        "{}",
        r.text
    );
    let r = boss.post("/api/users/register", &operator(Some("8001"), "supervisor")).await;
    assert_eq!(r.body, json!({"email": "Please enter a valid e-mail address."}), "{}", r.text);
    // Nobody types the reserved address in.
    let mut forged = operator(None, "operator");
    forged["email"] = json!("x@badge-only.invalid");
    let r = boss.post("/api/users/register", &forged).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);

    let r = boss.post("/api/users/register", &operator(Some("8001"), "operator")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (r.body["tempPassword"].clone(), r.body["user"]["badgeOnly"].clone()),
        (Value::Null, json!(true))
    );
    let stored = r.body["user"]["email"].as_str().unwrap().to_string();
    assert!(stored.ends_with("@badge-only.invalid"), "{stored}");
    let mut second = operator(Some("8002"), "ojt");
    second["opNo"] = json!("OP-78");
    let r = boss.post("/api/users/register", &second).await;
    assert_eq!(r.status, StatusCode::OK, "two of them: {}", r.text);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users WHERE must_change_password = 1").await, 0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM notifications").await, 0, "no account mail");

    // Nobody signs in as them, and a reset mail for the address goes nowhere.
    for password in ["", PASSWORD, "Correct-Horse-Battery-9"] {
        let r = app
            .client()
            .post("/api/users/login", &json!({"email": stored, "password": password}))
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    }
    app.client().post("/api/users/forgotPassword", &json!({"email": stored})).await;
    for _ in 0..3 {
        plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mailed = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "eml"))
        .count();
    assert_eq!(mailed, 0, "no mail to a reserved address");

    // An edit that leaves the e-mail blank keeps the account badge-only; a real e-mail is
    // set at once (nothing to confirm it from).
    let mut edit = operator(Some("8001"), "operator");
    edit["originalEmail"] = json!(stored);
    edit["zones"] = json!(["A1", "B2"]);
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(
        (r.status, r.body["user"]["email"].clone()),
        (StatusCode::OK, json!(stored)),
        "{}",
        r.text
    );
    edit["email"] = json!("olga@demo.plant");
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (
            r.body["user"]["email"].clone(),
            r.body["user"]["badgeOnly"].clone(),
            r.body["emailPending"].clone()
        ),
        (json!("olga@demo.plant"), json!(false), Value::Null)
    );
}
