//! Controlled copies (decision 71): an SWP's PDFs are served with the stamp on every
//! page (part, revision, deploy date, when and by whom, UNCONTROLLED WHEN PRINTED) and a
//! QR code; obsolete and unreleased revisions say DO NOT USE; the stored file, its
//! SHA-256 and the version signatures bind to stay as they were; the link still expires;
//! `[storage] stamp = false` serves the stored bytes.
use reqwest::header::{COOKIE, RANGE};
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;

/// The controlled-copy line of a deployed revision 0 printed at T0.
fn line(head: &str, part: &str, dated: &str, by: &str) -> String {
    format!("{head} · {part} rev 0 · {dated} · printed 2026-01-01 00:00 +00:00 by {by} · UNCONTROLLED WHEN PRINTED")
}

/// A link opened by `c`'s browser (its session cookie goes with it): status, bytes, headers.
pub async fn open_as(
    c: Option<&Client>,
    app: &TestApp,
    link: &str,
    range: Option<&str>,
) -> (StatusCode, Vec<u8>, reqwest::header::HeaderMap) {
    let mut req = reqwest::Client::new().get(format!("{}{link}", app.base));
    if let Some(c) = c {
        let cookies: Vec<String> =
            c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
        req = req.header(COOKIE, cookies.join("; "));
    }
    if let Some(r) = range {
        req = req.header(RANGE, r);
    }
    let r = req.send().await.unwrap();
    let (status, headers) = (r.status(), r.headers().clone());
    (status, r.bytes().await.unwrap().to_vec(), headers)
}

/// What the QR codes on a PDF's first page say: rendered by poppler (pdftoppm, 200 dpi), read by
/// zbarimg (zbar-tools, installed by .ci/deps.sh).
pub fn qr_codes(pdf: &[u8]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("copy.pdf"), pdf).unwrap();
    let png = std::process::Command::new("pdftoppm")
        .args(["-r", "200", "-png", "-f", "1", "-l", "1", "copy.pdf", "page"])
        .current_dir(dir.path())
        .status();
    assert!(png.unwrap().success(), "pdftoppm (poppler-utils)");
    let out = std::process::Command::new("zbarimg")
        .args(["-q", "--raw", "page-1.png"])
        .current_dir(dir.path())
        .output()
        .expect("zbarimg (zbar-tools)");
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

/// The stored file of an SWP's section: (storage key, recorded SHA-256).
async fn stored(app: &TestApp, swp: &str, section: &str) -> (String, String) {
    let sql = format!("SELECT f.storage_key, f.sha256 FROM files f JOIN swps s ON s.{section}_file = f.id WHERE s.id = $1");
    sqlx::query_as(&sql).bind(swp).fetch_one(&app.state.db.pool).await.unwrap()
}

/// The hex SHA-256 of bytes, as the core computes a stored file's.
fn sha(bytes: &[u8]) -> String {
    let mut r = bytes;
    futures::executor::block_on(plantdoc_core::storage::hash_copy(
        &mut r,
        None::<&mut tokio::io::Sink>,
    ))
    .unwrap()
    .1
}

