//! Decision 47: a manager who changes someone's e-mail gains no way into the
//! account. The change waits for the person's password (link to the new address), the
//! old address is told, reset links end at the request, sessions at the change; managers
//! do not touch another manager's e-mail or badge; both addresses are audited.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Mails in the outbox to `to`: (subject, body).
async fn mails(app: &TestApp, to: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT subject, body FROM outbox WHERE to_addr = $1 ORDER BY created_at, subject",
    )
    .bind(to)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
}

/// The token of the last confirmation link mailed to `to`.
async fn link_token(app: &TestApp, to: &str) -> String {
    let all = mails(app, to).await;
    let body = &all
        .iter()
        .rev()
        .find(|(s, _)| s == "Confirm your new Plantdoc e-mail")
        .expect("confirmation mail")
        .1;
    body.split("/login/email/").nth(1).unwrap().split_whitespace().next().unwrap().to_string()
}

fn edit_body(email: &str, new_email: &str, position: &str) -> Value {
    json!({"originalEmail": email, "firstname": "Test", "lastname": email.split('@').next().unwrap().replace('.', ""), "email": new_email,
           "companyCode": "mpk", "position": position, "department": "process", "zones": ["A1", "B2"], "badge": null, "opNo": null})
}

async fn audit_row(app: &TestApp, action: &str) -> (String, String) {
    sqlx::query_as("SELECT before_json, after_json FROM audit_log WHERE action = $1")
        .bind(action)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_email_change_waits_for_the_person_and_gives_the_changer_no_way_in() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let erin = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let erin_id: String =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'erin@demo.plant'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let resets = format!("SELECT COUNT(*) FROM password_resets WHERE user_id = '{erin_id}'");
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ('h', $1, 0, $2)")
        .bind(&erin_id)
        .bind(T0 + 3_600_000)
        .execute(&app.state.db.pool)
        .await
        .unwrap();

    let r = boss
        .post("/api/users/edit", &edit_body("erin@demo.plant", "Erin@Evil.Example", "engineer"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (r.body["changed"].as_bool(), r.body["emailPending"].as_str()),
        (Some(true), Some("erin@evil.example"))
    );
    assert_eq!(r.body["user"]["email"], "erin@demo.plant", "unchanged until Erin confirms");
    assert_eq!(scalar(&app, &resets).await, 0, "her reset links ended");
    let (before, after) = audit_row(&app, "user.email_change_requested").await;
    assert!(
        before.contains("erin@demo.plant") && after.contains("erin@evil.example"),
        "{before} {after}"
    );
    // The old address is told; the new one gets the link.
    let old = mails(&app, "erin@demo.plant").await;
    assert_eq!(old.len(), 1);
    assert!(
        old[0].0 == "Your Plantdoc e-mail is about to change"
            && old[0].1.contains("erin@evil.example")
            && old[0].1.contains("Test boss"),
        "{old:?}"
    );
    assert!(!old[0].1.contains("/login/email/"), "no link to the old address");
    let token = link_token(&app, "erin@evil.example").await;

    // The changer's address opens nothing: no sign-in, no reset link.
    assert_eq!(
        app.client()
            .post("/api/users/login", &json!({"email": "erin@evil.example", "password": PASSWORD}))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    app.client().post("/api/users/forgotPassword", &json!({"email": "erin@evil.example"})).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(scalar(&app, &resets).await, 0);
    assert_eq!(
        erin.get("/api/users/current").await.status,
        StatusCode::OK,
        "still signed in until the change"
    );

    // Confirming needs Erin's password: a guess counts towards her lock-out.
    let c = app.client();
    let path = format!("/api/users/confirmEmail/{token}");
    assert_eq!(c.get(&path).await.body, json!({"valid": true, "email": "erin@evil.example"}));
    assert_eq!(
        c.post(&path, &json!({})).await.body,
        json!({"password": "Please enter your password."})
    );
    assert_eq!(
        c.post(&path, &json!({"password": "Wrong-Guess-123"})).await.body,
        json!({"password": "Incorrect password."})
    );
    let counted = format!(
        "SELECT CAST(COALESCE(SUM(failures), 0) AS BIGINT) FROM login_failures WHERE email_hash = '{}'",
        plantdoc_core::auth::lockout::email_hash("erin@demo.plant")
    );
    assert_eq!(scalar(&app, &counted).await, 1);
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'user.email_change'").await,
        0
    );

    let ok = c.post(&path, &json!({"password": PASSWORD})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.body["email"], "erin@evil.example");
    assert_eq!(
        erin.get("/api/users/current").await.status,
        StatusCode::UNAUTHORIZED,
        "her sessions ended"
    );
    assert_eq!(
        app.client()
            .post("/api/users/login", &json!({"email": "erin@evil.example", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        app.client()
            .post("/api/users/login", &json!({"email": "erin@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    let (before, after) = audit_row(&app, "user.email_change").await;
    assert!(
        before.contains("erin@demo.plant") && after.contains("erin@evil.example"),
        "{before} {after}"
    );
    for to in ["erin@demo.plant", "erin@evil.example"] {
        assert!(
            mails(&app, to).await.iter().any(
                |(s, b)| s == "Your Plantdoc e-mail changed" && b.contains("erin@evil.example")
            ),
            "{to}"
        );
    }
    // The link works once.
    assert_eq!(
        c.post(&path, &json!({"password": PASSWORD})).await.body,
        json!({"token": "Invalid or expired link."})
    );
    assert_eq!(c.get(&path).await.body, json!({"token": "Invalid or expired link."}));
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

#[tokio::test]
async fn managers_do_not_change_another_managers_credentials_and_links_expire() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    app.add_user("other.boss@demo.plant", "manager", "process").await;
    app.add_user("erin@demo.plant", "engineer", "process").await;

    let r = boss
        .post(
            "/api/users/edit",
            &edit_body("other.boss@demo.plant", "mine@evil.example", "manager"),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"email": "Only a plant administrator changes another manager's e-mail."})
    );
    let mut b = edit_body("other.boss@demo.plant", "other.boss@demo.plant", "manager");
    b["badge"] = json!("6666");
    assert_eq!(
        boss.post("/api/users/edit", &b).await.body,
        json!({"badge": "Only a plant administrator changes another manager's badge."})
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM email_changes").await, 0);
    // A taken address is refused at the request.
    let r = boss
        .post("/api/users/edit", &edit_body("erin@demo.plant", "other.boss@demo.plant", "engineer"))
        .await;
    assert_eq!(r.body, json!({"email": "A user with this e-mail already exists."}));

    // Plant IT may ask; the change still waits for the manager's own password.
    let plant = app.signed_in_plant_admin("plant.it@demo.plant", "manager", "process").await;
    let r = plant
        .post(
            "/api/users/edit",
            &edit_body("other.boss@demo.plant", "o.boss@demo.plant", "manager"),
        )
        .await;
    assert_eq!(
        (r.status, r.body["emailPending"].as_str()),
        (StatusCode::OK, Some("o.boss@demo.plant")),
        "{}",
        r.text
    );
    let token = link_token(&app, "o.boss@demo.plant").await;
    // A second request replaces the first; a link lives 72 hours.
    let r = plant
        .post("/api/users/edit", &edit_body("other.boss@demo.plant", "ob@demo.plant", "manager"))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let c = app.client();
    assert_eq!(
        c.get(&format!("/api/users/confirmEmail/{token}")).await.body,
        json!({"token": "Invalid or expired link."})
    );
    // A temporary password (the one the manager handed over) does not confirm.
    let nora = json!({"firstname": "Nora", "lastname": "Quinn", "email": "nora@demo.plant", "companyCode": "mpk", "position": "clerk", "department": "paint", "zones": []});
    let temp = boss.post("/api/users/register", &nora).await.body["tempPassword"]
        .as_str()
        .unwrap()
        .to_string();
    let mut e = nora.clone();
    e["originalEmail"] = json!("nora@demo.plant");
    e["email"] = json!("nora@evil.example");
    assert_eq!(boss.post("/api/users/edit", &e).await.status, StatusCode::OK);
    let token = link_token(&app, "nora@evil.example").await;
    let r = c.post(&format!("/api/users/confirmEmail/{token}"), &json!({"password": temp})).await;
    assert_eq!(r.body, json!({"password": "Please sign in and choose your own password first."}));
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users WHERE email = 'nora@demo.plant'").await, 1);

    // The last link, 72 hours on: expired.
    let token = link_token(&app, "ob@demo.plant").await;
    assert_eq!(c.get(&format!("/api/users/confirmEmail/{token}")).await.body["valid"], true);
    app.clock.advance_secs(72 * 3600 + 1);
    assert_eq!(
        c.post(&format!("/api/users/confirmEmail/{token}"), &json!({"password": PASSWORD}))
            .await
            .body,
        json!({"token": "Invalid or expired link."})
    );
}
