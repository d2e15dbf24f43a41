//! Search inside documents (decision 72): the text of the real-producer PDFs is read page by
//! page, pages without text are flagged, the search ranks, filters by company, zone and
//! status, and follows new revisions and deletes; bad queries are field errors.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use plantdoc_swp::lopdf::content::{Content, Operation};
use plantdoc_swp::lopdf::{dictionary, Document, Object, Stream};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");

/// (file, its text markers) of every real-producer PDF that opens without a password.
const REAL: &[(&str, &[&str])] = &[
    ("writer-export.pdf", &["writer export", "fasten bolts A to D at 25 Nm"]),
    ("calc-export.pdf", &["calc export row", "Torque"]),
    ("chromium-print.pdf", &["Browser print export", "inspect seal on door panel"]),
    ("ghostscript.pdf", &["Ghostscript export", "Visual Inspection Sheet"]),
    ("tex.pdf", &["TeX export", "torque 25 Nm"]),
    ("objstreams.pdf", &["writer export"]),
    ("linearized.pdf", &["calc export row"]),
    ("pdf20.pdf", &["TeX export"]),
    ("incremental-update.pdf", &["Ghostscript export"]),
    ("owner-permissions.pdf", &["Browser print export"]),
];

/// A PDF with one page per text; an empty text is a page with a drawing only (a scan).
pub fn pages_pdf(texts: &[&str]) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"},
    );
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font}});
    let mut kids: Vec<Object> = Vec::new();
    for text in texts {
        let mut ops = vec![
            Operation::new("re", vec![50.into(), 50.into(), 200.into(), 100.into()]),
            Operation::new("f", vec![]),
        ];
        if !text.is_empty() {
            ops.extend([
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 12.into()]),
                Operation::new("Td", vec![72.into(), 700.into()]),
                Operation::new("Tj", vec![Object::string_literal(*text)]),
                Operation::new("ET", vec![]),
            ]);
        }
        let c = doc
            .add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
        kids.push(
            doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => c})
                .into(),
        );
    }
    let media: Vec<Object> = vec![0.into(), 0.into(), 595.into(), 842.into()];
    let count = texts.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(
            dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count, "Resources" => resources, "MediaBox" => media},
        ),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut buf = Vec::new();
    doc.save_to(&mut buf).unwrap();
    buf
}

/// Submits an SWP whose SWC, JES and VIS have the given pages; answers its id.
async fn submit_pages(c: &Client, part: &str, sections: [&[&str]; 3], extra: Value) -> String {
    let mut ids = Vec::new();
    for (name, texts) in ["swc.pdf", "jes.pdf", "vis.pdf"].iter().zip(sections) {
        ids.push(upload_ok(c, "uploadPdf", name, &pages_pdf(texts)).await);
    }
    let files =
        json!({"swc": [ids[0]], "jes": [ids[1]], "vis": [ids[2]], "video": null, "opin": []});
    let r = c.post("/api/swps/uploadS3", &payload(files, part, extra)).await;
    assert_eq!(r.status, StatusCode::OK, "uploadS3 {part}: {}", r.text);
    r.body["swp"]["_id"].as_str().unwrap().to_string()
}

async fn deploy_pages(crew: &Crew, part: &str, sections: [&[&str]; 3], extra: Value) -> String {
    let id = submit_pages(&crew.eng, part, sections, extra).await;
    assert_eq!(approve_all(crew, &id).await["status"], "deployed");
    id
}

async fn index(app: &TestApp) {
    if let Err(e) = plantdoc_swp::index_text(&app.state).await {
        panic!("text not indexed: {e:#}");
    }
}

