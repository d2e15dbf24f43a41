//! Sign-in and session (spec section 7), passwords, the per-IP limit, CSRF (the lockout:
//! lockout.rs).
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn login_returns_the_user_and_rotates_the_session() {
    let app = spawn().await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    c.get("/api/users/current").await;
    // A session id planted before sign-in must not survive it.
    c.set_cookie("__Host-plantdoc_session", "planted-by-an-attacker");
    let r = c
        .post("/api/users/login", &json!({"email": "Erin@Demo.Plant ", "password": PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["email"], "erin@demo.plant");
    assert_eq!(r.body["position"], "engineer");
    assert_eq!(r.body["companyCode"], "mpk");
    assert_eq!(r.body["status"], "ACTIVE");
    assert!(r.body["_id"].is_string());
    let cookie = r
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("__Host-plantdoc_session="))
        .unwrap();
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Lax")
            && cookie.contains("Secure")
            && cookie.contains("Path=/"),
        "{cookie}"
    );
    let sid = c.session_cookie().unwrap();
    assert_ne!(sid, "planted-by-an-attacker");
    assert!(sid.len() >= 43, "256-bit id");
    // The id is stored hashed, never as sent.
    let stored =
        scalar(&app, &format!("SELECT COUNT(*) FROM sessions WHERE id_hash = '{sid}'")).await;
    assert_eq!(stored, 0);
    assert_eq!(c.get("/api/users/current").await.body["email"], "erin@demo.plant");

    // A second sign-in rotates the id again; the old one stops working.
    let r = c
        .post("/api/users/login", &json!({"email": "erin@demo.plant", "password": PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let old = app.client();
    old.set_cookie("__Host-plantdoc_session", &sid);
    assert_eq!(old.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn bad_logins_answer_field_maps() {
    let app = spawn().await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    let r = c.post("/api/users/login", &json!({"email": "", "password": ""})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        json!({"email": "E-mail is required.", "password": "Password is required."})
    );
    let wrong = c
        .post(
            "/api/users/login",
            &json!({"email": "erin@demo.plant", "password": "nope-nope-nope"}),
        )
        .await;
    let unknown = c
        .post(
            "/api/users/login",
            &json!({"email": "nobody@demo.plant", "password": "nope-nope-nope"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    // Same answer whether or not the account exists.
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(wrong.body, json!({"password": "Incorrect e-mail or password."}));
    let r = c.post("/api/users/login", &json!({"email": 5, "password": []})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["email"].as_str().unwrap().starts_with("Invalid value"), "{}", r.body);
}

#[tokio::test]
async fn passwords_are_argon2id_with_owasp_parameters() {
    let app = spawn().await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let (hash,): (String,) =
        sqlx::query_as("SELECT password_hash FROM users WHERE email = 'erin@demo.plant'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    let started = std::time::Instant::now();
    plantdoc_core::auth::password::hash_blocking("Some-Password-123").unwrap();
    println!("argon2id hash time: {} ms", started.elapsed().as_millis());
}

#[tokio::test]
async fn temporary_password_forces_change_password() {
    let app = spawn().await;
    app.add_user_full("tina@demo.plant", "engineer", "process", "Temp-Pass-12345", true).await;
    let c = app.client();
    let r = c
        .post(
            "/api/users/login",
            &json!({"email": "tina@demo.plant", "password": "Temp-Pass-12345"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.body, json!({"status": "CHANGE_PASSWORD"}));
    // Signed in, but restricted: current says so, every other route refuses.
    assert_eq!(c.get("/api/users/current").await.body["status"], "CHANGE_PASSWORD");
    let z = c.get("/api/zones").await;
    assert_eq!(z.status, StatusCode::FORBIDDEN);
    assert_eq!(z.body, json!({"status": "CHANGE_PASSWORD"}));
    assert_eq!(c.get("/api/modules").await.status, StatusCode::FORBIDDEN);

    let bad = c
        .post(
            "/api/users/setPassword",
            &json!({"email": "tina@demo.plant", "password": "short", "password2": "other", "tempPassword": "Temp-Pass-12345"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body["password"].is_string() && bad.body["password2"].is_string(), "{}", bad.body);
    let common = c
        .post(
            "/api/users/setPassword",
            &json!({"email": "tina@demo.plant", "password": "password123", "password2": "password123", "tempPassword": "Temp-Pass-12345"}),
        )
        .await;
    assert_eq!(common.body["password"], "This password is too common. Please choose another.");
    let wrong = c.post("/api/users/setPassword", &json!({"email": "tina@demo.plant", "password": "New-Secret-Words-1", "password2": "New-Secret-Words-1", "tempPassword": "wrong-one-123"})).await;
    assert_eq!(wrong.body, json!({"tempPassword": "Incorrect e-mail or password."}));

    let before = c.session_cookie().unwrap();
    let ok = c.post("/api/users/setPassword", &json!({"email": "tina@demo.plant", "password": "New-Secret-Words-1", "password2": "New-Secret-Words-1", "tempPassword": "Temp-Pass-12345"})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.body["status"], "ACTIVE");
    assert_ne!(c.session_cookie().unwrap(), before, "id rotated at the forced password change");
    assert_eq!(c.get("/api/zones").await.status, StatusCode::OK);
    let old = app.client();
    old.set_cookie("__Host-plantdoc_session", &before);
    assert_eq!(old.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
    // The temporary password is gone.
    let r = app
        .client()
        .post(
            "/api/users/login",
            &json!({"email": "tina@demo.plant", "password": "Temp-Pass-12345"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn expired_temporary_password_is_refused() {
    let app = spawn().await;
    app.add_user_full("tina@demo.plant", "engineer", "process", "Temp-Pass-12345", true).await;
    app.clock.advance_secs(8 * 86_400);
    let r = app
        .client()
        .post(
            "/api/users/login",
            &json!({"email": "tina@demo.plant", "password": "Temp-Pass-12345"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["password"].as_str().unwrap().contains("expired"));
}

#[tokio::test]
async fn per_ip_limit_answers_429() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "5")]).await;
    let c = app.client();
    let bad = json!({"email": "x@demo.plant", "password": "wrong-password-1"});
    for _ in 0..5 {
        assert_eq!(c.post("/api/users/login", &bad).await.status, StatusCode::BAD_REQUEST);
    }
    let r = c.post("/api/users/login", &bad).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.contains_key("retry-after"));
    app.clock.advance_secs(61);
    assert_eq!(c.post("/api/users/login", &bad).await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn reset_tokens_are_hashed_single_use_and_expire() {
    let app = spawn().await;
    let user_id = app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    let known = c.post("/api/users/forgotPassword", &json!({"email": "erin@demo.plant"})).await;
    let unknown = c.post("/api/users/forgotPassword", &json!({"email": "nobody@demo.plant"})).await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(known.body, unknown.body, "same answer for unknown e-mails");
    assert_eq!(
        c.post("/api/users/forgotPassword", &json!({"email": ""})).await.body,
        json!({"email": "E-mail is required."})
    );
    // The mail (outbox: no SMTP here) carries the link; the table only a hash.
    let mut body = String::new();
    for _ in 0..100 {
        if let Ok((b,)) = sqlx::query_as::<_, (String,)>("SELECT body FROM outbox")
            .fetch_one(&app.state.db.pool)
            .await
        {
            body = b;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let token =
        body.split("/login/reset/").nth(1).unwrap().split_whitespace().next().unwrap().to_string();
    assert!(token.len() >= 43, "at least 128 random bits");
    assert!(body.starts_with("Hello Test"));
    assert!(
        body.contains("http://127.0.0.1:8080/login/reset/"),
        "link from server.public_url, not the Host header"
    );
    let (stored,): (String,) = sqlx::query_as("SELECT token_hash FROM password_resets")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_ne!(stored, token);
    assert_eq!(stored.len(), 64);

    assert_eq!(
        c.get(&format!("/api/users/resetPassword/{token}")).await.body,
        json!({"valid": true})
    );
    let bad = c.get("/api/users/resetPassword/not-a-token").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body, json!({"token": "Invalid or expired token."}));
    let mismatch = c
        .post(
            &format!("/api/users/resetPassword/{token}"),
            &json!({"password": "New-Secret-Words-1", "password2": "New-Secret-Words-2"}),
        )
        .await;
    assert_eq!(mismatch.body, json!({"password2": "Passwords do not match."}));
    let ok = c
        .post(
            &format!("/api/users/resetPassword/{token}"),
            &json!({"password": "New-Secret-Words-1", "password2": "New-Secret-Words-1"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    let again = c
        .post(
            &format!("/api/users/resetPassword/{token}"),
            &json!({"password": "Other-Secret-Words-2", "password2": "Other-Secret-Words-2"}),
        )
        .await;
    assert_eq!(again.body, json!({"token": "Invalid or expired token."}), "single use");
    let r = c
        .post(
            "/api/users/login",
            &json!({"email": "erin@demo.plant", "password": "New-Secret-Words-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE action = 'auth.password_reset' AND target = 'user:{user_id}'")).await,
        1
    );

    // A token expires after an hour.
    c.post("/api/users/forgotPassword", &json!({"email": "erin@demo.plant"})).await;
    for _ in 0..100 {
        if scalar(&app, "SELECT COUNT(*) FROM outbox").await == 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let all: Vec<(String,)> =
        sqlx::query_as("SELECT body FROM outbox").fetch_all(&app.state.db.pool).await.unwrap();
    let newest = all
        .iter()
        .map(|(b,)| {
            b.split("/login/reset/").nth(1).unwrap().split_whitespace().next().unwrap().to_string()
        })
        .find(|t| t != &token)
        .unwrap();
    assert_eq!(c.get(&format!("/api/users/resetPassword/{newest}")).await.status, StatusCode::OK);
    app.clock.advance_secs(3601);
    assert_eq!(
        c.get(&format!("/api/users/resetPassword/{newest}")).await.body,
        json!({"token": "Invalid or expired token."})
    );
}
