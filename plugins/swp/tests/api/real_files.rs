//! The files engineers really have (tests/fixtures/real, README there): PDFs from office
//! suites, a browser, Ghostscript and TeX, restructured by qpdf, with an incremental
//! update or owner permissions; phone-style videos. Each PDF submits alone and all merge
//! with every page and text kept, and is served stamped as a controlled copy; each video
//! is accepted or refused by its codec.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// (file, a phrase of its text) for every PDF that opens without a password.
const PDFS: &[(&str, &str)] = &[
    ("writer-export.pdf", "writer export"),
    ("calc-export.pdf", "calc export row"),
    ("chromium-print.pdf", "Browser print export"),
    ("ghostscript.pdf", "Ghostscript export"),
    ("tex.pdf", "TeX export"),
    ("objstreams.pdf", "writer export"),
    ("linearized.pdf", "calc export row"),
    ("pdf20.pdf", "TeX export"),
    ("incremental-update.pdf", "Ghostscript export"),
    ("owner-permissions.pdf", "Browser print export"),
];

fn pdftotext(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("in.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success(), "pdftotext: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).split_whitespace().collect::<Vec<_>>().join(" ")
}

fn pages(bytes: &[u8]) -> usize {
    plantdoc_swp::lopdf::Document::load_mem(bytes).expect("stored PDF loads").get_pages().len()
}

#[tokio::test]
async fn swp_real_pdfs_deploy_alone_and_merge_with_every_page_and_text() {
    let app = spawn().await;
    let crew = crew(&app).await;
    // Alone: each is the SWC of its own SWP, stored as uploaded, checked by qpdf.
    for (i, (name, phrase)) in PDFS.iter().enumerate() {
        let mut files = file_ids(&crew.eng, "R").await;
        files["swc"] = json!([upload_ok(&crew.eng, "uploadPdf", name, &fixture(name)).await]);
        let r = crew
            .eng
            .post("/api/swps/uploadS3", &payload(files, &format!("REAL-{i}"), json!({})))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{name}: {}", r.text);
        let (status, bytes, _) =
            fetch_link(&app, r.body["swp"]["urls"]["swc"].as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(pages(&bytes), 1, "{name}");
        let (ok, out) = qpdf_check(&bytes);
        assert!(ok, "{name}: qpdf --check: {out}");
        let text = pdftotext(&bytes);
        assert!(text.contains(phrase), "{name} keeps its text");
        // Served as a controlled copy (copies.rs): stamped, and still a sound PDF.
        assert!(
            text.contains(&format!("NOT RELEASED — DO NOT USE · REAL-{i} rev 0 · in review")),
            "{name} is stamped: {text}"
        );
    }
    // All together: one unencrypted PDF with the sum of the pages, each file's text kept.
    let mut swc = Vec::new();
    for (name, _) in PDFS {
        swc.push(upload_ok(&crew.eng, "uploadPdf", name, &fixture(name)).await);
    }
    let mut files = file_ids(&crew.eng, "ALL").await;
    files["swc"] = json!(swc);
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "REAL-ALL", json!({}))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let (_, merged, _) = fetch_link(&app, r.body["swp"]["urls"]["swc"].as_str().unwrap()).await;
    assert_eq!(pages(&merged), PDFS.len());
    let doc = plantdoc_swp::lopdf::Document::load_mem(&merged).unwrap();
    assert!(
        !doc.was_encrypted() && doc.trailer.get(b"Encrypt").is_err(),
        "the merged file is not encrypted"
    );
    let (ok, out) = qpdf_check(&merged);
    println!("qpdf --check on {} real PDFs merged:\n{out}", PDFS.len());
    assert!(ok, "qpdf --check: {out}");
    let text = pdftotext(&merged);
    for (name, phrase) in PDFS {
        assert!(text.contains(phrase), "merged text keeps {name}'s '{phrase}'");
    }
    // A PDF that needs a password to open is refused with its own message.
    let r = upload(
        &crew.eng,
        "uploadPdf",
        "needs-password.pdf",
        "application/pdf",
        &fixture("needs-password.pdf"),
    )
    .await;
    let msg = if r.status == StatusCode::OK {
        let mut files = file_ids(&crew.eng, "PW").await;
        files["swc"] = json!([r.body["serverId"].as_str().unwrap()]);
        let s = crew.eng.post("/api/swps/uploadS3", &payload(files, "REAL-PW", json!({}))).await;
        assert_eq!(s.status, StatusCode::BAD_REQUEST, "{}", s.text);
        s.body["swc"].as_str().unwrap().to_string()
    } else {
        r.body["file"].as_str().unwrap_or_default().to_string()
    };
    assert!(msg.contains("needs a password"), "{msg}");
}

#[tokio::test]
async fn swp_videos_are_accepted_or_refused_by_their_codec() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    for (name, ct) in [
        ("h264-aac.mp4", "video/mp4"),
        ("h264-aac.mov", "video/quicktime"),
        ("h264-silent.mov", "video/quicktime"),
        ("vp9.webm", "video/webm"),
        ("vp9-opus.webm", "video/webm"),
    ] {
        let id = upload_ok(&eng, "uploadVideo", name, &fixture(name)).await;
        let stored: String = sqlx::query_scalar("SELECT content_type FROM files WHERE id = $1")
            .bind(&id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        assert_eq!(stored, ct, "{name}");
    }
    for (name, want) in [("hevc.mov", "HEVC/H.265 (hvc1)"), ("prores.mov", "ProRes (apco)")] {
        let r = upload(&eng, "uploadVideo", name, "video/quicktime", &fixture(name)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
        let msg = r.body["file"].as_str().unwrap_or_default();
        assert!(msg.contains(want) && msg.contains("H.264"), "{name}: {msg}");
    }
    // Named as anything, a QuickTime H.264 file is judged by its content.
    let r = upload(
        &eng,
        "uploadVideo",
        "clip.mp4",
        "application/octet-stream",
        &fixture("h264-silent.mov"),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}

/// A WebM is judged by its EBML header (DocType `webm`) and its track list (a video
/// track), not by its four magic bytes: HTML behind them, a Matroska file named .webm,
/// and a WebM with sound only are refused, each with its reason, and nothing is stored.
#[tokio::test]
async fn swp_webm_needs_a_webm_header_and_a_video_track() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    let html = b"\x1A\x45\xDF\xA3<!doctype html><html><body><script>alert(document.cookie)</script></body></html>".to_vec();
    let mut matroska = fixture("vp9.webm");
    let at = matroska.windows(4).position(|w| w == b"webm").expect("the fixture's DocType");
    matroska[at..at + 4].copy_from_slice(b"mkvx");
    let cases: [(&str, Vec<u8>, &str); 3] = [
        ("page.webm", html, "not a WebM video"),
        ("matroska.webm", matroska, "not a WebM video"),
        ("opus-only.webm", fixture("opus-only.webm"), "no video track"),
    ];
    for (name, bytes, want) in cases {
        let r = upload(&eng, "uploadVideo", name, "video/webm", &bytes).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
        let msg = r.body["file"].as_str().unwrap_or_default();
        assert!(msg.contains(want), "{name}: {msg}");
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, 0, "no row for a refused video");
    assert!(app.state.storage.list().await.unwrap().is_empty(), "no blob for a refused video");
}