/// (partNumber, revision, section, page) of each result, and the total.
async fn found(c: &Client, q: &str) -> (Vec<(String, i64, String, i64)>, i64) {
    let r = c.get(&format!("/api/swps/search-text?q={q}")).await;
    assert_eq!(r.status, StatusCode::OK, "{q}: {}", r.text);
    let list = r.body["results"].as_array().unwrap().iter();
    let hits = list
        .map(|h| {
            let s = |k: &str| h[k].as_str().unwrap().to_string();
            (
                s("partNumber"),
                h["revision"].as_i64().unwrap(),
                s("section"),
                h["page"].as_i64().unwrap(),
            )
        })
        .collect();
    (hits, r.body["total"].as_i64().unwrap())
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

#[tokio::test]
async fn swp_text_of_real_producer_pdfs_is_read_and_scans_are_flagged() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let mut ids = Vec::new();
    for (i, (name, _)) in REAL.iter().enumerate() {
        let mut files = file_ids(&crew.eng, "R").await;
        let bytes = std::fs::read(format!("{FIXTURES}/{name}")).unwrap();
        files["swc"] = json!([upload_ok(&crew.eng, "uploadPdf", name, &bytes).await]);
        files["jes"] =
            json!([
                upload_ok(&crew.eng, "uploadPdf", "scan.pdf", &pages_pdf(&["", "jes words"])).await
            ]);
        let r = crew
            .eng
            .post("/api/swps/uploadS3", &payload(files, &format!("REAL-{i}"), json!({})))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{name}: {}", r.text);
        ids.push(r.body["swp"]["_id"].as_str().unwrap().to_string());
    }
    index(&app).await;
    for ((name, markers), id) in REAL.iter().zip(&ids) {
        let body: String = sqlx::query_scalar(
            "SELECT body FROM swp_text_pages WHERE doc_id = $1 AND section = 'swc' AND page = 1",
        )
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
        for m in *markers {
            assert!(squash(&body).contains(&squash(m)), "{name}: '{m}' in {body:?}");
        }
        let scanned = plantdoc_core::textindex::scanned_pages(&app.state, &plantdoc_swp::TEXT, id)
            .await
            .unwrap();
        assert_eq!(
            scanned,
            vec![("jes".to_string(), 1)],
            "{name}: the drawing-only page is flagged"
        );
    }
    let read = scalar(
        &app,
        "SELECT COUNT(*) FROM swp_text_docs WHERE pages = 4 AND scanned_pages = 1 AND failed = ''",
    )
    .await;
    assert_eq!(read, REAL.len() as i64);
    // Deployed, one is found by a marker, at its page and section, the words marked.
    approve_all(&crew, &ids[2]).await;
    let r = crew.eng.get("/api/swps/search-text?q=door%20SEAL").await;
    assert_eq!(r.body["total"], 1, "{}", r.text);
    let hit = &r.body["results"][0];
    assert_eq!(
        (hit["swpId"].as_str(), hit["section"].as_str(), hit["page"].as_i64()),
        (Some(ids[2].as_str()), Some("swc"), Some(1))
    );
    let snippet = hit["snippet"].as_str().unwrap();
    assert!(
        snippet.contains("<mark>seal</mark>") && snippet.contains("<mark>door</mark>"),
        "{snippet}"
    );
}

