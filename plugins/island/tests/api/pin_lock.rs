//! Guessing a signature PIN (security decision 92): each try of a person's PIN is counted
//! in the database before it is hashed, the fifth wrong one locks the PIN on every
//! instance until a manager issues a new one (the lock audited and told to the person and
//! their managers), and the PIN is checked after everything else of the act, so a right
//! PIN is never told apart from a wrong one by another refusal.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::person;

const PIN_MODE: &[(&str, &str)] =
    &[("auth.ip_attempts_per_minute", "1000"), ("modules.island.signature", "badge+pin")];
const WRONG: &str =
    "This PIN is not correct. If you have no PIN yet, please ask your manager for one.";
const LOCKED: &str =
    "This PIN is locked after 5 wrong tries. Please ask your manager for a new one.";

async fn set_pin(app: &TestApp, email: &str, p: &str) {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    let u = plantdoc_core::auth::users::find_by_email(&mut conn, email).await.unwrap().unwrap();
    plantdoc_core::auth::pin::set(&app.state, &u, p, plantdoc_core::auth::pin::SetBy::Cli)
        .await
        .unwrap();
}

async fn pin_row(app: &TestApp, user_id: &str) -> (i64, Option<i64>) {
    sqlx::query_as("SELECT misses, locked_at FROM user_pins WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

fn read_body(p: &Plant, swp_id: &str, pin: &str) -> serde_json::Value {
    json!({"opId": p.op, "swpId": swp_id, "pin": pin})
}

#[tokio::test]
async fn fifty_parallel_guesses_never_find_the_pin_and_it_locks_on_every_instance() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    set_pin(&app, "op1001@demo.plant", "2580").await;
    let (_boss, boss) = person(&app, "boss@demo.plant", "manager", "production").await;
    // Fifty guesses at once on a fresh kiosk, none of them counted before they started.
    let guesses = (0..50).map(|i| {
        let (netbook, body) =
            (p.netbook.clone(), read_body(&p, &p.swp_id, &format!("{:04}", 3000 + i * 7)));
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    });
    let answers = futures::future::join_all(guesses).await;
    let said = |text: &str| {
        answers
            .iter()
            .filter(|r| r.status == StatusCode::FORBIDDEN && r.body["error"] == text)
            .count()
    };
    let waits = answers.iter().filter(|r| r.status == StatusCode::TOO_MANY_REQUESTS).count();
    assert!(said(WRONG) <= 5, "at most five tries were checked: {} wrong", said(WRONG));
    assert_eq!(
        said(WRONG) + said(LOCKED) + waits,
        50,
        "every guess refused: {:?}",
        answers.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    // The netbook's wait after wrong PINs may defer the rest of the burst (429) before
    // five were counted (how many depends on the order they arrive in): the guessing goes
    // on one at a time after each wait, and the lock comes at the fifth counted, never later.
    for i in 0..10 {
        let (misses, locked) = pin_row(&app, &p.op).await;
        assert!(misses <= 5, "{misses} tries counted");
        if locked.is_some() {
            break;
        }
        app.clock.advance_secs(60);
        let r = p
            .netbook
            .post(
                "/api/island/operator-read-swp",
                &read_body(&p, &p.swp_id, &format!("{:04}", 4000 + i)),
            )
            .await;
        assert!(
            [StatusCode::FORBIDDEN, StatusCode::TOO_MANY_REQUESTS].contains(&r.status),
            "{}",
            r.text
        );
    }
    assert_eq!(pin_row(&app, &p.op).await.0, 5);
    assert!(pin_row(&app, &p.op).await.1.is_some(), "locked");
    // The right PIN is refused as locked, here and on a second instance of the same database.
    app.clock.advance_secs(60);
    let r =
        p.netbook.post("/api/island/operator-read-swp", &read_body(&p, &p.swp_id, "2580")).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some(LOCKED)),
        "{}",
        r.text
    );
    let twin = spawn_on(tempfile::tempdir().unwrap(), app.db_url.clone(), PIN_MODE).await;
    let there = Client { base: twin.base.clone(), ..p.netbook.clone() };
    let r = there.post("/api/island/operator-read-swp", &read_body(&p, &p.swp_id, "2580")).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some(LOCKED)),
        "the other instance: {}",
        r.text
    );
    // The lock: audited once, told to the person and to their manager.
    assert_eq!(audit_count(&app, "island.pin_locked").await, 1);
    let told: Vec<String> = sqlx::query_scalar(
        "SELECT user_id FROM notifications WHERE kind = 'island.pin-locked' ORDER BY user_id",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert!(told.contains(&p.op) && told.contains(&boss), "{told:?}");
}