#[tokio::test]
async fn swp_pdfs_are_controlled_copies_and_the_stored_file_is_unchanged() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let original = pdf("CC-1 SWC", 5);
    let mut files = file_ids(&crew.eng, "CC-1").await;
    files["swc"] = json!([upload_ok(&crew.eng, "uploadPdf", "swc.pdf", &original).await]);
    let r = crew.eng.post("/api/swps/uploadS3", &payload(files, "CC-1", json!({}))).await;
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    approve_all(&crew, &id).await;
    let hash_before: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();

    let link = crew.quality.get(&format!("/api/swps/swp/{id}")).await.body["swp"]["urls"]["swc"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(link.starts_with("/files/") && link.contains("&cc="), "{link}");
    let (status, copy, headers) = open_as(Some(&crew.quality), &app, &link, None).await;
    assert_eq!(
        (status, headers["content-type"].to_str().unwrap()),
        (StatusCode::OK, "application/pdf")
    );
    let want = line("Current when printed", "CC-1", "deployed 2026-01-01", "Test revquality");
    let texts = page_texts(&copy);
    assert_eq!(texts.len(), 5);
    for (n, text) in texts.iter().enumerate() {
        assert!(
            text.contains(&format!("CC-1 SWC page {}", n + 1)) && text.contains(&want),
            "page {}: {text}",
            n + 1
        );
    }
    let (ok, out) = qpdf_check(&copy);
    assert!(ok, "qpdf --check: {out}");
    // The QR code opens the check of this revision under server.public_url: from the plant
    // network, no sign-in, it says only whether the copy is current, with the part number.
    let public = app.state.settings.server.public_url.trim_end_matches('/').to_string();
    assert_eq!(qr_codes(&copy), vec![format!("{public}/api/swps/copy/{id}")]);
    let check = |lang: &'static str| {
        let (c, path) = (app.client(), format!("/api/swps/copy/{id}"));
        async move { c.send(reqwest::Method::GET, &path, None, &[("accept-language", lang)]).await }
    };
    let r = check("en").await;
    assert_eq!(
        (r.status, r.headers["content-type"].to_str().unwrap()),
        (StatusCode::OK, "text/html; charset=utf-8")
    );
    assert!(
        r.text.contains("CURRENT — revision 0") && r.text.contains("Part number CC-1"),
        "{}",
        r.text
    );
    assert!(
        !r.text.contains("Test rev") && !r.text.contains("zone"),
        "nothing else disclosed: {}",
        r.text
    );
    assert!(check("es").await.text.contains("VIGENTE — revisión 0"));

    // The stored file is the upload, byte for byte; its row and the version's hash too.
    let (key, recorded) = stored(&app, &id, "swc").await;
    let kept = app.state.storage.read_all(&key, 1 << 20).await.unwrap();
    assert_eq!((sha(&kept), recorded), (sha(&original), sha(&original)));
    let hash_after: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(hash_after, hash_before);

    // Opened again, or in ranges (the PDF viewer), the same copy; no session: said so.
    assert_eq!(open_as(Some(&crew.quality), &app, &link, None).await.1, copy);
    let (status, part, _) = open_as(Some(&crew.quality), &app, &link, Some("bytes=100-199")).await;
    assert_eq!((status, part.as_slice()), (StatusCode::PARTIAL_CONTENT, &copy[100..200]));
    let (_, anonymous, _) = open_as(None, &app, &link, None).await;
    assert!(page_texts(&anonymous)[0].contains(&line(
        "Current when printed",
        "CC-1",
        "deployed 2026-01-01",
        "(not signed in)"
    )));

    // The facts are signed; the link still expires.
    let altered = link.replace("&cc=", "&cc=e");
    assert_eq!(open_as(None, &app, &altered, None).await.0, StatusCode::FORBIDDEN);
    let dropped = link.split("&cc=").next().unwrap().to_string()
        + "&sig="
        + link.split("&sig=").nth(1).unwrap();
    assert_eq!(
        open_as(None, &app, &dropped, None).await.0,
        StatusCode::FORBIDDEN,
        "no copy without its stamp"
    );
    app.clock.advance_secs(301);
    assert_eq!(open_as(Some(&crew.quality), &app, &link, None).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn swp_obsolete_and_unreleased_revisions_say_do_not_use() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = deployed(&crew, "CC-2", json!({})).await;
    let second = deployed(&crew, "CC-2", json!({"newRelease": false, "changes": "v2"})).await;
    let pending = submit(&crew.eng, "CC-3", json!({})).await;
    let text_of = |id: String, section: &'static str| {
        let c = crew.quality.clone();
        let app = &app;
        async move {
            let link = c.get(&format!("/api/swps/swp/{id}")).await.body["swp"]["urls"][section]
                .as_str()
                .unwrap()
                .to_string();
            let (status, bytes, _) = open_as(Some(&c), app, &link, None).await;
            assert_eq!(status, StatusCode::OK);
            page_texts(&bytes).join("\n")
        }
    };
    // The old copy's QR check says which revision is current; a copy nobody made, nothing.
    let anon = app.client();
    let r = anon.get(&format!("/api/swps/copy/{first}")).await;
    assert!(
        r.text.contains("OBSOLETE — the current revision is 1")
            && r.text.contains("Part number CC-2"),
        "{}",
        r.text
    );
    let r = anon.get(&format!("/api/swps/copy/{pending}")).await;
    assert!(r.text.contains("OBSOLETE — not in use"), "{}", r.text);
    let r = anon.get("/api/swps/copy/no-such-copy").await;
    assert_eq!(
        (r.status, r.text.contains("This copy is not known.")),
        (StatusCode::NOT_FOUND, true),
        "{}",
        r.text
    );
    // A few checks a minute from one address (auth.ip_attempts_per_minute), then a wait.
    let mut limited = None;
    for _ in 0..40 {
        let r = anon.get(&format!("/api/swps/copy/{second}")).await;
        if r.status == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(r);
            break;
        }
    }
    let limited = limited.expect("limited within 40 checks");
    assert!(
        limited.headers.contains_key("retry-after") && limited.text.contains("Too many checks"),
        "{}",
        limited.text
    );
    let old = text_of(first.clone(), "jes").await;
    let by = "Test revquality";
    let want =
        line("OBSOLETE — DO NOT USE", "CC-2", "deployed 2026-01-01 · obsolete 2026-01-01", by);
    assert!(old.contains(&want), "{old}");
    let current = text_of(second.clone(), "vis").await;
    assert!(
        current.contains("Current when printed · CC-2 rev 1 · deployed 2026-01-01 · printed"),
        "{current}"
    );
    let draft = text_of(pending.clone(), "swc").await;
    assert!(draft.contains(&line("NOT RELEASED — DO NOT USE", "CC-3", "in review", by)), "{draft}");
}

