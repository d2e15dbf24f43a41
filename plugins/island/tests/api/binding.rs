//! Decision 49: an idempotency key is bound to the request it first carried
//! (operator, document, verifier's badge): the same key with another request is 409 and
//! records nothing; and only operators and OJT trainees with a badge sign as the operator
//! (never staff or a kiosk account), on the SWP and the alert calls alike.
use reqwest::StatusCode;
use serde_json::json;

use super::alerts::{alert_id, demo_kiosk};
use super::support::*;
use crate::helpers::*;

const REUSED: &str = "This request key was already used for another request.";
const UNKNOWN_OPERATOR: &str =
    "This operator is not recognised. Please sign out and scan your badge again.";

async fn records_of(app: &TestApp, op: &str) -> i64 {
    sqlx::query_scalar("SELECT COUNT(*) FROM acknowledgements WHERE operator_id = $1")
        .bind(op)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

async fn user_id(app: &TestApp, email: &str) -> String {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
        .bind(email)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_swp_key_with_another_request_is_409_and_records_nothing() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let b = badged(&app, "op1002@demo.plant", "operator", "production", "mpk", "1002").await;
    let read = |op: &str, swp: &str| json!({"opId": op, "swpId": swp, "key": "shared-read-key"});
    let first = p.netbook.post("/api/island/operator-read-swp", &read(&p.op, &p.swp_id)).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    for (label, body) in [
        ("another operator", read(&b, &p.swp_id)),
        ("another document", read(&p.op, "another-swp")),
    ] {
        let r = p.netbook.post("/api/island/operator-read-swp", &body).await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::CONFLICT, Some(REUSED)),
            "{label}: {}",
            r.text
        );
    }
    assert_eq!(records_of(&app, &b).await, 0, "B has no record");
    assert_eq!(
        p.netbook.post("/api/island/operator-read-swp", &read(&p.op, &p.swp_id)).await.body,
        first.body,
        "the same request replays"
    );

    let verify = |badge: &str, op: &str| json!({"badgeNo": badge, "opId": op, "swpId": p.swp_id, "key": "shared-verify-key"});
    let v = p.netbook.post("/api/island/verify-swp", &verify("2001", &p.op)).await;
    assert_eq!(v.status, StatusCode::OK, "{}", v.text);
    for (label, body) in
        [("another verifier", verify("4001", &p.op)), ("another operator", verify("2001", &b))]
    {
        let r = p.netbook.post("/api/island/verify-swp", &body).await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::CONFLICT, Some(REUSED)),
            "{label}: {}",
            r.text
        );
    }
    assert_eq!(
        p.netbook.post("/api/island/verify-swp", &verify(" 2001 ", &p.op)).await.body,
        v.body,
        "the badge as scanned, trimmed"
    );
    assert_eq!(
        (audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await),
        (1, 1)
    );
    // B signs with a key of their own.
    let r = p
        .netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": b, "swpId": p.swp_id, "key": "b-read-key-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_ne!(r.body["recordId"], first.body["recordId"]);
    assert_eq!(records_of(&app, &b).await, 1);
}

#[tokio::test]
async fn an_alert_key_with_another_request_is_409_and_records_nothing() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let op_of = |badge: &'static str| {
        let netbook = netbook.clone();
        async move {
            netbook.get(&format!("/api/island/operator-from-badge/{badge}")).await.body["_id"]
                .as_str()
                .unwrap()
                .to_string()
        }
    };
    let (a, b) = (op_of("1001").await, op_of("1002").await);
    let alert = alert_id(&app, "S-2026-0001").await;
    let read = |op: &str| json!({"opId": op, "alertId": alert, "key": "shared-alert-read"});
    assert_eq!(
        netbook.post("/api/island/operator-read-alert", &read(&a)).await.status,
        StatusCode::OK
    );
    let r = netbook.post("/api/island/operator-read-alert", &read(&b)).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some(REUSED)),
        "{}",
        r.text
    );
    assert_eq!(records_of(&app, &b).await, 0);
    let verify = |badge: &str| json!({"badgeNo": badge, "opId": a, "alertId": alert, "key": "shared-alert-verify"});
    assert_eq!(
        netbook.post("/api/island/verify-alert", &verify("9031")).await.status,
        StatusCode::OK
    );
    let r = netbook.post("/api/island/verify-alert", &verify("9021")).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some(REUSED)),
        "{}",
        r.text
    );
    assert_eq!(
        (audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await),
        (1, 1)
    );
}

#[tokio::test]
async fn only_operators_and_ojt_with_a_badge_sign_as_the_operator() {
    let app = spawn().await;
    let p = plant(&app, "7101-0002").await;
    let ojt = badged(&app, "ojt1003@demo.plant", "ojt", "production", "mpk", "1003").await;
    let engineer = user_id(&app, "pe4001@demo.plant").await;
    let kiosk = user_id(&app, "kiosk@demo.plant").await;
    let foreign = user_id(&app, "sup9001@other.plant").await;
    let no_badge = crate::swp::support::add(
        &app,
        "op.nobadge@demo.plant",
        "operator",
        "production",
        "mpk",
        &["A1"],
    )
    .await;
    for (label, op) in [
        ("supervisor", &p.sup),
        ("process engineer", &engineer),
        ("the kiosk account", &kiosk),
        ("another company", &foreign),
        ("no badge", &no_badge),
    ] {
        let r = p
            .netbook
            .post(
                "/api/island/operator-read-swp",
                &json!({"opId": op, "swpId": p.swp_id, "key": format!("who-read-{}", label.replace(' ', "-"))}),
            )
            .await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some(UNKNOWN_OPERATOR)),
            "{label}: {}",
            r.text
        );
        let r = p
            .netbook
            .post(
                "/api/island/verify-swp",
                &json!({"badgeNo": "2001", "opId": op, "swpId": p.swp_id}),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{label}: {}", r.text);
        let r = p.netbook.get(&format!("/api/island/operator-status/{op}/{}", p.swp_id)).await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some(UNKNOWN_OPERATOR)),
            "{label}: {}",
            r.text
        );
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 0);
    // An OJT trainee signs, and is verified.
    let r = p
        .netbook
        .post("/api/island/operator-read-swp", &json!({"opId": ojt, "swpId": p.swp_id}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = p
        .netbook
        .post("/api/island/verify-swp", &json!({"badgeNo": "2001", "opId": ojt, "swpId": p.swp_id}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

#[tokio::test]
async fn the_alert_calls_take_the_same_operators() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let alert = alert_id(&app, "S-2026-0001").await;
    for email in ["manager.process@demo.plant", "kiosk@demo.plant", "supervisor@demo.plant"] {
        let op = user_id(&app, email).await;
        let r = netbook
            .post("/api/island/operator-read-alert", &json!({"opId": op, "alertId": alert}))
            .await;
        assert_eq!(
            (r.status, r.body["error"].as_str()),
            (StatusCode::FORBIDDEN, Some(UNKNOWN_OPERATOR)),
            "{email}: {}",
            r.text
        );
        let r = netbook
            .post(
                "/api/island/verify-alert",
                &json!({"badgeNo": "9021", "opId": op, "alertId": alert}),
            )
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{email}: {}", r.text);
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 0);
}