#[tokio::test]
async fn swp_search_text_ranks_filters_and_follows_revisions_and_deletes() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let many = deploy_pages(
        &crew,
        "RANK-1",
        [&["cover sheet", "torque torque torque wrench check"], &["x"], &["y"]],
        json!({}),
    )
    .await;
    let once = deploy_pages(
        &crew,
        "RANK-2",
        [&["torque wrench and other words on this page"], &["x"], &["y"]],
        json!({}),
    )
    .await;
    deploy_pages(&crew, "ZONE-B2", [&["gasket fitted"], &["x"], &["y"]], json!({"zones": ["B2"]}))
        .await;
    submit_pages(&crew.eng, "PENDING", [&["gasket pending"], &["x"], &["y"]], json!({})).await;
    index(&app).await;
    // Ranking: three mentions above one; the page and section of each.
    let (hits, total) = found(&crew.eng, "TORQUE").await;
    assert_eq!(total, 2);
    assert_eq!(
        hits,
        vec![("RANK-1".into(), 0, "swc".into(), 2), ("RANK-2".into(), 0, "swc".into(), 1)]
    );
    assert_eq!(
        found(&crew.eng, "torque%20missingword").await.1,
        0,
        "every word must be on the page"
    );
    // Zones and companies: an A1-only reader and another company see nothing of B2.
    assert_eq!(
        found(&crew.eng, "gasket").await.0,
        vec![("ZONE-B2".into(), 0, "swc".into(), 1)],
        "pending ones are not found"
    );
    add(&app, "a1@demo.plant", "supervisor", "production", "mpk", &["A1"]).await;
    let a1 = login(&app, "a1@demo.plant").await;
    assert_eq!(found(&a1, "gasket").await.1, 0);
    assert_eq!(found(&a1, "torque").await.1, 2);
    add(&app, "other@demo.plant", "manager", "production", "mps", &["A1", "B2"]).await;
    let other = login(&app, "other@demo.plant").await;
    assert_eq!(found(&other, "torque").await.1, 0);
    // Paging: one per page, the total unchanged.
    let r = crew.eng.get("/api/swps/search-text?q=torque&page=2&limit=1").await;
    assert_eq!(
        (r.body["total"].as_i64(), r.body["results"][0]["swpId"].as_str()),
        (Some(2), Some(once.as_str()))
    );
    // A new revision replaces the old one's text in the answers.
    let rev = deploy_pages(
        &crew,
        "RANK-1",
        [&["torque spanner"], &["x"], &["y"]],
        json!({"newRelease": false, "changes": "Spanner"}),
    )
    .await;
    index(&app).await;
    assert_eq!(found(&crew.eng, "spanner").await.0, vec![("RANK-1".into(), 1, "swc".into(), 1)]);
    assert_eq!(
        found(&crew.eng, "wrench").await.0,
        vec![("RANK-2".into(), 0, "swc".into(), 1)],
        "the obsolete revision is not found"
    );
    // Compare's list: the part's revisions, newest first; hidden from another company.
    let r = crew.eng.get(&format!("/api/swps/revisions/{rev}")).await;
    let revs: Vec<(String, i64, String)> = r.body["revisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["_id"].as_str().unwrap().into(),
                v["revision"].as_i64().unwrap(),
                v["status"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        revs,
        vec![(rev.clone(), 1, "deployed".into()), (many.clone(), 0, "obsolete".into())]
    );
    assert_eq!(
        other.get(&format!("/api/swps/revisions/{rev}")).await.status,
        StatusCode::NOT_FOUND
    );
    // Delete: gone from the answers at once, its text dropped by the next pass; the
    // obsolete revision's text is kept (compare), the new one's too.
    assert_eq!(
        crew.eng.post("/api/swps/delete-deployed", &json!([once])).await.status,
        StatusCode::OK
    );
    assert_eq!(found(&crew.eng, "wrench").await.1, 0);
    index(&app).await;
    let left = |id: &str| format!("SELECT COUNT(*) FROM swp_text_pages WHERE doc_id = '{id}'");
    assert_eq!(
        (
            scalar(&app, &left(&once)).await,
            scalar(&app, &left(&many)).await,
            scalar(&app, &left(&rev)).await
        ),
        (0, 4, 3)
    );
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM swp_text_docs WHERE doc_id = '{once}'")).await,
        0
    );
}

