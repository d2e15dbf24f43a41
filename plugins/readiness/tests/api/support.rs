//! Helpers of the readiness tests: operators with badges in chosen zones, signatures
//! through the core's acknowledgements store (the island's kiosk flow where the test is
//! about the kiosk's verification), and the module's lists.
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::auth::users::UserInput;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// The module's release.
pub const RELEASE: [(&str, &str); 1] = [("release", "2.0")];
pub const DAY: i64 = 24 * 60 * 60;

/// Adds an operator with a badge (`OP<badge>`); answers the id.
pub async fn operator(app: &TestApp, badge: &str, company: &str, zones: &[&str]) -> String {
    app.add(UserInput {
        firstname: "Oper".into(),
        lastname: format!("B{badge}"),
        company_code: company.into(),
        zones: zone_list(zones),
        badge: Some(badge.into()),
        op_no: Some(format!("OP{badge}")),
        ..new_user(&format!("op{badge}@{company}.plant"), "operator", "production")
    })
    .await
}

/// A verified (or not) signature of the SWP's current version at `at` (ms), straight in
/// the acknowledgements store (no event: the past before the test's acts).
pub async fn signed_before(app: &TestApp, swp_id: &str, op_id: &str, at: i64, verified: bool) {
    let hash: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(swp_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let mut tx = app.state.db.begin().await.unwrap();
    let op = plantdoc_core::auth::users::find_by_id(&mut tx, op_id).await.unwrap().unwrap();
    let id = acks::sign(&mut tx, DocKind::new("swp"), swp_id, &hash, &op, at).await.unwrap();
    if verified {
        assert!(acks::verify(&mut tx, &id, &op, at + 60_000).await.unwrap());
    }
    tx.commit().await.unwrap();
}

/// The netbook reads and the supervisor with badge `verifier` verifies, at the kiosk.
pub async fn kiosk_signs(netbook: &Client, op_id: &str, swp_id: &str, verifier: &str) {
    let key = format!("k-{}", &uuid_like()[..20]);
    let r = netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": op_id, "swpId": swp_id, "key": format!("r{key}")}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "read: {}", r.text);
    let body = json!({"badgeNo": verifier, "opId": op_id, "swpId": swp_id, "opName": "Oper", "partNumber": "x", "currentSquares": 5, "key": format!("v{key}")});
    let r = netbook.post("/api/island/verify-swp", &body).await;
    assert_eq!(r.status, StatusCode::OK, "verify: {}", r.text);
}

/// The obligations list's answer for a query.
pub async fn list(c: &Client, query: &str) -> Value {
    let r = c.get(&format!("/api/readiness/obligations?{query}")).await;
    assert_eq!(r.status, StatusCode::OK, "list {query}: {}", r.text);
    r.body
}

/// `(operator id, reason, state)` of the list's rows, sorted.
pub fn rows(v: &Value) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["operator"]["_id"].as_str().unwrap().into(),
                r["reason"].as_str().unwrap().into(),
                r["state"].as_str().unwrap().into(),
            )
        })
        .collect();
    out.sort();
    out
}

/// Sorted `(operator, reason, state)` expectations.
pub fn want(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    let mut out: Vec<_> =
        list.iter().map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string())).collect();
    out.sort();
    out
}