#[tokio::test]
async fn the_sixth_try_is_locked_until_a_manager_issues_a_new_pin() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    set_pin(&app, "op1001@demo.plant", "2580").await;
    let read = |pin: &str| {
        let (netbook, body) = (p.netbook.clone(), read_body(&p, &p.swp_id, pin));
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    // A right PIN forgets the wrong tries before it.
    for pin in ["1119", "1129", "1139", "1149"] {
        assert_eq!(read(pin).await.body["error"], WRONG);
    }
    assert_eq!(read("2580").await.status, StatusCode::OK);
    // Five more wrong tries are each answered as wrong: the count started again.
    for (i, pin) in ["1119", "1129", "1139", "1149", "1159"].into_iter().enumerate() {
        let r = read(pin).await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some(WRONG)),
            "try {}: {}",
            i + 1,
            r.text
        );
    }
    let r = read("2580").await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some(LOCKED)),
        "the sixth, right: {}",
        r.text
    );
    // Setting it again from the manager's console: a one-time PIN, audited as unlocking.
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let issued = manager.post("/api/users/pin/issue", &json!({"email": "op1001@demo.plant"})).await;
    assert_eq!(issued.status, StatusCode::OK, "{}", issued.text);
    let after: String = sqlx::query_scalar(
        "SELECT after_json FROM audit_log WHERE action = 'auth.pin_set' ORDER BY seq DESC",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
    .remove(0);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&after).unwrap(),
        json!({"oneTime": true, "unlocked": true})
    );
    assert_eq!(pin_row(&app, &p.op).await, (0, None));
    let one_time = issued.body["pin"].as_str().unwrap();
    let body = json!({"opId": p.op, "swpId": p.swp_id, "pin": one_time, "newPin": "73914"});
    let r = p.netbook.post("/api/island/operator-read-swp", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

#[tokio::test]
async fn a_right_pin_is_answered_as_a_wrong_one_when_the_act_is_refused() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    set_pin(&app, "op1001@demo.plant", "2580").await;
    set_pin(&app, "sup2001@demo.plant", "4826").await;
    for swp in ["made-up-swp", "00000000-0000-0000-0000-000000000000"] {
        let right =
            p.netbook.post("/api/island/operator-read-swp", &read_body(&p, swp, "2580")).await;
        let wrong =
            p.netbook.post("/api/island/operator-read-swp", &read_body(&p, swp, "1357")).await;
        assert_eq!(
            (right.status, &right.body),
            (wrong.status, &wrong.body),
            "{swp}: {} / {}",
            right.text,
            wrong.text
        );
        assert_eq!(right.status, StatusCode::NOT_FOUND);
    }
    // The verifier's PIN while there is nothing to verify: the same 409 either way.
    let verify = |pin: &str| {
        let body = json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "pin": pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/verify-swp", &body).await }
    };
    let (right, wrong) = (verify("4826").await, verify("1357").await);
    assert_eq!(
        (right.status, &right.body),
        (wrong.status, &wrong.body),
        "{} / {}",
        right.text,
        wrong.text
    );
    assert_eq!(right.status, StatusCode::CONFLICT);
    // Nothing was tried: no PIN was checked.
    assert_eq!(pin_row(&app, &p.op).await, (0, None));
    assert_eq!(pin_row(&app, &p.sup).await, (0, None));
}
