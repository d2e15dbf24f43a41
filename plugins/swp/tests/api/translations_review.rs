//! Translations under review (decision 95): a translation proposed for a deployed SWP is
//! not what the kiosk serves until every stage approved it (the original and the
//! 'not in your language' case meanwhile), its proposer reviews no stage of it, a plant
//! may review it in one stage (never none), and a replaced translation stays: its file
//! row and blob, downloadable, listed as superseded in the auditor's file.
use plantdoc_core::config::Settings;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use super::translations::{add_translation, approve_translation, translation_id};
use crate::helpers::*;

/// The (title, link, note) of `c`'s notifications that name a translation, newest first.
async fn told(c: &Client) -> Vec<(String, String, Value)> {
    let page = c.get("/api/notifications").await.body;
    let items = page["items"].as_array().expect("a page of notifications").iter();
    let of = |i: &Value, k: &str| i[k].as_str().unwrap_or_default().to_string();
    items
        .filter(|i| of(i, "title").contains("translation"))
        .map(|i| (of(i, "title"), of(i, "link"), i["note"].clone()))
        .collect()
}

/// The text of the PDF a link serves.
async fn text_at(app: &TestApp, link: &Value) -> String {
    let (status, bytes, _) = fetch_link(app, link.as_str().expect("a link")).await;
    assert_eq!(status, StatusCode::OK);
    page_texts(&bytes).join(" ")
}

/// What the kiosk is shown of the SWP's SWC in Spanish: (served lang, the SWC's text),
/// by its two reads (the SWP, and the part's deployed SWP, a kept answer).
async fn kiosk_swc(
    app: &TestApp,
    netbook: &Client,
    id: &str,
    part: &str,
) -> (Value, String, Value) {
    let swp =
        netbook.get(&format!("/api/swps/swp-with-urls/{id}?lang=es")).await.body["swp"].clone();
    let text = text_at(app, &swp["urls"]["swc"]).await;
    let d = netbook.get(&format!("/api/swps/deployed-swp?partId={part}&lang=es")).await.body
        ["details"]
        .clone();
    (swp["served"]["swc"]["lang"].clone(), text, d["served"]["swc"]["lang"].clone())
}

#[tokio::test]
async fn a_proposed_translation_is_not_served_at_the_kiosk_until_every_stage_approved_it() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7201-0001", json!({})).await;
    let part = part_of(&app, &id).await;
    kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = login(&app, "kiosk@demo.plant").await;
    let (lang, _, kept) = kiosk_swc(&app, &netbook, &id, &part).await;
    assert!(lang.is_null() && kept.is_null(), "no translation yet");
    let r = add_translation(&crew.eng, &id, "swc", "es", &pdf("ES SWC", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let tid = translation_id(&r.body["swp"], "swc", "es", "pending");
    // A reader is told only of served translations.
    let seen = netbook.get(&format!("/api/swps/swp-with-urls/{id}?lang=es")).await.body["swp"]
        ["translations"]
        .clone();
    assert_eq!(seen, json!([]), "the kiosk is not told of one in review");
    // Proposed, then two of three stages approved: the kiosk still serves the original.
    for reviewer in [None, Some(&crew.process), Some(&crew.quality)] {
        if let Some(c) = reviewer {
            let r = c
                .post(&format!("/api/swps/translations/approve/{tid}"), &json!({"reviewNote": ""}))
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text);
            assert_eq!(r.body["translation"]["status"], "pending");
        }
        let (lang, text, kept) = kiosk_swc(&app, &netbook, &id, &part).await;
        assert!(lang.is_null() && kept.is_null(), "served before its review ended: {lang} {kept}");
        assert!(!text.contains("ES SWC"), "{text}");
        let u = crew.eng.get(&format!("/api/swps/signed-urls/{id}?lang=es")).await;
        assert!(u.body["served"]["swc"]["lang"].is_null(), "{}", u.text);
    }
    // Nor may a sign record name it.
    let sha = r.body["swp"]["translations"][0]["sha256"].clone();
    let port =
        app.state.port::<dyn plantdoc_core::ports::DeployedDocs>().expect("the swp module's port");
    let files = port.files(&app.state, &id).await.unwrap();
    assert!(
        !files.iter().any(|f| json!(f.sha256) == sha),
        "an unapproved file is no file of the version"
    );
    // The last stage: served, in both reads.
    let r = crew
        .production
        .post(&format!("/api/swps/translations/approve/{tid}"), &json!({"reviewNote": "ok"}))
        .await;
    assert_eq!(
        (r.status, r.body["translation"]["status"].as_str()),
        (StatusCode::OK, Some("approved")),
        "{}",
        r.text
    );
    let (lang, text, kept) = kiosk_swc(&app, &netbook, &id, &part).await;
    assert_eq!((lang.as_str(), kept.as_str()), (Some("es"), Some("es")));
    assert!(text.contains("ES SWC"), "{text}");
    // Approving again: not waiting.
    let again =
        crew.production.post(&format!("/api/swps/translations/approve/{tid}"), &json!({})).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.text);
}

