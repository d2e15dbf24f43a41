//! Read and verify: one sign record bound to the version hash, audited; idempotent
//! resends; the status rules (90-day window at days 89/90/91, 'contain' parts); the
//! verifier rules.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::login;

const DAY: i64 = 24 * 60 * 60;

#[tokio::test]
async fn read_then_verify_makes_one_verified_record_with_the_version_hash() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let s = p.status().await;
    assert_eq!(
        (s["swpRead"].clone(), s["trainingLevel"].clone(), s["awaitingVerification"].clone()),
        (json!(false), json!(5), json!(false))
    );

    let r = p.read("read-key-0001").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let s = p.status().await;
    assert_eq!(
        (s["swpRead"].clone(), s["awaitingVerification"].clone()),
        (json!(false), json!(true)),
        "a read alone is not yet read"
    );
    assert!(history(&p.netbook, &p.swp_id).await.iter().all(|h| h["verified"] == false));

    let v = p.verify("2001", "verify-key-0001").await;
    assert_eq!(v.status, StatusCode::OK, "{}", v.text);
    assert_eq!(v.body["recordId"], r.body["recordId"]);
    let rows = history(&p.netbook, &p.swp_id).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["verified"], true);
    assert_eq!(rows[0]["op"]["opNo"], "OP1001");
    assert_eq!(rows[0]["cl"]["fullName"], "Badge 2001");
    let hash: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&p.swp_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let (stored, meaning): (String, String) = sqlx::query_as(
        "SELECT version_hash, verify_meaning FROM acknowledgements WHERE doc_id = $1",
    )
    .bind(&p.swp_id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!((stored.as_str(), meaning.as_str()), (hash.as_str(), "verified"));
    assert_eq!(r.body["versionHash"], hash.as_str());
    assert_eq!(
        (audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await),
        (1, 1)
    );
    let s = p.status().await;
    assert_eq!(s["swpRead"], true);
    assert_eq!(s["expires"], "2026-04-01T00:00:00.000Z", "signed on T0 + 90 days");
}

#[tokio::test]
async fn resends_are_recorded_once() {
    let app = spawn().await;
    let p = plant(&app, "7101-0002").await;
    let a = p.read("same-read-key").await;
    let b = p.read("same-read-key").await;
    let c = p.read("another-read-key").await;
    assert_eq!(a.body, b.body);
    assert_eq!(
        a.body["recordId"], c.body["recordId"],
        "one unverified record per operator and version"
    );
    let v1 = p.verify("2001", "same-verify-key").await;
    let v2 = p.verify("2001", "same-verify-key").await;
    assert_eq!(
        (v1.status, v2.status),
        (StatusCode::OK, StatusCode::OK),
        "{} / {}",
        v1.text,
        v2.text
    );
    assert_eq!(v1.body, v2.body);
    let again = p.verify("2001", "new-verify-key").await;
    assert_eq!(again.status, StatusCode::CONFLICT, "nothing left to verify: {}", again.text);
    assert_eq!(history(&p.netbook, &p.swp_id).await.len(), 1);
    assert_eq!(
        (audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await),
        (1, 1)
    );
    // A key is bound to its kind of request.
    let r = p.read("same-verify-key").await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    let bad = p.read("short").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body["key"].is_string(), "{}", bad.text);
}

#[tokio::test]
async fn a_signature_counts_for_less_than_90_days() {
    let app = spawn().await;
    let mut p = plant(&app, "7101-0003").await;
    p.signed("window").await;
    // The netbook signs in again after its 30 days.
    app.clock.advance_secs(89 * DAY);
    p.netbook = login(&app, "kiosk@demo.plant").await;
    assert_eq!(p.status().await["swpRead"], true, "day 89");
    app.clock.advance_secs(DAY);
    assert_eq!(p.status().await["swpRead"], false, "day 90");
    app.clock.advance_secs(DAY);
    assert_eq!(p.status().await["swpRead"], false, "day 91");
    // Reading again renews it.
    p.signed("renew").await;
    assert_eq!(p.status().await["swpRead"], true);
    assert_eq!(history(&p.netbook, &p.swp_id).await.len(), 2);
}

#[tokio::test]
async fn contain_parts_count_as_read() {
    let app = spawn().await;
    let p = plant(&app, "BOX-CONTAINER-7").await;
    let s = p.status().await;
    assert_eq!(s["swpRead"], true, "{s}");
    assert_eq!(s["signedAt"], serde_json::Value::Null);
}

#[tokio::test]
async fn verifier_rules() {
    let app = spawn().await;
    let p = plant(&app, "7101-0004").await;
    // Nothing read yet: nothing to verify.
    assert_eq!(p.verify("2001", "early-verify").await.status, StatusCode::CONFLICT);
    p.read("rules-read-key").await;
    let cases = [
        ("1001", "Operators cannot verify themselves. Another person must scan their own badge."),
        ("3001", "This badge cannot verify operators. A supervisor, manager or engineer must scan their own badge."),
        ("9001", "This badge is not recognised. Please scan again."),
        ("nobody", "This badge is not recognised. Please scan again."),
    ];
    for (i, (badge, text)) in cases.iter().enumerate() {
        let r = p.verify(badge, &format!("rules-verify-{i}")).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{badge}: {}", r.text);
        assert_eq!(r.body["error"], *text, "{badge}");
    }
    assert_eq!(audit_count(&app, "island.verify").await, 0);
    // A process engineer may verify.
    let r = p.verify("4001", "rules-verify-ok").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    // Bad input: a field map, never a 500.
    let r = p.netbook.post("/api/island/verify-swp", &json!({"opId": 5})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    let r = p.netbook.post("/api/island/verify-swp", &json!({})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["badgeNo"].is_string() && r.body["swpId"].is_string(), "{}", r.text);
    let r = p
        .netbook
        .post("/api/island/operator-read-swp", &json!({"opId": p.op, "swpId": "nope"}))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.text);
}
