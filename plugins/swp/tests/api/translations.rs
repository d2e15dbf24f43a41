//! Documents per language (decision 82): translations of a revision's SWC, JES and
//! VIS sent on the Upload tab (reviewed with it) or proposed for a deployed revision and
//! reviewed (decision 95), replaced and removed with their audit rows and their files
//! kept, served by `?lang=` with the original as the fallback, and a new revision
//! starting with none. The review's own rules: translations_review.rs.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

/// `POST /api/swps/{id}/translations` as the console's drop sends it.
pub async fn add_translation(
    c: &Client,
    swp: &str,
    section: &str,
    lang: &str,
    data: &[u8],
) -> Resp {
    let (ct, body) = multipart(&[
        ("section", None, "text/plain", section.as_bytes()),
        ("lang", None, "text/plain", lang.as_bytes()),
        ("file", Some("translated.pdf"), "application/pdf", data),
    ]);
    send_bytes(c, Method::POST, &format!("/api/swps/{swp}/translations"), body, &ct).await
}

async fn revision_and_hash(app: &TestApp, id: &str) -> (Option<i64>, String) {
    sqlx::query_as("SELECT revision, content_hash FROM swps WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

/// The text of the PDF a link serves.
async fn served_text(app: &TestApp, link: &Value) -> String {
    let (status, bytes, _) = fetch_link(app, link.as_str().expect("a link")).await;
    assert_eq!(status, StatusCode::OK);
    page_texts(&bytes).join(" ")
}

/// Approves translation `id` at every SWP stage (process, quality, production).
pub async fn approve_translation(crew: &Crew, id: &str) -> Value {
    let mut last = Value::Null;
    for c in [&crew.process, &crew.quality, &crew.production] {
        let r = c
            .post(&format!("/api/swps/translations/approve/{id}"), &json!({"reviewNote": ""}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "approve: {}", r.text);
        last = r.body["translation"].clone();
    }
    last
}

/// The id of the SWP's translation of `section` in `lang` in an answer's list.
pub fn translation_id(swp: &Value, section: &str, lang: &str, status: &str) -> String {
    let list = swp["translations"].as_array().expect("a list of translations");
    let t =
        list.iter().find(|t| t["section"] == section && t["lang"] == lang && t["status"] == status);
    t.unwrap_or_else(|| panic!("no {status} {section}/{lang} in {swp}"))["id"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn swp_translations_are_proposed_reviewed_replaced_and_removed_with_their_audit() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7101-0001", json!({})).await;
    let before = revision_and_hash(&app, &id).await;
    let r = add_translation(&crew.eng, &id, "swc", "es", &pdf("ES SWC", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let list = r.body["swp"]["translations"].as_array().unwrap().clone();
    assert_eq!(list.len(), 1);
    assert_eq!(
        (list[0]["section"].as_str(), list[0]["lang"].as_str(), list[0]["status"].as_str()),
        (Some("swc"), Some("es"), Some("pending"))
    );
    assert_eq!(list[0]["approvals"]["quality"]["status"], "Pending");
    let first_sha = list[0]["sha256"].as_str().unwrap().to_string();
    assert_eq!(first_sha.len(), 64);
    assert!(list[0]["uploadedAt"].is_string());
    assert_eq!(
        revision_and_hash(&app, &id).await,
        before,
        "the revision and its version do not change"
    );
    assert_eq!(r.body["swp"]["status"], "deployed");
    assert_eq!(audit_count(&app, "swp.translation").await, 1);
    let first = translation_id(&r.body["swp"], "swc", "es", "pending");
    let t = approve_translation(&crew, &first).await;
    assert_eq!(t["status"], "approved", "{t}");
    assert_eq!(audit_count(&app, "swp.translation-review").await, 3);
    assert_eq!(audit_count(&app, "swp.translation").await, 2, "proposed, then approved");
    // The same section and language again: proposed; once approved it replaces the first,
    // which is superseded and kept with its file.
    let files_before = scalar(&app, "SELECT COUNT(*) FROM files").await;
    let r = add_translation(&crew.eng, &id, "swc", "es", &pdf("ES SWC v2", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let second = translation_id(&r.body["swp"], "swc", "es", "pending");
    assert_eq!(
        translation_id(&r.body["swp"], "swc", "es", "approved"),
        first,
        "the approved one is served meanwhile"
    );
    approve_translation(&crew, &second).await;
    let swp = crew.eng.get(&format!("/api/swps/swp/{id}")).await.body["swp"].clone();
    let list = swp["translations"].as_array().unwrap().clone();
    assert_eq!(list.len(), 1, "one served per section and language: {swp}");
    assert_ne!(list[0]["sha256"].as_str(), Some(first_sha.as_str()));
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM files").await,
        files_before + 1,
        "the replaced file is kept"
    );
    let old: String = sqlx::query_scalar("SELECT before_json FROM audit_log WHERE action = 'swp.translation' ORDER BY seq DESC LIMIT 1")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert!(old.contains(&first_sha) && old.contains("superseded"), "{old}");
    // A second language and another section.
    assert_eq!(
        add_translation(&crew.eng, &id, "jes", "pl", &pdf("PL JES", 1)).await.status,
        StatusCode::OK
    );
    // Field errors; nothing is kept of a refused file.
    let stored = stored_files(&app).await;
    for (section, lang, data, field) in [
        ("opin", "es", pdf("x", 1), "section"),
        ("vis", "fr", pdf("x", 1), "lang"),
        ("vis", "es", b"<html>not a pdf</html>".to_vec(), "file"),
    ] {
        let r = add_translation(&crew.eng, &id, section, lang, &data).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{section} {lang}: {}", r.text);
        assert!(r.body[field].is_string(), "{field}: {}", r.text);
    }
    assert_eq!(stored_files(&app).await, stored, "refused files are not kept");
    assert_eq!(revision_and_hash(&app, &id).await, before);
    // Removed (withdrawn, its file kept), audited; removing again is 404.
    let files_before = stored_files(&app).await;
    let r = crew
        .eng
        .send(Method::DELETE, &format!("/api/swps/{id}/translations/swc/es"), None, &[])
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let left: Vec<(String, String)> = r.body["swp"]["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["section"].as_str().unwrap().into(), t["lang"].as_str().unwrap().into()))
        .collect();
    assert_eq!(left, [("jes".to_string(), "pl".to_string())]);
    assert_eq!(stored_files(&app).await, files_before, "a removed translation's file is kept");
    assert_eq!(
        crew.eng
            .send(Method::DELETE, &format!("/api/swps/{id}/translations/swc/es"), None, &[])
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(audit_count(&app, "swp.translation").await, 6);
    assert_eq!(revision_and_hash(&app, &id).await, before);
    assert!(matches!(
        plantdoc_core::audit::verify(&app.state.db).await.unwrap(),
        plantdoc_core::audit::Verdict::Ok { .. }
    ));
}

#[tokio::test]
async fn swp_translations_are_for_engineers_and_managers_of_a_deployed_revision() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7101-0001", json!({})).await;
    let (operator, _) = person(&app, "op@demo.plant", "operator", "production").await;
    add(&app, "eng@other.plant", "engineer", "process", "umw", &["A1"]).await;
    let other = login(&app, "eng@other.plant").await;
    let (pm, _) = person(&app, "pm@demo.plant", "manager", "process").await;
    for (who, c, status) in [
        ("operator", &operator, StatusCode::FORBIDDEN),
        ("production supervisor", &crew.production, StatusCode::FORBIDDEN),
        ("other company", &other, StatusCode::NOT_FOUND),
    ] {
        let r = add_translation(c, &id, "swc", "es", &pdf("ES", 1)).await;
        assert_eq!(r.status, status, "{who}: {}", r.text);
        let r =
            c.send(Method::DELETE, &format!("/api/swps/{id}/translations/swc/es"), None, &[]).await;
        assert_eq!(r.status, status, "{who} delete: {}", r.text);
    }
    assert_eq!(audit_count(&app, "swp.translation").await, 0);
    // Another engineer of the company (not the author) and a manager may propose.
    let (eng2, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    assert_eq!(
        add_translation(&eng2, &id, "swc", "es", &pdf("ES", 1)).await.status,
        StatusCode::OK
    );
    assert_eq!(add_translation(&pm, &id, "vis", "pl", &pdf("PL", 1)).await.status, StatusCode::OK);
    // A pending SWP takes its translations on the Upload tab, not here.
    let pending = submit(&crew.eng, "7101-0002", json!({})).await;
    assert_eq!(
        add_translation(&crew.eng, &pending, "swc", "es", &pdf("ES", 1)).await.status,
        StatusCode::CONFLICT
    );
}

#[tokio::test]
async fn swp_files_are_served_in_the_asked_language_else_the_original() {
    let app = spawn().await;
    let crew = crew(&app).await;
    // The Upload tab: a Spanish SWC dropped with the originals.
    let files = file_ids(&crew.eng, "7101-0001").await;
    let es = upload_ok(&crew.eng, "uploadPdf", "swc-es.pdf", &pdf("ES SWC", 1)).await;
    let body = payload(
        files,
        "7101-0001",
        json!({"translations": [{"section": "swc", "lang": "es", "fileIds": [es]}]}),
    );
    let r = crew.eng.post("/api/swps/uploadS3", &body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    assert_eq!(r.body["swp"]["translations"][0]["lang"], "es");
    assert_eq!(
        r.body["swp"]["translations"][0]["status"], "approved",
        "reviewed with its revision"
    );
    assert_eq!(r.body["swp"]["translations"][0]["withDocument"], true);
    approve_all(&crew, &id).await;
    kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = login(&app, "kiosk@demo.plant").await;
    let r = netbook.get(&format!("/api/swps/swp-with-urls/{id}?lang=es")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let swp = &r.body["swp"];
    assert_eq!(
        (swp["served"]["swc"]["lang"].as_str(), swp["served"]["jes"]["lang"].as_str()),
        (Some("es"), None)
    );
    assert_eq!(swp["served"]["swc"]["sha256"], swp["translations"][0]["sha256"]);
    assert!(swp["served"]["jes"]["sha256"].as_str().is_some_and(|s| s.len() == 64));
    assert!(served_text(&app, &swp["urls"]["swc"]).await.contains("ES SWC"));
    assert!(served_text(&app, &swp["urls"]["jes"]).await.contains("JES"));
    // Polish: none, so the originals; no language: the spec's answer (no `served`).
    let pl =
        netbook.get(&format!("/api/swps/swp-with-urls/{id}?lang=pl")).await.body["swp"].clone();
    assert!(["swc", "jes", "vis"].iter().all(|s| pl["served"][s]["lang"].is_null()), "{pl}");
    assert!(!served_text(&app, &pl["urls"]["swc"]).await.contains("ES SWC"));
    let plain = netbook.get(&format!("/api/swps/swp-with-urls/{id}")).await.body["swp"].clone();
    assert!(plain.get("served").is_none());
    assert!(!served_text(&app, &plain["urls"]["swc"]).await.contains("ES SWC"));
    // The part read and the console's links say the same.
    let part = part_of(&app, &id).await;
    let d = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await;
    assert_eq!(d.body["details"]["served"]["swc"]["lang"], "es", "{}", d.text);
    let u = crew.eng.get(&format!("/api/swps/signed-urls/{id}?lang=es")).await;
    assert_eq!(u.body["served"]["swc"]["lang"], "es", "{}", u.text);
    assert!(served_text(&app, &u.body["urls"]["swc"]).await.contains("ES SWC"));
    // A new revision without a translation serves the original.
    let next =
        deployed(&crew, "7101-0001", json!({"newRelease": false, "changes": "New torque"})).await;
    let n = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await.body
        ["details"]
        .clone();
    assert_eq!(n["_id"], next.as_str());
    assert!(n["served"]["swc"]["lang"].is_null(), "{n}");
    assert_eq!(n["translations"], json!([]));
    // The old revision keeps its own.
    assert_eq!(
        crew.eng.get(&format!("/api/swps/swp/{id}")).await.body["swp"]["translations"][0]["lang"],
        "es"
    );
}

#[tokio::test]
async fn swp_upload_translations_are_checked_like_the_sections() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let files = file_ids(&eng, "7101-0001").await;
    let swc = files["swc"][0].clone();
    for (label, translations) in [
        ("a section's file", json!([{"section": "swc", "lang": "es", "fileIds": [swc]}])),
        ("no language", json!([{"section": "swc", "fileIds": ["x"]}])),
        ("not a list", json!("es")),
        ("an unknown upload", json!([{"section": "jes", "lang": "pl", "fileIds": ["nope"]}])),
    ] {
        let r = eng
            .post(
                "/api/swps/uploadS3",
                &payload(files.clone(), "7101-0001", json!({"translations": translations})),
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{label}: {}", r.text);
        assert!(r.body["translations"].is_string(), "{label}: {}", r.text);
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps").await, 0);
}
