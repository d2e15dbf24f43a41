//! SWP file drops and submission: content checks, limits, merge, sweep, field errors.
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::support::*;
use crate::helpers::*;

#[tokio::test]
async fn swp_pdfs_and_videos_are_accepted_by_content_only() {
    let app = spawn().await;
    let (eng, eng_id) = person(&app, "eng@demo.plant", "engineer", "process").await;
    // Multipart as FilePond sends it: one server id per file, stored as a pending upload.
    // A path is refused, not cut (docs/security.md; tests/api/hostile.rs has more).
    let r =
        upload(&eng, "uploadPdf", "../../Work Chart.pdf", "application/octet-stream", &pdf("A", 1))
            .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    let r =
        upload(&eng, "uploadPdf", "Work Chart.pdf", "application/octet-stream", &pdf("A", 1)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let id = r.body["serverId"].as_str().unwrap();
    assert_eq!(r.body["filename"], "Work Chart.pdf");
    let owner: String =
        sqlx::query_scalar("SELECT owner_id FROM files WHERE id = $1 AND state = 'pending' AND content_type = 'application/pdf'")
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(owner, eng_id);
    // The raw body works too, with ?filename=.
    let r = send_bytes(
        &eng,
        Method::POST,
        "/api/swps/uploadPdf?filename=raw.pdf",
        pdf("B", 2),
        "text/plain",
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "Content-Type is ignored: {}", r.text);
    let before = stored_files(&app).await;
    // Refused before anything is stored: wrong magic whatever the type, wrong extension.
    let html = b"<html><body>%PDF-1.4 not really</body></html>";
    for (name, ct, data) in [
        ("evil.pdf", "application/pdf", &html[..]),
        ("chart.exe", "application/pdf", &pdf("C", 1)[..]),
        ("chart", "application/pdf", &pdf("C", 1)[..]),
        ("short.pdf", "application/pdf", &b"%PD"[..]),
        ("empty.pdf", "application/pdf", &b""[..]),
    ] {
        let r = upload(&eng, "uploadPdf", name, ct, data).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
        assert!(r.body["file"].is_string(), "{}", r.body);
    }
    for (name, data) in [
        ("clip.mp4", pdf("D", 1)),
        ("clip.webm", mp4()),
        ("clip.pdf", mp4()),
        ("clip.mp4", b"RIFF....AVI LIST".to_vec()),
    ] {
        let r = upload(&eng, "uploadVideo", name, "video/mp4", &data).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
    }
    // Two files in one request: refused, and the first one is not kept.
    let (ct, body) = multipart(&[
        ("filepond", Some("a.pdf"), "application/pdf", &pdf("E", 1)),
        ("filepond", Some("b.pdf"), "application/pdf", &pdf("F", 1)),
    ]);
    let r = send_bytes(&eng, Method::POST, "/api/swps/uploadPdf", body, &ct).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["file"], "Send one file per request.");
    let (ct, body) = multipart(&[("note", None, "text/plain", b"no file here")]);
    assert_eq!(
        send_bytes(&eng, Method::POST, "/api/swps/uploadPdf", body, &ct).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(stored_files(&app).await, before, "nothing stored for a refused upload");
    // Videos: MP4 (ftyp) and WebM (EBML), typed from their bytes.
    let mp = upload_ok(&eng, "uploadVideo", "clip.mp4", &mp4()).await;
    let wb = upload(&eng, "uploadVideo", "clip.webm", "application/octet-stream", &webm()).await;
    assert_eq!(wb.status, StatusCode::OK, "{}", wb.text);
    for (id, ct) in
        [(mp.as_str(), "video/mp4"), (wb.body["serverId"].as_str().unwrap(), "video/webm")]
    {
        let got: String = sqlx::query_scalar("SELECT content_type FROM files WHERE id = $1")
            .bind(id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(got, ct);
    }
    // Uploads need the CSRF header like every unsafe call.
    let r = eng
        .send(
            Method::POST,
            "/api/swps/uploadPdf?filename=x.pdf",
            Some("%PDF-1.4".into()),
            &[("x-csrf-token", "nope")],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn swp_revert_removes_only_your_own_pending_upload() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let (other, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    let id = upload_ok(&eng, "uploadPdf", "a.pdf", &pdf("A", 1)).await;
    let key: String = sqlx::query_scalar("SELECT storage_key FROM files WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        other.delete(&format!("/api/swps/uploadPond/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    let r = eng.delete(&format!("/api/swps/uploadPond/{id}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["serverId"], id.as_str());
    assert!(!app.state.storage.exists(&key).await.unwrap());
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{id}'")).await, 0);
    assert_eq!(
        eng.delete(&format!("/api/swps/uploadPond/{id}")).await.status,
        StatusCode::NOT_FOUND
    );
    // An attached file (part of a submitted SWP) is not a pending upload any more.
    let files = file_ids(&eng, "P").await;
    let r = eng.post("/api/swps/uploadS3", &payload(files.clone(), "P-1", json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let swc = files["swc"][0].as_str().unwrap();
    assert_eq!(
        eng.delete(&format!("/api/swps/uploadPond/{swc}")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn swp_sweep_removes_uploads_not_submitted_within_24_hours() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let old = upload_ok(&eng, "uploadPdf", "old.pdf", &pdf("A", 1)).await;
    let old_key: String = sqlx::query_scalar("SELECT storage_key FROM files WHERE id = $1")
        .bind(&old)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    app.clock.advance_secs(23 * 3600);
    relogin(&eng, "eng@demo.plant").await;
    let young = upload_ok(&eng, "uploadPdf", "young.pdf", &pdf("B", 1)).await;
    let kept = submit(&eng, "KEEP-1", json!({})).await;
    assert_eq!(plantdoc_swp::sweep(&app.state).await.unwrap(), 0, "nothing is 24 h old yet");
    app.clock.advance_secs(3600 + 1);
    assert_eq!(plantdoc_swp::sweep(&app.state).await.unwrap(), 1);
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{old}'")).await, 0);
    assert!(!app.state.storage.exists(&old_key).await.unwrap(), "its blob is gone too");
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{young}'")).await, 1);
    // A submitted SWP's files are never swept.
    app.clock.advance_secs(30 * 86400);
    plantdoc_swp::sweep(&app.state).await.unwrap();
    relogin(&eng, "eng@demo.plant").await;
    let r = eng.get(&format!("/api/swps/signed-urls/{kept}")).await;
    let (status, bytes, _) = fetch_link(&app, r.body["urls"]["swc"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF-"));
    // A swept upload can no longer be submitted.
    let files = json!({"swc": [young], "jes": [young], "vis": [young]});
    let r = eng.post("/api/swps/uploadS3", &payload(files, "X-1", json!({}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["swc"].as_str().unwrap().contains("not a pending upload"), "{}", r.body);
}

#[tokio::test]
async fn swp_sections_merge_in_upload_order_into_one_checked_pdf() {
    // The merged file as stored (controlled copies: copies.rs).
    let app = spawn_with(&[("storage.stamp", "false")]).await;
    let crew = crew(&app).await;
    let mut swc = Vec::new();
    for (label, pages) in [("first", 2), ("second", 1), ("third", 3)] {
        swc.push(
            upload_ok(&crew.eng, "uploadPdf", &format!("{label}.pdf"), &pdf(label, pages)).await,
        );
    }
    let mut files = file_ids(&crew.eng, "M").await;
    files["swc"] = json!(swc);
    let before_files = scalar(&app, "SELECT COUNT(*) FROM files").await;
    let r = crew
        .eng
        .post("/api/swps/uploadS3", &payload(files, "m-100", json!({"changes": "x"})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let swp = &r.body["swp"];
    assert_eq!(swp["partNumber"], "M-100", "part numbers are upper-cased");
    assert_eq!(swp["status"], "pending");
    let (status, bytes, ct) = fetch_link(&app, swp["urls"]["swc"].as_str().unwrap()).await;
    assert_eq!((status, ct.as_str()), (StatusCode::OK, "application/pdf"));
    let texts = page_texts(&bytes);
    assert_eq!(
        texts,
        vec![
            "first page 1",
            "first page 2",
            "second page 1",
            "third page 1",
            "third page 2",
            "third page 3"
        ]
    );
    let (ok, out) = qpdf_check(&bytes);
    println!("qpdf --check on the merged SWC (6 pages from 3 uploads):\n{out}");
    assert!(ok, "qpdf --check failed: {out}");
    // The three sources became one file; single-file sections are kept as uploaded.
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, before_files + 1 - 3);
    let (_, jes, _) = fetch_link(&app, swp["urls"]["jes"].as_str().unwrap()).await;
    assert_eq!(page_texts(&jes), vec!["M JES page 1"]);
    assert_eq!(swp["urls"]["video"], serde_json::Value::Null);
}

#[tokio::test]
async fn swp_malformed_pdfs_are_field_errors_never_500() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let mut truncated = pdf("T", 3);
    truncated.truncate(truncated.len() / 3);
    let garbage = b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF".to_vec();
    // Refused at upload already (a file lopdf could only rebuild), naming the file.
    for (what, bad) in [("garbage", garbage), ("truncated", truncated)] {
        let r = upload(&eng, "uploadPdf", "bad.pdf", "application/pdf", &bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{what}: {}", r.text);
        assert!(r.body["file"].as_str().unwrap().contains("bad.pdf"), "{what}: {}", r.body);
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, 0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps").await, 0);
}

#[tokio::test]
async fn swp_submit_answers_a_field_map() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let (other, _) = person(&app, "eng2@demo.plant", "engineer", "process").await;
    add(&app, "far@demo.plant", "engineer", "process", "umw", &["A1"]).await;
    let far_id: String = sqlx::query_scalar("SELECT id FROM users WHERE email = 'far@demo.plant'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let (_, quality_id) = person(&app, "q@demo.plant", "engineer", "quality").await;
    let r = eng.post("/api/swps/uploadS3", &json!({})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for f in ["swc", "jes", "vis", "partNumber", "zones"] {
        assert!(r.body[f].is_string(), "{f} in {}", r.body);
    }
    let theirs = upload_ok(&other, "uploadPdf", "t.pdf", &pdf("T", 1)).await;
    let video_pdf = upload_ok(&eng, "uploadPdf", "v.pdf", &pdf("V", 1)).await;
    let mine = file_ids(&eng, "F").await;
    let eleven: Vec<String> = (0..11).map(|i| format!("id{i}")).collect();
    let bad = json!({
        "fileIds": {"swc": [theirs], "jes": eleven, "vis": 5, "video": video_pdf, "opin": ["x"]},
        "partNumber": "<script>", "zones": ["A1", "Z9"], "onBehalfOf": far_id,
        "newRelease": "yes", "referenceOnly": 1, "changes": "x".repeat(141), "bypassManagement": true, "format": "zip",
    });
    let r = eng.post("/api/swps/uploadS3", &bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let keys: Vec<&str> = r.body.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        vec![
            "bypass",
            "changes",
            "format",
            "jes",
            "newRelease",
            "onBehalfOf",
            "opin",
            "partNumber",
            "referenceOnly",
            "swc",
            "video",
            "vis",
            "zones"
        ],
        "{}",
        r.body
    );
    assert_eq!(r.body["bypass"], "Only managers may bypass management approval.");
    assert_eq!(r.body["changes"], "Changes must be at most 140 characters.");
    // Changes to Existing Document: a text, and a deployed SWP of the part.
    let r = eng
        .post("/api/swps/uploadS3", &payload(mine.clone(), "NEW-1", json!({"newRelease": false})))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body["changes"].is_string()
            && r.body["newRelease"].as_str().unwrap().contains("no deployed SWP"),
        "{}",
        r.body
    );
    // onBehalfOf: a process engineer of the company only.
    for who in [quality_id.as_str(), "nobody"] {
        let r = eng
            .post("/api/swps/uploadS3", &payload(mine.clone(), "NEW-1", json!({"onBehalfOf": who})))
            .await;
        assert_eq!(
            r.body["onBehalfOf"], "Please select a process engineer of your company.",
            "{who}"
        );
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps").await, 0);
    let other_id: String =
        sqlx::query_scalar("SELECT id FROM users WHERE email = 'eng2@demo.plant'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let r = eng
        .post(
            "/api/swps/uploadS3",
            &payload(
                mine.clone(),
                "NEW-1",
                json!({"onBehalfOf": other_id, "zones": ["B2", "A1", "A1"]}),
            ),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"]["onBehalfOf"]["name"], "Test eng2");
    assert_eq!(r.body["swp"]["zones"], json!(["A1", "B2"]));
    assert_eq!(r.body["swp"]["revision"], 0, "shown as the revision it would get");
    // The same files cannot make a second SWP.
    let r = eng.post("/api/swps/uploadS3", &payload(mine, "NEW-2", json!({}))).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn swp_only_process_engineers_and_managers_upload_and_only_managers_bypass() {
    let app = spawn().await;
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "process").await;
    let (quality, _) = person(&app, "q@demo.plant", "engineer", "quality").await;
    let r = upload(&quality, "uploadPdf", "a.pdf", "application/pdf", &pdf("A", 1)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(quality.get("/api/swps/onBehalfOfUsers").await.status, StatusCode::FORBIDDEN);
    let files = file_ids(&manager, "B").await;
    let video = upload_ok(&manager, "uploadVideo", "v.mp4", &mp4()).await;
    let mut files2 = files.clone();
    files2["video"] = json!(video);
    let r = manager
        .post(
            "/api/swps/uploadS3",
            &payload(files2, "BY-1", json!({"bypassManagement": true, "referenceOnly": true})),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let swp = &r.body["swp"];
    assert_eq!(swp["status"], "deployed");
    assert_eq!(swp["revision"], 0);
    assert_eq!(swp["referenceOnly"], true);
    assert_eq!(swp["approvals"]["quality"]["status"], "Bypassed");
    assert!(swp["deployDate"]["timestamp"].as_str().unwrap().starts_with("2026-01-01T00:00:00"));
    let (status, bytes, ct) = fetch_link(&app, swp["urls"]["video"].as_str().unwrap()).await;
    assert_eq!((status, ct.as_str(), bytes), (StatusCode::OK, "video/mp4", mp4()));
    assert_eq!(audit_count(&app, "swp.deploy").await, 1);
    let meaning: String =
        sqlx::query_scalar("SELECT meaning FROM audit_log WHERE action = 'swp.deploy'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(meaning.contains("bypassed"), "{meaning}");
}
