//! `new-alert`: an alert deployed in force opens obligations for every active operator
//! of its zones, due at once; one coming in force later opens them when the task runs
//! after its effective date, due then; its sunset (removed from the floor, or its date
//! passing) voids the open ones; a verified signature closes one.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::alerts::support::{at, crew, deployed};
use crate::helpers::*;
use crate::swp::support::person;

#[tokio::test]
async fn an_alert_in_force_opens_for_its_zones_operators_and_its_sunset_voids() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let a1 = operator(&app, "1301", "mpk", &["A1"]).await;
    let b2 = operator(&app, "1302", "mpk", &["B2"]).await;
    let c1 = operator(&app, "1303", "mpk", &["C1"]).await;
    let gone = operator(&app, "1304", "mpk", &["A1"]).await;
    sqlx::query("UPDATE users SET disabled = 1 WHERE id = $1")
        .bind(&gone)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    operator(&app, "9301", "umw", &["A1"]).await;
    app.clock.advance_secs(600);
    let alert = deployed(&crew, json!({"zones": ["A1", "B2"]})).await;
    let id = alert["_id"].as_str().unwrap().to_string();
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    let got = list(&mgr, "").await;
    assert_eq!(
        rows(&got),
        want(&[(&a1, "new-alert", "open"), (&b2, "new-alert", "open")]),
        "{got}"
    );
    let r = &got["results"][0];
    assert_eq!(
        (r["kind"].as_str(), r["alertTag"].as_str(), r["docId"].as_str()),
        (Some("alert"), alert["alertTag"].as_str(), Some(id.as_str()))
    );
    assert_eq!(
        r["dueDate"]["date"],
        plantdoc_core::clock::iso(T0 + 600_000),
        "in force already: due at once"
    );
    assert_eq!(r["revision"], json!(null));
    let _ = c1;

    // The kiosk's read and verification close a1's; the sunset voids b2's.
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = crate::swp::support::login(&app, "kiosk@demo.plant").await;
    crate::island::support::badged(
        &app,
        "sup2001@demo.plant",
        "supervisor",
        "production",
        "mpk",
        "2001",
    )
    .await;
    let todo = netbook.get(&format!("/api/island/obligations/A1/{a1}")).await.body;
    assert_eq!(todo[0]["alertTag"], alert["alertTag"]);
    assert_eq!(
        (todo[0]["kind"].as_str(), todo[0]["overdue"].as_bool()),
        (Some("alert"), Some(false))
    );
    let r = netbook
        .post(
            "/api/island/operator-read-alert",
            &json!({"opId": a1, "alertId": id, "key": "read-alert-key"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "read: {}", r.text);
    let r = netbook
        .post(
            "/api/island/verify-alert",
            &json!({"badgeNo": "2001", "opId": a1, "alertId": id, "key": "verify-alert-key"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "verify: {}", r.text);
    assert_eq!(
        rows(&list(&mgr, "").await),
        want(&[(&a1, "new-alert", "done"), (&b2, "new-alert", "open")])
    );
    let r = crew.manager.post("/api/alerts/delete-deployed", &json!([id])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        rows(&list(&mgr, "").await),
        want(&[(&a1, "new-alert", "done"), (&b2, "new-alert", "void")])
    );
}

#[tokio::test]
async fn an_alert_coming_in_force_later_opens_at_its_start_and_voids_at_its_sunset() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let a1 = operator(&app, "1401", "mpk", &["A1"]).await;
    // Effective in 4 quarter hours, sunset a day later.
    let alert =
        deployed(&crew, json!({"zones": ["A1"], "effectiveDate": at(4), "sunsetDate": at(4 + 96)}))
            .await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    plantdoc_readiness::tick(&app.state).await.unwrap();
    assert_eq!(list(&mgr, "").await["total"], 0, "not in force yet");
    app.clock.advance_secs(2 * 3600);
    plantdoc_readiness::tick(&app.state).await.unwrap();
    crate::swp::support::relogin(&mgr, "mgr@demo.plant").await;
    let got = list(&mgr, "").await;
    assert_eq!(
        rows(&got),
        want(&[(&a1, "new-alert", "overdue")]),
        "due at its effective date, an hour ago"
    );
    assert_eq!(got["results"][0]["dueDate"]["date"], at(4));
    assert_eq!(got["results"][0]["docId"], alert["_id"]);
    plantdoc_readiness::tick(&app.state).await.unwrap();
    assert_eq!(list(&mgr, "").await["total"], 1, "once");
    app.clock.advance_secs(DAY);
    plantdoc_readiness::tick(&app.state).await.unwrap();
    crate::swp::support::relogin(&mgr, "mgr@demo.plant").await;
    assert_eq!(
        rows(&list(&mgr, "").await),
        want(&[(&a1, "new-alert", "void")]),
        "its sunset passed"
    );
}