#[tokio::test]
async fn swp_search_text_bad_queries_are_field_errors_and_the_background_task_reads() {
    let app = spawn().await;
    let crew = crew(&app).await;
    for (query, fields) in [
        ("", vec!["q"]),
        ("q=%20%22*%22", vec!["q"]),
        ("q=seal&page=0&limit=51", vec!["limit", "page"]),
        ("q=seal&page=x&limit=-1", vec!["limit", "page"]),
        (&*format!("q={}", "a".repeat(201)), vec!["q"]),
        (
            &*format!("q={}", (0..11).map(|i| format!("w{i}")).collect::<Vec<_>>().join("%20")),
            vec!["q"],
        ),
    ] {
        let r = crew.eng.get(&format!("/api/swps/search-text?{query}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}: {}", r.text);
        let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
        assert_eq!(keys, fields, "{query}");
        assert!(r.body.as_object().unwrap().values().all(Value::is_string));
    }
    // FTS syntax is words only: quotes, operators and columns find nothing, fail nothing.
    for q in ["body%3Aseal", "seal%20OR%20NOT", "%22seal%22*", "NEAR(seal)"] {
        assert_eq!(
            crew.eng.get(&format!("/api/swps/search-text?q={q}")).await.status,
            StatusCode::OK,
            "{q}"
        );
    }
    // The background task reads a new upload's text at its next pass (here woken rather
    // than waiting out its minute).
    let id = deploy_pages(&crew, "WAKE-1", [&["woken indexer"], &["x"], &["y"]], json!({})).await;
    assert_eq!(found(&crew.eng, "woken").await.1, 0, "not read at upload");
    app.state.get::<plantdoc_swp::SwpState>().text.wake();
    for _ in 0..200 {
        if found(&crew.eng, "woken").await.1 == 1 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{id} was not indexed by the background task");
}

#[tokio::test]
async fn a_word_on_more_pages_than_the_candidates_is_ranked_and_counted_up_to_the_cap() {
    let app = spawn().await;
    let crew = crew(&app).await;
    deploy_pages(&crew, "MANY-OLD", [&["clamp clamp clamp clamp ring"], &["x"], &["y"]], json!({}))
        .await;
    let new = deploy_pages(&crew, "MANY-NEW", [&["x"], &["y"], &["z"]], json!({})).await;
    let hidden =
        deploy_pages(&crew, "MANY-B2", [&["x"], &["y"], &["z"]], json!({"zones": ["B2"]})).await;
    index(&app).await;
    let best = ("MANY-OLD".to_string(), 0, "swc".to_string(), 1);
    assert_eq!(found(&crew.eng, "clamp").await, (vec![best.clone()], 1));
    // Pages read later, each naming the word once: 30 of the A1 reader's, then the
    // candidates' worth in a zone that reader does not see.
    let n = plantdoc_core::app::textindex::CANDIDATES;
    for (doc, pages) in [(&new, 30), (&hidden, n)] {
        for start in (0..pages).step_by(250) {
            let rows: Vec<String> = (start..(start + 250).min(pages))
                .map(|i| format!("('{doc}', 'jes', {}, 0, 'clamp and {i} more words')", i + 2))
                .collect();
            let sql = format!(
                "INSERT INTO swp_text_pages (doc_id, section, page, scanned, body) VALUES {}",
                rows.join(", ")
            );
            sqlx::query(&sql).execute(&app.state.db.pool).await.unwrap();
        }
    }
    // A manager of every zone: 1 031 pages match, more than the candidates: the answer
    // counts up to the cap and says so; the page holds 20 of the ranked candidates.
    let r = crew.eng.get("/api/swps/search-text?q=clamp").await;
    assert_eq!(
        (r.body["total"].as_i64(), &r.body["totalExact"]),
        (Some(n), &json!(false)),
        "{}",
        r.text
    );
    assert_eq!(r.body["results"].as_array().unwrap().len(), 20);
    // A page past the cap is still answered: the candidates (and the count) reach it.
    let deep =
        crew.eng.get(&format!("/api/swps/search-text?q=clamp&page={}&limit=20", n / 20 + 2)).await;
    let shown = (
        deep.body["results"].as_array().unwrap().len(),
        deep.body["total"].as_i64(),
        &deep.body["totalExact"],
    );
    assert_eq!(shown, (11, Some(n + 31), &json!(true)), "pages 1 021..1 031: {}", deep.text);
    // The A1 reader: the zone filter runs before the cut, so the B2 pages take no
    // candidate's place: the reader's 31 pages are ranked and counted exactly, the old one first.
    add(&app, "a1@demo.plant", "supervisor", "production", "mpk", &["A1"]).await;
    let a1 = login(&app, "a1@demo.plant").await;
    let (hits, total) = found(&a1, "clamp").await;
    assert_eq!((hits[0].clone(), hits.len(), total), (best.clone(), 20, 31));
    assert_eq!(a1.get("/api/swps/search-text?q=clamp").await.body["totalExact"], json!(true));
    // Fewer matches are ranked over all of them: the old page first.
    assert_eq!(found(&crew.eng, "clamp%20ring").await, (vec![best], 1));
}
