//! The live event stream, `GET /api/events` (docs/security.md, "Second probe:
//! connections, live events, storage outage"): a few streams per user and per address,
//! and a stream ends with its session, within `session.recheck_ms`, as requests do.
use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::helpers::*;

/// Opens `/api/events` as `c`; answers the response (its body is the stream).
async fn open(c: &Client) -> reqwest::Response {
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    c.http
        .get(format!("{}/api/events", c.base))
        .header("cookie", cookies.join("; "))
        .send()
        .await
        .unwrap()
}

/// Reads the stream until it ends; answers how long that took, or `None` past `wait`.
async fn ends_within(mut r: reqwest::Response, wait: Duration) -> Option<Duration> {
    let t = Instant::now();
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, r.chunk()).await {
            Ok(Ok(Some(_))) => continue,
            Ok(_) => return Some(t.elapsed()),
            Err(_) => return None,
        }
    }
}

/// A stream opened, and its first event (`ready`) read: the server holds it.
async fn opened(c: &Client) -> reqwest::Response {
    let mut r = open(c).await;
    assert_eq!(r.status(), StatusCode::OK);
    tokio::time::timeout(Duration::from_secs(5), r.chunk())
        .await
        .expect("the ready event")
        .unwrap();
    r
}

/// Well within a second: `recheck_ms` (100) and a busy machine's margin.
const SOON: Duration = Duration::from_millis(1000);

#[tokio::test]
async fn one_user_holds_four_streams_and_one_address_its_share() {
    let app = spawn_with(&[("notifications.max_streams_per_address", "6")]).await;
    let ann = app.signed_in("ann@demo.plant", "engineer", "process").await;
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(opened(&ann).await);
    }
    let r = open(&ann).await;
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().get("retry-after").is_some());
    assert!(
        r.json::<serde_json::Value>().await.unwrap()["error"].is_string(),
        "the JSON error shape"
    );
    // One page closed: its place is free again.
    drop(held.pop());
    let start = Instant::now();
    loop {
        let r = open(&ann).await;
        if r.status() == StatusCode::OK {
            held.push(r);
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "a closed stream's place is given back");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Per address: ann holds 4 of this address's 6; bob gets 2, then no more from here.
    let bob = app.signed_in("bob@demo.plant", "engineer", "process").await;
    held.push(opened(&bob).await);
    held.push(opened(&bob).await);
    assert_eq!(open(&bob).await.status(), StatusCode::TOO_MANY_REQUESTS);
    // From another machine he may.
    let elsewhere = app.client_from("127.0.0.2");
    elsewhere.jar.lock().unwrap().extend(bob.jar.lock().unwrap().clone());
    held.push(opened(&elsewhere).await);
}

#[tokio::test]
async fn a_stream_ends_when_its_session_ends() {
    let app = spawn().await;
    // Signed out: the stream of that session ends, another session's goes on.
    let ann = app.signed_in("ann@demo.plant", "engineer", "process").await;
    let (stream, other) = (
        opened(&ann).await,
        opened(&app.signed_in("cy@demo.plant", "engineer", "process").await).await,
    );
    assert_eq!(ann.get("/api/users/logout").await.status, StatusCode::OK);
    let took =
        ends_within(stream, Duration::from_secs(5)).await.expect("the stream ended after sign-out");
    assert!(took < SOON, "ended {took:?} after sign-out");
    assert!(
        ends_within(other, Duration::from_millis(500)).await.is_none(),
        "another's stream goes on"
    );

    // Ended outside this instance (another instance, the CLI): straight in the database.
    let bob = app.signed_in("bob@demo.plant", "engineer", "process").await;
    let stream = opened(&bob).await;
    let id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = 'bob@demo.plant'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("DELETE FROM sessions WHERE user_id = $1")
        .bind(&id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let took = ends_within(stream, Duration::from_secs(5))
        .await
        .expect("the stream ended with its session");
    assert!(took < SOON, "ended {took:?} after the session's deletion");

    // A disabled account, and one whose zones changed (the stream reopens as they are now).
    let dee = app.signed_in("dee@demo.plant", "engineer", "process").await;
    let (first, second) = (
        opened(&dee).await,
        opened(&app.signed_in("eve@demo.plant", "engineer", "process").await).await,
    );
    sqlx::query("UPDATE users SET disabled = 1 WHERE email = 'dee@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE users SET zones = '[\"A1\"]' WHERE email = 'eve@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(ends_within(first, Duration::from_secs(5)).await.is_some_and(|t| t < SOON), "disabled");
    assert!(
        ends_within(second, Duration::from_secs(5)).await.is_some_and(|t| t < SOON),
        "zones changed"
    );
}
