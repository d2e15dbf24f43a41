//! The auditor's file of a part (decisions 63 and 84), PDF and CSV, read back: every revision
//! with its documents' SHA-256, the reviews, deploy and obsolete dates, every read and
//! verification with printed name, date and time with offset, meaning and mode, and the
//! audit chain's check; a header on every page of the PDF; the date range; who may.
use plantdoc_core::acks::{self, DocKind};
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;

/// The file's bytes, as the signed-in client downloads it.
pub(crate) async fn download(c: &Client, path: &str) -> (StatusCode, String, Vec<u8>) {
    let cookies = c
        .jar
        .lock()
        .unwrap()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let r = c.http.get(format!("{}{path}", c.base)).header("cookie", cookies).send().await.unwrap();
    let kind = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (r.status(), kind, r.bytes().await.unwrap().to_vec())
}

/// The PDF's text as poppler reads it, and its page count.
pub(super) fn pdf_text(pdf: &[u8]) -> (String, usize) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file.pdf");
    std::fs::write(&file, pdf).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    // pdftotext ends every page with a form feed.
    let pages = text.matches('\x0c').count();
    (text, pages)
}

#[tokio::test]
async fn the_auditors_file_holds_every_revision_signature_and_the_chain_check() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = deployed(&crew, "7101-0001", json!({})).await;
    sign(&app, &first, "1001", T0 + 60_000, true, None).await;
    let second =
        deployed(&crew, "7101-0001", json!({"newRelease": false, "changes": "Torque 12 Nm"})).await;
    let hash2: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&second)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    // A badge+pin signature of the second revision, verified.
    let op = plantdoc_core::auth::users::User {
        firstname: "Pia".into(),
        lastname: "Pin".into(),
        op_no: Some("OP77".into()),
        ..plantdoc_core::auth::users::User::sketch(
            "op-77",
            "mpk",
            plantdoc_core::auth::users::Position::Operator,
            plantdoc_core::auth::users::Department::Production,
            &[],
        )
    };
    let lead = plantdoc_core::auth::users::User {
        firstname: "Lee".into(),
        lastname: "Lead".into(),
        op_no: Some("CL9".into()),
        ..plantdoc_core::auth::users::User::sketch(
            "cl-9",
            "mpk",
            plantdoc_core::auth::users::Position::Supervisor,
            plantdoc_core::auth::users::Department::Production,
            &[],
        )
    };
    let mut tx = app.state.db.begin().await.unwrap();
    let id = acks::sign_as(
        &mut tx,
        DocKind::new("swp"),
        &second,
        &hash2,
        &op,
        T0 + 3_600_000,
        acks::BADGE_PIN,
    )
    .await
    .unwrap();
    assert!(acks::verify_as(&mut tx, &id, &lead, T0 + 3_660_000, acks::BADGE_PIN).await.unwrap());
    tx.commit().await.unwrap();

    // The CSV: one row per fact, the same columns for all.
    let (status, kind, csv) = download(&crew.quality, "/api/swps/audit-file/7101-0001.csv").await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "text/csv; charset=utf-8"));
    let csv = String::from_utf8(csv).unwrap();
    // A browser asks for gzip: the streamed file still arrives whole (the compression
    // layer polls the body once more after its end; an unfused stream panicked there).
    let cookies = crew
        .quality
        .jar
        .lock()
        .unwrap()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let url = format!("{}/api/swps/audit-file/7101-0001.csv", crew.quality.base);
    let gz = crew
        .quality
        .http
        .get(url)
        .header("cookie", cookies)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(gz.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"));
    assert!(!gz.bytes().await.expect("the gzipped CSV arrives whole").is_empty());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "\"record\",\"revision\",\"documentId\",\"versionSha256\",\"name\",\"dateTime\",\"meaning\",\"mode\",\"detail\"");
    let count = |prefix: &str| lines.iter().filter(|l| l.starts_with(prefix)).count();
    assert_eq!(
        (
            count("\"revision\""),
            count("\"document\""),
            count("\"approval\""),
            count("\"deploy\""),
            count("\"obsolete\"")
        ),
        (2, 6, 6, 2, 1),
        "{csv}"
    );
    let shas: Vec<String> =
        sqlx::query_scalar("SELECT f.sha256 FROM files f JOIN swps s ON f.id IN (s.swc_file, s.jes_file, s.vis_file) ORDER BY f.sha256")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert!(
        shas.iter().all(|h| csv.contains(&format!("SHA-256 {h}"))),
        "every document's SHA-256: {csv}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("\"approval\",\"0\"")
            && l.contains("\"Approved\"")
            && l.contains("Quality stage")),
        "{csv}"
    );
    assert!(csv.contains("\"signature\",\"0\""), "the first revision's read stays: {csv}");
    let pin_read = format!("\"signature\",\"1\",\"{second}\",\"{hash2}\",\"Pia Pin (OP77)\",\"2026-01-01 01:00:00 +00:00\",\"Read\",\"badge+pin\",\"operator\"");
    assert!(lines.contains(&pin_read.as_str()), "{csv}");
    let pin_verify = format!("\"signature\",\"1\",\"{second}\",\"{hash2}\",\"Lee Lead (CL9)\",\"2026-01-01 01:01:00 +00:00\",\"Verified\",\"badge+pin\",\"verifier of Pia Pin's read\"");
    assert!(lines.contains(&pin_verify.as_str()), "{csv}");
    assert!(
        lines.last().unwrap().starts_with("\"audit-chain\"")
            && lines.last().unwrap().contains("audit verify: OK, chain intact"),
        "{csv}"
    );

    // The PDF: the same facts, a header with the page number on every page.
    let (status, kind, pdf) = download(&crew.quality, "/api/swps/audit-file/7101-0001.pdf").await;
    assert_eq!((status, kind.as_str()), (StatusCode::OK, "application/pdf"));
    let (text, pages) = pdf_text(&pdf);
    for n in 1..=pages {
        assert!(
            text.contains(&format!("of {pages}")) && text.contains(&format!("page {n} of {pages}")),
            "page {n}: {text}"
        );
    }
    assert_eq!(
        text.matches("Auditor's file · part 7101-0001 · mpk").count(),
        pages,
        "a header on every page"
    );
    for needle in [
        "Pia Pin (OP77)",
        "2026-01-01 01:00:00 +00:00",
        "Read",
        "Verified",
        "badge+pin",
        hash2.as_str(),
        "Deployed",
        "Obsolete",
        "audit verify: OK",
    ] {
        assert!(text.contains(needle), "{needle} missing: {text}");
    }

    // A date range bounds the signatures; a bad date is a field error.
    let (_, _, later) =
        download(&crew.quality, "/api/swps/audit-file/7101-0001.csv?from=2026-01-02").await;
    assert!(!String::from_utf8(later).unwrap().contains("\"signature\""));
    let r = crew.quality.get("/api/swps/audit-file/7101-0001.csv?to=01/02/2026").await;
    assert_eq!(
        (r.status, r.body["to"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Please give a date as YYYY-MM-DD."))
    );
    // Who may: the part's company (its zones); another company, a stranger, no session: no file.
    assert_eq!(
        crew.quality.get("/api/swps/audit-file/7101-0001.txt").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        crew.quality.get("/api/swps/audit-file/9999-9999.csv").await.status,
        StatusCode::NOT_FOUND
    );
    add(&app, "far@demo.plant", "manager", "quality", "umw", &["A1"]).await;
    let other = login(&app, "far@demo.plant").await;
    assert_eq!(other.get("/api/swps/audit-file/7101-0001.csv").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.client().get("/api/swps/audit-file/7101-0001.csv").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn the_alerts_that_applied_to_the_part_are_in_the_file() {
    let app = spawn().await;
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let (part, tag, hash): (String, String, String) = sqlx::query_as(
        "SELECT part_number, alert_tag, file_hash FROM alerts WHERE alert_tag = 'S-2026-0001'",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let c = app.client();
    let r =
        c.post("/api/users/login", &json!({"email": "manager.quality@demo.plant", "password": plantdoc_core::seed::DEMO_PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let (status, _, csv) = download(&c, &format!("/api/swps/audit-file/{part}.csv")).await;
    assert_eq!(status, StatusCode::OK);
    let csv = String::from_utf8(csv).unwrap();
    let alert = csv
        .lines()
        .find(|l| l.starts_with("\"alert\""))
        .unwrap_or_else(|| panic!("no alert row: {csv}"));
    assert!(
        alert.starts_with(&format!("\"alert\",\"{tag}\","))
            && alert.contains(&hash)
            && alert.contains("\"Safety alert\""),
        "{alert}"
    );
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM alerts WHERE part_number = $1 AND deploy_date IS NULL",
    )
    .bind(&part)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let listed = csv.lines().filter(|l| l.starts_with("\"alert\"")).count() as i64;
    let deployed: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM alerts WHERE part_number = $1 AND deploy_date IS NOT NULL",
    )
    .bind(&part)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(
        listed, deployed,
        "every deployed alert of the part, none of the {pending} never deployed"
    );
}
