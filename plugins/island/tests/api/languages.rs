//! Documents per language at the kiosk (decision 82) on the demo plant: the sign
//! record names the files the operator was shown (a Spanish SWC, the original JES and
//! VIS) with their SHA-256, a hash that is not of the revision is refused, the auditor's
//! file shows the language read; alerts likewise, one file per language.
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::alerts::{alert_id, demo_kiosk};
use crate::helpers::*;
use crate::swp::support::{multipart, pdf, send_bytes};
use crate::swp::translations::add_translation;

async fn engineer(app: &TestApp) -> Client {
    demo_login(app, "engineer1@demo.plant").await
}

async fn demo_login(app: &TestApp, email: &str) -> Client {
    let c = app.client();
    let r = c.post("/api/users/login", &json!({"email": email, "password": DEMO_PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    c
}

/// The pending translation in a translations answer (`{translations: [...]}`).
fn pending_id(list: &Value) -> String {
    let t = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["status"] == "pending")
        .unwrap_or_else(|| panic!("none pending: {list}"));
    t["id"].as_str().unwrap().to_string()
}

/// Every review stage of the document's kind approves translation `id` (decision 95):
/// the demo plant's SWP approvers, or an alert's engineer then manager.
async fn approve_translation(app: &TestApp, module: &str, id: &str) {
    let reviewers: &[&str] = if module == "swps" {
        &[
            "approver.process@demo.plant",
            "approver.quality@demo.plant",
            "approver.production@demo.plant",
        ]
    } else {
        &["engineer2@demo.plant", "manager.quality@demo.plant"]
    };
    for email in reviewers {
        let r = demo_login(app, email)
            .await
            .post(&format!("/api/{module}/translations/approve/{id}"), &json!({"reviewNote": ""}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{email}: {}", r.text);
    }
}

/// The files the kiosk showed, as `served` names them.
fn shown(served: &Value, sections: &[&str]) -> Value {
    Value::Array(
        sections
            .iter()
            .map(
                |s| json!({"section": s, "lang": served[s]["lang"], "sha256": served[s]["sha256"]}),
            )
            .collect(),
    )
}

async fn read_files(app: &TestApp, record: &Value) -> Option<String> {
    sqlx::query_scalar("SELECT read_files FROM acknowledgements WHERE id = $1")
        .bind(record.as_str().unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_sign_record_names_the_language_files_read_and_their_hashes() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let eng = engineer(&app).await;
    let part =
        netbook.get("/api/swps/deployed-swp-part-numbers?searchTerm=7101-0001&limit=1").await.body
            ["swpList"][0]["_id"]
            .as_str()
            .unwrap()
            .to_string();
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await.body
        ["details"]
        .clone();
    let id = swp["_id"].as_str().unwrap().to_string();
    assert!(swp["served"]["swc"]["lang"].is_null(), "no translation yet: {swp}");
    let r = add_translation(&eng, &id, "swc", "es", &pdf("ES SWC", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    approve_translation(&app, "swps", &pending_id(&r.body["swp"]["translations"])).await;
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await.body
        ["details"]
        .clone();
    assert_eq!(
        swp["served"]["swc"]["lang"], "es",
        "the kept answer follows the translation: {swp}"
    );
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let files = shown(&swp["served"], &["swc", "jes", "vis"]);
    // A hash that is no file of this revision is refused, and nothing is recorded.
    let mut wrong = files.clone();
    wrong[0]["sha256"] = json!("0".repeat(64));
    let mut wrong_lang = files.clone();
    wrong_lang[1]["lang"] = json!("es");
    for (label, bad) in [("hash", wrong), ("language", wrong_lang), ("none", json!([]))] {
        let r = netbook
            .post(
                "/api/island/operator-read-swp",
                &json!({"opId": op, "swpId": id, "readFiles": bad}),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{label}: {}", r.text);
        assert!(r.body["readFiles"].is_string(), "{label}: {}", r.text);
    }
    assert_eq!(audit_count(&app, "island.sign").await, 0);
    let r = netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": op, "swpId": id, "readFiles": files, "key": "es-read-1"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let kept: Value = serde_json::from_str(
        &read_files(&app, &r.body["recordId"]).await.expect("the files read are kept"),
    )
    .unwrap();
    assert_eq!(kept, files);
    assert_eq!(kept[0]["lang"], "es");
    assert!(kept[1]["lang"].is_null(), "the JES was read in its original");
    let after: String =
        sqlx::query_scalar("SELECT after_json FROM audit_log WHERE action = 'island.sign'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(after.contains(swp["served"]["swc"]["sha256"].as_str().unwrap()), "{after}");
    // The record's files never change.
    let rec = r.body["recordId"].as_str().unwrap().to_string();
    let changed = sqlx::query("UPDATE acknowledgements SET read_files = '[]' WHERE id = $1")
        .bind(&rec)
        .execute(&app.state.db.pool)
        .await;
    assert!(changed.is_err(), "a record's files are bound to it");
    // The auditor's file shows the language read.
    let csv = eng.get("/api/swps/audit-file/7101-0001.csv").await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(csv.text.contains("read SWC in es"), "{}", csv.text);
}

/// `POST /api/alerts/{id}/translations`.
async fn add_alert_translation(c: &Client, alert: &str, lang: &str, data: &[u8]) -> Resp {
    let (ct, body) = multipart(&[
        ("lang", None, "text/plain", lang.as_bytes()),
        ("file", Some("alerta.pdf"), "application/pdf", data),
    ]);
    send_bytes(c, Method::POST, &format!("/api/alerts/{alert}/translations"), body, &ct).await
}

#[tokio::test]
async fn an_alert_has_one_file_per_language_and_its_sign_record_names_the_one_read() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let eng = engineer(&app).await;
    let alert = alert_id(&app, "S-2026-0001").await;
    let file_hash: String = sqlx::query_scalar("SELECT file_hash FROM alerts WHERE id = $1")
        .bind(&alert)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    // The kiosk account (an operator) may not translate.
    assert_eq!(
        add_alert_translation(&netbook, &alert, "es", &pdf("ALERTA", 1)).await.status,
        StatusCode::FORBIDDEN
    );
    let r = add_alert_translation(&eng, &alert, "es", &pdf("ALERTA", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        (r.body["translations"][0]["lang"].as_str(), r.body["translations"][0]["status"].as_str()),
        (Some("es"), Some("pending"))
    );
    // Proposed: the kiosk is linked to the original until the alert's two stages approve it.
    let before = netbook.get(&format!("/api/alerts/file/{alert}?lang=es")).await.body;
    assert!(before["served"]["lang"].is_null(), "{before}");
    approve_translation(&app, "alerts", &pending_id(&r.body["translations"])).await;
    let r = add_alert_translation(&eng, &alert, "es", &pdf("ALERTA v2", 1)).await;
    assert_eq!(
        r.body["translations"].as_array().map(Vec::len),
        Some(2),
        "one served, one in review: {}",
        r.text
    );
    approve_translation(&app, "alerts", &pending_id(&r.body["translations"])).await;
    let r = add_alert_translation(&eng, &alert, "fr", &pdf("x", 1)).await;
    assert!(r.body["lang"].is_string(), "{}", r.text);
    let after: String = sqlx::query_scalar("SELECT file_hash FROM alerts WHERE id = $1")
        .bind(&alert)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(after, file_hash, "the alert's version does not change");
    // Served by language, else the original.
    let es = netbook.get(&format!("/api/alerts/file/{alert}?lang=es")).await;
    assert_eq!(es.status, StatusCode::OK, "{}", es.text);
    assert_eq!(es.body["served"]["lang"], "es");
    let pl = netbook.get(&format!("/api/alerts/file/{alert}?lang=pl")).await.body;
    assert!(pl["served"]["lang"].is_null());
    assert_eq!(pl["served"]["sha256"], file_hash.as_str());
    // The sign record names the Spanish file; a wrong hash is refused.
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let bad = json!([{"section": "alert", "lang": "es", "sha256": file_hash}]);
    let r = netbook
        .post(
            "/api/island/operator-read-alert",
            &json!({"opId": op, "alertId": alert, "readFiles": bad}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    let good = json!([{"section": "alert", "lang": "es", "sha256": es.body["served"]["sha256"]}]);
    let r = netbook
        .post(
            "/api/island/operator-read-alert",
            &json!({"opId": op, "alertId": alert, "readFiles": good}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let kept: Value =
        serde_json::from_str(&read_files(&app, &r.body["recordId"]).await.unwrap()).unwrap();
    assert_eq!(kept, good);
    // Removed, audited (added, replaced, removed).
    let r =
        eng.send(Method::DELETE, &format!("/api/alerts/{alert}/translations/es"), None, &[]).await;
    assert_eq!(
        (r.status, r.body["translations"].clone()),
        (StatusCode::OK, json!([])),
        "{}",
        r.text
    );
    assert_eq!(
        audit_count(&app, "alert.translation").await,
        5,
        "proposed and approved twice, removed"
    );
    assert!(netbook.get(&format!("/api/alerts/file/{alert}?lang=es")).await.body["served"]["lang"]
        .is_null());
}

/// The stored file with this SHA-256 is there: its files row and its blob.
async fn kept(app: &TestApp, sha: &str) -> bool {
    let key: Option<String> = sqlx::query_scalar("SELECT storage_key FROM files WHERE sha256 = $1")
        .bind(sha)
        .fetch_optional(&app.state.db.pool)
        .await
        .unwrap();
    match key {
        Some(k) => app.state.storage.exists(&k).await.unwrap(),
        None => false,
    }
}

/// Decision 95: replacing or removing a translation deletes no file, so the file a sign
/// record names (by its SHA-256) stays, for SWPs and alerts alike.
#[tokio::test]
async fn a_file_a_sign_record_names_is_never_deleted() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let eng = engineer(&app).await;
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let part =
        netbook.get("/api/swps/deployed-swp-part-numbers?searchTerm=7101-0001&limit=1").await.body
            ["swpList"][0]["_id"]
            .as_str()
            .unwrap()
            .to_string();
    let id = netbook.get(&format!("/api/swps/deployed-swp?partId={part}")).await.body["details"]
        ["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = add_translation(&eng, &id, "swc", "es", &pdf("ES SWC", 1)).await;
    approve_translation(&app, "swps", &pending_id(&r.body["swp"]["translations"])).await;
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await.body
        ["details"]
        .clone();
    let files = shown(&swp["served"], &["swc", "jes", "vis"]);
    let r = netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": op, "swpId": id, "readFiles": files}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let read = swp["served"]["swc"]["sha256"].as_str().unwrap().to_string();
    // Replaced (a second one approved), then removed: the file read stays.
    let r = add_translation(&eng, &id, "swc", "es", &pdf("ES SWC v2", 1)).await;
    approve_translation(&app, "swps", &pending_id(&r.body["swp"]["translations"])).await;
    assert!(kept(&app, &read).await, "the replaced file a sign record names");
    let r =
        eng.send(Method::DELETE, &format!("/api/swps/{id}/translations/swc/es"), None, &[]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(kept(&app, &read).await);
    // An alert's.
    let alert = alert_id(&app, "S-2026-0001").await;
    let r = add_alert_translation(&eng, &alert, "es", &pdf("ALERTA", 1)).await;
    approve_translation(&app, "alerts", &pending_id(&r.body["translations"])).await;
    let served =
        netbook.get(&format!("/api/alerts/file/{alert}?lang=es")).await.body["served"].clone();
    let read = served["sha256"].as_str().unwrap().to_string();
    let good = json!([{"section": "alert", "lang": "es", "sha256": read}]);
    let r = netbook
        .post(
            "/api/island/operator-read-alert",
            &json!({"opId": op, "alertId": alert, "readFiles": good}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r =
        eng.send(Method::DELETE, &format!("/api/alerts/{alert}/translations/es"), None, &[]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert!(kept(&app, &read).await, "the removed alert translation a sign record names");
    let signed: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM acknowledgements WHERE read_files LIKE $1")
            .bind(format!("%{read}%"))
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(signed, 1);
}
