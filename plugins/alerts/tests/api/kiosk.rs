//! The kiosk's feed and the `AlertsInForce` port the island signs through, against the
//! injected clock: before the effective date, between, and after the sunset.
use plantdoc_core::ports::{AlertsInForce, SignableVersion};
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{add, login};

/// The alert as the island sees it through the port.
async fn in_force(app: &TestApp, company: &str, id: &str) -> Option<SignableVersion> {
    let port = app.state.port::<dyn AlertsInForce>().expect("the alerts module provides the port");
    port.in_force(&app.state, company, id).await.unwrap()
}

fn tags(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|a| a["alertTag"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn feed_follows_effective_and_sunset_and_operator_signatures() {
    let app = spawn().await;
    let crew = crew(&app).await;
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let kiosk = login(&app, "kiosk@demo.plant").await;
    let op = add(&app, "op1@demo.plant", "operator", "production", "mpk", &["A1"]).await;
    // In force from T0 + 1 h to T0 + 2 h in A1 and B2; another in B2 only from now on.
    let a = deployed(&crew, json!({"effectiveDate": at(4), "sunsetDate": at(8)})).await;
    let b = deployed(&crew, json!({"zones": ["B2"], "alertType": "Quality"})).await;
    let (a_id, a_tag) = (a["_id"].as_str().unwrap(), a["alertTag"].as_str().unwrap());
    let company = "mpk";
    // Before the effective date: not in force.
    assert!(tags(&kiosk.get("/api/alerts/operator-alerts/zone/A1").await.body).is_empty());
    assert!(in_force(&app, company, a_id).await.is_none());
    assert_eq!(
        crew.eng.get("/api/alerts/deployed").await.body.as_array().unwrap().len(),
        2,
        "Browse shows coming alerts"
    );
    // Between: in the feed of its zones, with a link to the PDF.
    app.clock.advance_secs(3600);
    // An hour passed: sign in again (console sessions time out when idle).
    let (kiosk, eng) = (login(&app, "kiosk@demo.plant").await, login(&app, "eng@demo.plant").await);
    let feed = kiosk.get("/api/alerts/operator-alerts/zone/A1").await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.text);
    assert_eq!(tags(&feed.body), vec![a_tag.to_string()]);
    assert!(feed.body[0]["url"].is_string());
    assert_eq!(feed.body[0]["alertType"], "Safety");
    assert_eq!(tags(&eng.get("/api/alerts/operator-alerts/zone/B2").await.body).len(), 2);
    let k = in_force(&app, company, a_id).await.expect("in force");
    assert_eq!(
        (k.kind.as_str(), k.id.as_str(), k.part_number.as_str()),
        ("alert", a_id, a["partNumber"].as_str().unwrap())
    );
    assert_eq!(k.version_hash.len(), 64);
    assert!(in_force(&app, "umw", a_id).await.is_none(), "another company's");
    // The operator's list: signed but not verified stays; signed and verified goes.
    let path = format!("/api/alerts/operator-alerts/A1/{op}");
    assert_eq!(tags(&kiosk.get(&path).await.body), vec![a_tag.to_string()]);
    sign(&app, a_id, &op, false).await;
    assert_eq!(tags(&kiosk.get(&path).await.body), vec![a_tag.to_string()]);
    sign(&app, a_id, &op, true).await;
    assert!(tags(&kiosk.get(&path).await.body).is_empty());
    let signed = eng.get(&format!("/api/alerts/signed-ops/{a_id}")).await;
    assert_eq!(signed.body["opList"]["opsSigned"].as_array().unwrap().len(), 2, "{}", signed.text);
    let dep = eng.get("/api/alerts/user-deployed-alerts").await.body;
    let row = dep.as_array().unwrap().iter().find(|x| x["_id"] == a_id).unwrap().clone();
    assert_eq!(row["opSigned"].as_array().unwrap().len(), 2);
    // A zone not the kiosk's, a zone no company has, another company's operator.
    assert_eq!(
        kiosk.get("/api/alerts/operator-alerts/zone/B2").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        kiosk.get("/api/alerts/operator-alerts/zone/ZZ").await.status,
        StatusCode::BAD_REQUEST
    );
    let foreign = add(&app, "op@umw.plant", "operator", "production", "umw", &["A1"]).await;
    assert_eq!(
        kiosk.get(&format!("/api/alerts/operator-alerts/A1/{foreign}")).await.status,
        StatusCode::NOT_FOUND
    );
    // After the sunset: gone from the floor without any job, shown as expired.
    app.clock.advance_secs(3600);
    let (kiosk, eng) = (login(&app, "kiosk@demo.plant").await, login(&app, "eng@demo.plant").await);
    assert!(tags(&kiosk.get("/api/alerts/operator-alerts/zone/A1").await.body).is_empty());
    assert!(in_force(&app, company, a_id).await.is_none());
    let dep = eng.get("/api/alerts/user-deployed-alerts").await.body;
    assert_eq!(
        dep.as_array().unwrap().iter().find(|x| x["_id"] == a_id).unwrap()["status"],
        "expired"
    );
    assert_eq!(
        tags(&eng.get("/api/alerts/deployed").await.body),
        vec![b["alertTag"].as_str().unwrap().to_string()]
    );
    // A deleted alert leaves the feed at once.
    let b_id = b["_id"].as_str().unwrap();
    assert_eq!(
        eng.post("/api/alerts/delete-deployed", &json!([b_id])).await.status,
        StatusCode::OK
    );
    assert!(tags(&eng.get("/api/alerts/operator-alerts/zone/B2").await.body).is_empty());
}

/// An alert removed by another instance (here: straight in the database) leaves the
/// feeds within session.recheck_ms, though this instance remembered them (decision 35).
#[tokio::test]
async fn an_alert_removed_by_another_instance_leaves_the_feed_within_the_recheck() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let op =
        crate::swp::support::add(&app, "op1@demo.plant", "operator", "production", "mpk", &["A1"])
            .await;
    let a = deployed(&crew, json!({})).await;
    let b = deployed(&crew, json!({})).await;
    let (zone, mine) =
        ("/api/alerts/operator-alerts/zone/A1", format!("/api/alerts/operator-alerts/A1/{op}"));
    assert_eq!(tags(&crew.eng.get(zone).await.body).len(), 2);
    assert_eq!(tags(&crew.eng.get(&mine).await.body).len(), 2);
    let id = a["_id"].as_str().unwrap();
    sqlx::query("UPDATE alerts SET status = 'deleted' WHERE id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE alert_zones SET deployed = 0 WHERE alert_id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    after_out_of_band_write().await;
    let left = vec![b["alertTag"].as_str().unwrap().to_string()];
    assert_eq!(tags(&crew.eng.get(zone).await.body), left);
    assert_eq!(tags(&crew.eng.get(&mine).await.body), left);
    // Remembered objects are the same bytes as fresh ones.
    let again = crew.eng.get(zone).await.body;
    assert_eq!(again[0]["alertTag"], b["alertTag"]);
    assert!(again[0]["url"].as_str().is_some_and(|u| !u.is_empty()));
}

/// The operator's feed is the zone's answer without the alerts they signed and had
/// verified, whichever place those hold in it: the same objects, in the same order.
#[tokio::test]
async fn the_operator_feed_is_the_zone_feed_less_what_they_signed() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let op =
        crate::swp::support::add(&app, "op1@demo.plant", "operator", "production", "mpk", &["A1"])
            .await;
    for _ in 0..3 {
        deployed(&crew, json!({})).await;
    }
    let (zone, mine) =
        ("/api/alerts/operator-alerts/zone/A1", format!("/api/alerts/operator-alerts/A1/{op}"));
    let all = crew.eng.get(zone).await.body.as_array().unwrap().clone();
    assert_eq!(all.len(), 3);
    assert_eq!(
        crew.eng.get(&mine).await.body.as_array().unwrap(),
        &all,
        "nothing signed: the zone's answer"
    );
    let id = |v: &Value| v["_id"].as_str().unwrap().to_string();
    // The middle one, then the first, then the last.
    sign(&app, &id(&all[1]), &op, true).await;
    assert_eq!(
        crew.eng.get(&mine).await.body.as_array().unwrap(),
        &vec![all[0].clone(), all[2].clone()]
    );
    sign(&app, &id(&all[0]), &op, true).await;
    assert_eq!(crew.eng.get(&mine).await.body.as_array().unwrap(), &vec![all[2].clone()]);
    sign(&app, &id(&all[2]), &op, false).await;
    assert_eq!(
        crew.eng.get(&mine).await.body.as_array().unwrap(),
        &vec![all[2].clone()],
        "not verified: still theirs to read"
    );
    sign(&app, &id(&all[2]), &op, true).await;
    assert!(crew.eng.get(&mine).await.body.as_array().unwrap().is_empty());
    assert_eq!(
        crew.eng.get(zone).await.body.as_array().unwrap(),
        &all,
        "the zone's answer is unchanged"
    );
}
