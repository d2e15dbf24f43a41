//! `GET /api/swps/package/{partNumber}.zip` (decision 121): the deployed revision's PDFs as
//! controlled copies with a manifest whose SHA-256s match the files in the zip, the
//! stored files' SHA-256 beside them; 404 (the spec's shape) for an unknown part or one
//! the caller may not see; audited.
use std::io::Read;

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::copies::open_as;
use super::support::*;
use crate::helpers::*;

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
async fn the_package_holds_the_revisions_copies_and_a_manifest_that_matches_them() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let id = deployed(&crew, "7101-0001", json!({})).await;
    let (status, bytes, headers) =
        open_as(Some(&crew.eng), &app, "/api/swps/package/7101-0001.zip", None).await;
    assert_eq!(status, StatusCode::OK, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(headers["content-type"], "application/zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut manifest = String::new();
    zip.by_name("manifest.json").unwrap().read_to_string(&mut manifest).unwrap();
    let m: Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(
        (m["partNumber"].as_str(), m["swpId"].as_str()),
        (Some("7101-0001"), Some(id.as_str()))
    );
    assert_eq!(m["revision"], 0);
    assert!(m["contentHash"].as_str().unwrap().len() == 64 && m["deployDate"].is_string());
    let files = m["files"].as_array().unwrap();
    let sections: Vec<&str> = files.iter().map(|f| f["section"].as_str().unwrap()).collect();
    assert_eq!(sections, ["swc", "jes", "vis"], "{m}");
    let stored: Vec<String> = sqlx::query_scalar(
        "SELECT f.sha256 FROM swps s JOIN files f ON f.id IN (s.swc_file, s.jes_file, s.vis_file) WHERE s.id = $1",
    )
    .bind(&id)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    for f in files {
        let mut data = Vec::new();
        zip.by_name(f["name"].as_str().unwrap()).unwrap().read_to_end(&mut data).unwrap();
        assert_eq!(f["sha256"].as_str().unwrap(), sha(&data), "{f}");
        assert_eq!(f["bytes"].as_u64().unwrap(), data.len() as u64);
        assert!(data.starts_with(b"%PDF"), "{f}");
        // A controlled copy: stamped, so not the stored bytes; the stored file's hash beside.
        assert_ne!(f["sha256"], f["sourceSha256"]);
        assert!(stored.contains(&f["sourceSha256"].as_str().unwrap().to_string()), "{f}");
    }
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'swp.package'").await,
        1
    );
    let r = crew.eng.get("/api/swps/package/NO-SUCH-PART.zip").await;
    assert_eq!(
        (r.status, r.body["error"].is_string()),
        (StatusCode::NOT_FOUND, true),
        "{}",
        r.text
    );
    assert_eq!(crew.eng.get("/api/swps/package/7101-0001.tar").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.client().get("/api/swps/package/7101-0001.zip").await.status,
        StatusCode::UNAUTHORIZED
    );
}
