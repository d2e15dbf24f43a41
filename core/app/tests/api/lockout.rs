//! The sign-in lockout, per e-mail as typed and client address, on the injected clock: a
//! growing delay; parallel guesses all counted; the same answers for unknown e-mails; a
//! stranger's guesses from another address do not lock the owner out; a new password
//! (reset link) unlocks everywhere.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn creds(email: &str, password: &str) -> Value {
    json!({"email": email, "password": password})
}

#[tokio::test]
async fn ten_failures_lock_the_address_with_a_growing_delay() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let user_id = app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    let bad = creds("erin@demo.plant", "wrong-password-1");
    let good = creds("erin@demo.plant", PASSWORD);
    for i in 0..10 {
        let r = c.post("/api/users/login", &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "attempt {i}");
    }
    // Locked: even the right password is refused, with a field message and Retry-After.
    let r = c.post("/api/users/login", &good).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(r.body["password"], "Too many failed attempts. Try again in 1 minute.");
    assert_eq!(r.headers["retry-after"], "60");
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE action = 'auth.lockout' AND target = 'user:{user_id}'")).await,
        1
    );
    app.clock.advance_secs(59);
    assert_eq!(c.post("/api/users/login", &good).await.status, StatusCode::TOO_MANY_REQUESTS);
    app.clock.advance_secs(2);
    // Unlocked by itself; an 11th failure locks for twice as long.
    assert_eq!(c.post("/api/users/login", &bad).await.status, StatusCode::BAD_REQUEST);
    let r = c.post("/api/users/login", &good).await;
    assert_eq!(r.body["password"], "Too many failed attempts. Try again in 2 minutes.");
    app.clock.advance_secs(121);
    assert_eq!(c.post("/api/users/login", &good).await.status, StatusCode::OK);
    // Success resets the count.
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM login_failures").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn parallel_wrong_guesses_are_all_counted() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let mut tasks = Vec::new();
    for _ in 0..10 {
        let c = app.client();
        tasks.push(tokio::spawn(async move {
            c.post("/api/users/login", &creds("erin@demo.plant", "wrong-password-1")).await.status
        }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), StatusCode::BAD_REQUEST);
    }
    assert_eq!(scalar(&app, "SELECT MAX(failures) FROM login_failures").await, 10);
    let r = app.client().post("/api/users/login", &creds("erin@demo.plant", PASSWORD)).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "locked after 10 parallel failures");
}

#[tokio::test]
async fn unknown_e_mails_get_the_same_answers() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let c = app.client();
    let mut answers = Vec::new();
    for email in ["erin@demo.plant", "nobody@demo.plant"] {
        let mut seen = Vec::new();
        for _ in 0..11 {
            let r = c.post("/api/users/login", &creds(email, "wrong-password-1")).await;
            seen.push((r.status, r.body, r.headers.get("retry-after").cloned()));
        }
        let r = c.post("/api/users/setPassword", &json!({"email": email, "tempPassword": "wrong-password-1", "password": "New-Secret-Words-1", "password2": "New-Secret-Words-1"})).await;
        seen.push((r.status, r.body, None));
        answers.push(seen);
    }
    assert_eq!(answers[0], answers[1], "a lockout does not tell which e-mails exist");
    assert_eq!(answers[0][10].0, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn guesses_from_another_address_do_not_lock_the_owner_out() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let user_id = app.add_user("erin@demo.plant", "engineer", "process").await;
    let stranger = app.client_from("127.0.0.2");
    for _ in 0..20 {
        stranger.post("/api/users/login", &creds("erin@demo.plant", "wrong-password-1")).await;
    }
    let r = stranger.post("/api/users/login", &creds("erin@demo.plant", PASSWORD)).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "the guessing address is locked");
    let owner = app.client();
    assert_eq!(
        owner.post("/api/users/login", &creds("erin@demo.plant", PASSWORD)).await.status,
        StatusCode::OK,
        "the owner's address is not"
    );
    // A lock reached at the owner's own address: a reset link unlocks it everywhere.
    for _ in 0..10 {
        owner.post("/api/users/login", &creds("erin@demo.plant", "wrong-password-1")).await;
    }
    assert_eq!(
        owner.post("/api/users/login", &creds("erin@demo.plant", PASSWORD)).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    let token = plantdoc_core::auth::session::random_token();
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)")
        .bind(plantdoc_core::auth::session::sha256_hex(&token))
        .bind(&user_id)
        .bind(T0)
        .bind(T0 + 3_600_000)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = owner
        .post(
            &format!("/api/users/resetPassword/{token}"),
            &json!({"password": "New-Secret-Words-1", "password2": "New-Secret-Words-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM login_failures").await, 0);
    for c in [&owner, &stranger] {
        assert_eq!(
            c.post("/api/users/login", &creds("erin@demo.plant", "New-Secret-Words-1"))
                .await
                .status,
            StatusCode::OK
        );
    }
}
