//! Sessions: logout, idle and absolute expiry, disabled accounts, what an instance
//! remembers, and the CSRF token on unsafe requests.
use crate::helpers::*;
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn logout_ends_the_session_and_old_cookies_are_refused() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let sid = c.session_cookie().unwrap();
    assert_eq!(c.get("/api/users/logout").await.status, StatusCode::OK);
    assert!(c.session_cookie().is_none(), "cookie cleared");
    let replay = app.client();
    replay.set_cookie("__Host-plantdoc_session", &sid);
    assert_eq!(replay.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(replay.get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn sessions_expire_when_idle_and_absolutely() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    app.clock.advance_secs(3500);
    assert_eq!(c.get("/api/zones").await.status, StatusCode::OK, "inside the idle hour");
    app.clock.advance_secs(3601);
    assert_eq!(c.get("/api/zones").await.status, StatusCode::UNAUTHORIZED, "idle for over an hour");

    let c = app.client();
    assert_eq!(
        c.post("/api/users/login", &json!({"email": "erin@demo.plant", "password": PASSWORD}))
            .await
            .status,
        StatusCode::OK
    );
    for _ in 0..25 {
        app.clock.advance_secs(3500);
        if c.get("/api/zones").await.status != StatusCode::OK {
            break;
        }
    }
    assert_eq!(c.get("/api/zones").await.status, StatusCode::UNAUTHORIZED, "absolute 24 h limit");
}

#[tokio::test]
async fn disabled_accounts_lose_their_sessions_at_once() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    for _ in 0..2 {
        assert_eq!(
            c.get("/api/zones").await.status,
            StatusCode::OK,
            "the session is now remembered"
        );
    }
    // Disabled outside this instance (the CLI, another instance): refused within
    // session.recheck_ms, from the database's session counter (decision 35).
    sqlx::query("UPDATE users SET disabled = 1 WHERE email = 'erin@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    tokio::time::sleep(RECHECK).await;
    assert_eq!(c.get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_remembered_session_follows_changes_made_here_and_elsewhere() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    // Two reads: the first loads the session (and the instance remembers it).
    for _ in 0..2 {
        let me = c.get("/api/users/current").await;
        assert_eq!(me.body["firstname"], "Test", "{}", me.text);
    }
    // A user's row changed outside this instance: seen within recheck_ms.
    sqlx::query("UPDATE users SET firstname = 'Erina' WHERE email = 'erin@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    tokio::time::sleep(RECHECK).await;
    assert_eq!(c.get("/api/users/current").await.body["firstname"], "Erina");
    // A session ended outside this instance: refused within recheck_ms.
    sqlx::query("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'erin@demo.plant')")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    tokio::time::sleep(RECHECK).await;
    assert_eq!(c.get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
    // Through this instance, a write applies from its answer on: the boss signs out
    // and the same cookie, presented again at once, is refused.
    for _ in 0..2 {
        assert_eq!(boss.get("/api/zones").await.status, StatusCode::OK);
    }
    let boss_sid = boss.session_cookie().unwrap();
    assert!(boss.post("/api/users/logout", &json!({})).await.status.is_success());
    let replay = app.client();
    replay.set_cookie("__Host-plantdoc_session", &boss_sid);
    assert_eq!(replay.get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn unsafe_requests_need_the_csrf_token() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let token = c.cookie("__Host-plantdoc_csrf").unwrap();
    // No header.
    let r =
        c.send(Method::POST, "/api/users/logout", Some("{}".into()), &[("x-csrf-token", "")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.body["error"], "Missing or invalid CSRF token.");
    // A forged token of the right shape.
    let forged = format!("{}.{}", "A".repeat(43), "0".repeat(64));
    let r = c
        .send(Method::POST, "/api/users/logout", Some("{}".into()), &[("x-csrf-token", &forged)])
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // Cross-site, even with the token.
    let r = c
        .send(
            Method::POST,
            "/api/users/logout",
            Some("{}".into()),
            &[("sec-fetch-site", "cross-site"), ("x-csrf-token", &token)],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // Anonymous sign-in without the double-submit token.
    let anon = reqwest::Client::new()
        .post(format!("{}/api/users/login", app.base))
        .json(&json!({"email": "erin@demo.plant", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(anon.status(), StatusCode::FORBIDDEN);
    assert_eq!(c.get("/api/users/current").await.status, StatusCode::OK, "still signed in");
}
