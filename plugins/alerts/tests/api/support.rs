//! Helpers of the alert tests: uploads, a submit payload, a review round, signatures.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::swp::support::{multipart, pdf, person, send_bytes};

/// Quarter hours after T0 (2026-01-01T00:00Z), as ISO text.
pub fn at(quarters: i64) -> String {
    plantdoc_core::clock::iso(T0 + quarters * 15 * 60 * 1000)
}

pub async fn upload(c: &Client, filename: &str, data: &[u8]) -> Resp {
    let (ct, body) = multipart(&[("filepond", Some(filename), "application/pdf", data)]);
    send_bytes(c, Method::POST, "/api/alerts/uploadPond", body, &ct).await
}

pub async fn upload_ok(c: &Client, label: &str) -> String {
    let r = upload(c, "alert.pdf", &pdf(label, 1)).await;
    assert_eq!(r.status, StatusCode::OK, "uploadPond: {}", r.text);
    r.body["serverId"].as_str().unwrap().to_string()
}

/// A valid payload (effective T0, sunset T0 + 7 days), `extra` merged over it.
pub fn payload(file: &str, extra: Value) -> Value {
    let mut p = json!({
        "alertFile": {"id": "pond-1", "serverId": file}, "alertType": "Safety", "partNumber": "al-100",
        "zones": ["A1", "B2"], "onBehalfOf": "Myself", "effectiveDate": at(0), "sunsetDate": at(7 * 96), "changes": "Gloves on.",
    });
    for (k, v) in extra.as_object().unwrap() {
        p[k] = v.clone();
    }
    p
}

pub async fn submit(c: &Client, extra: Value) -> Value {
    let f = upload_ok(c, "ALERT").await;
    let r = c.post("/api/alerts/uploadS3", &payload(&f, extra)).await;
    assert_eq!(r.status, StatusCode::OK, "uploadS3: {}", r.text);
    r.body["alert"].clone()
}

/// An uploader, an engineer-stage and a manager-stage reviewer (mpk, zones A1 and B2).
pub struct Crew {
    pub eng: Client,
    pub eng_id: String,
    pub reviewer: Client,
    pub manager: Client,
}

pub async fn crew(app: &TestApp) -> Crew {
    let (eng, eng_id) = person(app, "eng@demo.plant", "engineer", "process").await;
    let (reviewer, _) = person(app, "qe@demo.plant", "engineer", "quality").await;
    let (manager, _) = person(app, "pm@demo.plant", "manager", "production").await;
    Crew { eng, eng_id, reviewer, manager }
}

/// Submits and has both stages approve; answers the deployed alert.
pub async fn deployed(crew: &Crew, extra: Value) -> Value {
    let a = submit(&crew.eng, extra).await;
    let id = a["_id"].as_str().unwrap();
    for c in [&crew.reviewer, &crew.manager] {
        let r = c.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": ""})).await;
        assert_eq!(r.status, StatusCode::OK, "approve: {}", r.text);
    }
    let a = crew.eng.get(&format!("/api/alerts/alert/{id}")).await.body["alert"].clone();
    assert_eq!(a["status"], "deployed", "{a}");
    a
}

/// Records an operator's signature of the alert's current version, verified or not,
/// through the core's acknowledgements (as the island module does).
pub async fn sign(app: &TestApp, alert_id: &str, operator_id: &str, verified: bool) {
    use plantdoc_core::acks::{self, DocKind};
    let hash: String = sqlx::query_scalar("SELECT file_hash FROM alerts WHERE id = $1")
        .bind(alert_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let mut tx = app.state.db.begin().await.unwrap();
    let op = plantdoc_core::auth::users::find_by_id(&mut tx, operator_id).await.unwrap().unwrap();
    let now = app.state.now_ms();
    let id = acks::sign(&mut tx, DocKind::new("alert"), alert_id, &hash, &op, now).await.unwrap();
    if verified {
        assert!(acks::verify(&mut tx, &id, &op, now + 1000).await.unwrap());
    }
    tx.commit().await.unwrap();
}