#[tokio::test]
async fn nobody_reviews_their_own_translation_and_a_rejection_needs_a_note() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7201-0002", json!({})).await;
    // A process manager proposes (an uploader) and reviews the process stage.
    let (pm, _) = person(&app, "pm@demo.plant", "manager", "process").await;
    let r = add_translation(&pm, &id, "jes", "pl", &pdf("PL JES", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let tid = translation_id(&r.body["swp"], "jes", "pl", "pending");
    let own =
        pm.post(&format!("/api/swps/translations/approve/{tid}"), &json!({"reviewNote": ""})).await;
    assert_eq!(own.status, StatusCode::FORBIDDEN, "{}", own.text);
    assert!(own.body["error"].as_str().unwrap().contains("own translation"), "{}", own.text);
    let listed = pm.get("/api/swps/translations/waiting").await;
    assert_eq!(
        listed.body["translations"],
        json!([]),
        "not on the proposer's list: {}",
        listed.text
    );
    // Its reviewers are told where to find it; its proposer is not asked to review it.
    let title = "JES translation (pl) of part 7201-0002 revision 0 waits for your quality review";
    assert_eq!(
        told(&crew.quality).await,
        vec![(title.to_string(), "/main/sign-off?tab=translations".to_string(), Value::Null)]
    );
    assert_eq!(told(&pm).await, vec![], "the proposer reviews nothing");
    // Its reviewers see it on their list, with the stage they review.
    let listed = crew.quality.get("/api/swps/translations/waiting").await;
    assert_eq!(listed.body["translations"][0]["id"], tid.as_str(), "{}", listed.text);
    assert_eq!(listed.body["translations"][0]["stage"], "quality");
    // Someone who reviews no stage; a rejection without a note.
    let r = crew.eng.post(&format!("/api/swps/translations/approve/{tid}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let r = crew
        .quality
        .post(&format!("/api/swps/translations/reject/{tid}"), &json!({"reviewNote": " "}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.body["reviewNote"].is_string(), "{}", r.text);
    let r = crew
        .quality
        .post(
            &format!("/api/swps/translations/reject/{tid}"),
            &json!({"reviewNote": "Wrong torque value"}),
        )
        .await;
    assert_eq!(r.body["translation"]["status"], "rejected", "{}", r.text);
    assert_eq!(r.body["translation"]["approvals"]["quality"]["note"], "Wrong torque value");
    let (title, _, note) =
        told(&pm).await.into_iter().next().expect("the proposer hears the verdict");
    assert!(title.starts_with("Your JES translation (pl) of part 7201-0002 revision 0 was rejected in the quality review by"), "{title}");
    assert_eq!(note, "Wrong torque value");
    let r = crew.process.post(&format!("/api/swps/translations/approve/{tid}"), &json!({})).await;
    assert_eq!(
        r.status,
        StatusCode::CONFLICT,
        "a rejected translation waits for nobody: {}",
        r.text
    );
    let swp = crew.eng.get(&format!("/api/swps/signed-urls/{id}?lang=pl")).await;
    assert!(swp.body["served"]["jes"]["lang"].is_null(), "{}", swp.text);
}

#[tokio::test]
async fn a_plant_may_review_translations_in_one_stage_never_none() {
    let app = spawn_with(&[("review.translation_stages", "1")]).await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7201-0003", json!({})).await;
    let r = add_translation(&crew.eng, &id, "vis", "es", &pdf("ES VIS", 1)).await;
    let tid = translation_id(&r.body["swp"], "vis", "es", "pending");
    assert_eq!(
        r.body["swp"]["translations"][0]["approvals"].as_object().map(|o| o.len()),
        Some(1),
        "{}",
        r.text
    );
    // The document's first stage alone: quality reviews no stage of this translation.
    let r = crew.quality.post(&format!("/api/swps/translations/approve/{tid}"), &json!({})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let r = crew.process.post(&format!("/api/swps/translations/approve/{tid}"), &json!({})).await;
    assert_eq!(r.body["translation"]["status"], "approved", "{}", r.text);
    let u = crew.eng.get(&format!("/api/swps/signed-urls/{id}?lang=es")).await;
    assert_eq!(u.body["served"]["vis"]["lang"], "es", "{}", u.text);
    // Zero stages would let a translation reach the kiosk unreviewed: refused at start.
    let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config");
    let e = Settings::load_with(&config, &[("review.translation_stages", "0")]).unwrap_err();
    assert!(e.0.contains("review.translation_stages: must be at least 1"), "{}", e.0);
}

#[tokio::test]
async fn a_replaced_translation_keeps_its_file_downloadable_and_listed_as_superseded() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7201-0004", json!({})).await;
    let r = add_translation(&crew.eng, &id, "swc", "es", &pdf("ES SWC one", 1)).await;
    let first = translation_id(&r.body["swp"], "swc", "es", "pending");
    let first_sha = r.body["swp"]["translations"][0]["sha256"].as_str().unwrap().to_string();
    approve_translation(&crew, &first).await;
    let first_file: String =
        sqlx::query_scalar("SELECT file_id FROM doc_translations WHERE id = $1")
            .bind(&first)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let r = add_translation(&crew.eng, &id, "swc", "es", &pdf("ES SWC two", 1)).await;
    let second = translation_id(&r.body["swp"], "swc", "es", "pending");
    approve_translation(&crew, &second).await;
    // The first: its files row and its blob are kept, and it is still downloadable.
    let key: String = sqlx::query_scalar("SELECT storage_key FROM files WHERE id = $1")
        .bind(&first_file)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert!(app.state.storage.exists(&key).await.unwrap(), "the superseded blob is kept");
    let f = crew.quality.get(&format!("/api/swps/translations/file/{first}")).await;
    assert_eq!(
        (f.status, f.body["status"].as_str()),
        (StatusCode::OK, Some("superseded")),
        "{}",
        f.text
    );
    assert!(text_at(&app, &f.body["url"]).await.contains("ES SWC one"));
    // The auditor's file lists both, the first as superseded with its hash and its link.
    let csv = crew.quality.get("/api/swps/audit-file/7201-0004.csv").await;
    assert_eq!(csv.status, StatusCode::OK);
    let line =
        csv.text.lines().find(|l| l.contains(&first_sha)).unwrap_or_else(|| panic!("{}", csv.text));
    assert!(
        line.contains("status superseded")
            && line.contains(&format!("/api/swps/translations/file/{first}")),
        "{line}"
    );
    assert!(
        csv.text
            .lines()
            .any(|l| l.contains("translation-approval") && l.contains("production stage")),
        "{}",
        csv.text
    );
    // Removing the served one withdraws it; its file stays too.
    let r = crew
        .eng
        .send(reqwest::Method::DELETE, &format!("/api/swps/{id}/translations/swc/es"), None, &[])
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let f = crew.quality.get(&format!("/api/swps/translations/file/{second}")).await;
    assert_eq!(f.body["status"], "withdrawn", "{}", f.text);
    assert!(text_at(&app, &f.body["url"]).await.contains("ES SWC two"));
    // Another company sees none of it.
    add(&app, "eng@other.plant", "engineer", "process", "umw", &["A1"]).await;
    let other = login(&app, "eng@other.plant").await;
    assert_eq!(
        other.get(&format!("/api/swps/translations/file/{first}")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn withdrawing_one_in_review_leaves_the_served_one() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7201-0005", json!({})).await;
    let r = add_translation(&crew.eng, &id, "swc", "pl", &pdf("PL SWC one", 1)).await;
    approve_translation(&crew, &translation_id(&r.body["swp"], "swc", "pl", "pending")).await;
    let r = add_translation(&crew.eng, &id, "swc", "pl", &pdf("PL SWC two", 1)).await;
    let second = translation_id(&r.body["swp"], "swc", "pl", "pending");
    let r = crew
        .eng
        .send(reqwest::Method::DELETE, &format!("/api/swps/translations/{second}"), None, &[])
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let list = r.body["swp"]["translations"].as_array().unwrap().clone();
    assert_eq!(
        list.iter().map(|t| t["status"].as_str().unwrap()).collect::<Vec<_>>(),
        ["approved"],
        "{list:?}"
    );
    let u = crew.eng.get(&format!("/api/swps/signed-urls/{id}?lang=pl")).await;
    assert!(text_at(&app, &u.body["urls"]["swc"]).await.contains("PL SWC one"), "{}", u.text);
    let f = crew.eng.get(&format!("/api/swps/translations/file/{second}")).await;
    assert_eq!(f.body["status"], "withdrawn", "{}", f.text);
    // Withdrawn already: nothing left to withdraw.
    let again = crew
        .eng
        .send(reqwest::Method::DELETE, &format!("/api/swps/translations/{second}"), None, &[])
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "{}", again.text);
}