#[tokio::test]
async fn swp_the_kiosk_copy_names_the_netbook_and_stamping_off_serves_the_stored_bytes() {
    for stamp in ["true", "false"] {
        let app = spawn_with(&[("storage.stamp", stamp)]).await;
        let crew = crew(&app).await;
        let id = deployed(&crew, "CC-4", json!({})).await;
        kiosk(&app, "kiosk@demo.plant", "mpk", &["B2"]).await;
        let k = login(&app, "kiosk@demo.plant").await;
        let r = k.get(&format!("/api/swps/deployed-swp?partId={}", part_of(&app, &id).await)).await;
        let link = r.body["details"]["urls"]["swc"].as_str().unwrap().to_string();
        let (status, bytes, _) = open_as(Some(&k), &app, &link, None).await;
        assert_eq!(status, StatusCode::OK);
        let (key, recorded) = stored(&app, &id, "swc").await;
        if stamp == "true" {
            let text = page_texts(&bytes)[0].clone();
            assert!(
                text.contains(&line(
                    "Current when printed",
                    "CC-4",
                    "deployed 2026-01-01",
                    "Island Kiosk (kiosk)"
                )),
                "{text}"
            );
        } else {
            assert!(!link.contains("cc="), "{link}");
            assert_eq!(sha(&bytes), recorded, "as stored");
            assert_eq!(bytes, app.state.storage.read_all(&key, 1 << 20).await.unwrap());
        }
    }
}

/// A stored file that cannot be stamped (damaged after its check) is not served: a
/// clear refusal, never a 500, and never the copy without its stamp.
#[tokio::test]
async fn swp_a_pdf_that_cannot_be_stamped_is_refused_with_a_message() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "CC-5", json!({})).await;
    let (key, _) = stored(&app, &id, "vis").await;
    std::fs::write(
        app.state.settings.storage.dir.join(&key),
        b"%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage",
    )
    .unwrap();
    let link = crew.quality.get(&format!("/api/swps/swp/{id}")).await.body["swp"]["urls"]["vis"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, body, _) = open_as(Some(&crew.quality), &app, &link, None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let msg: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(
        msg["error"].as_str().unwrap().contains("cannot be served as a controlled copy"),
        "{msg}"
    );
}

#[tokio::test]
async fn swp_controlled_copies_on_s3_are_served_by_the_server() {
    use crate::storage::{start_s3, S3_KEY, S3_SECRET};
    let s3 = start_s3().await;
    let app = spawn_with(&[
        ("storage.backend", "s3"),
        ("storage.s3.bucket", "plantdoc-copies"),
        ("storage.s3.endpoint", &s3.endpoint),
        ("storage.s3.access_key_id", S3_KEY),
        ("storage.s3.secret_access_key", S3_SECRET),
        ("storage.s3.path_style", "true"),
    ])
    .await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "CC-6", json!({})).await;
    let link = crew.quality.get(&format!("/api/swps/swp/{id}")).await.body["swp"]["urls"]["swc"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(link.starts_with("/files/"), "stamped by the server, not a bucket link: {link}");
    let (status, bytes, _) = open_as(Some(&crew.quality), &app, &link, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page_texts(&bytes)[0].contains(&line(
        "Current when printed",
        "CC-6",
        "deployed 2026-01-01",
        "Test revquality"
    )));
    let (key, recorded) = stored(&app, &id, "swc").await;
    assert_eq!(
        app.state.storage.checksum(&key).await.unwrap(),
        recorded,
        "the object in the bucket is unchanged"
    );
}
