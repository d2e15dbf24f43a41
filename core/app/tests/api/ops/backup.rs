//! `plantdoc backup DIR` while the plant serves, `plantdoc restore DIR` into a fresh
//! folder and database: every document, signature and blob is back, the audit chain
//! verifies, and a manifest mismatch is refused before anything is written.
use reqwest::StatusCode;

use super::{counts, plantdoc, signed_plant, text};
use crate::helpers::*;
use crate::island::support::history;
use crate::swp::support::login;

#[tokio::test]
async fn a_backup_restores_into_a_fresh_folder_with_every_document_and_signature() {
    let (app, p, files) = signed_plant("7101-0001").await;
    let before = counts(&app.state.db.pool).await;
    let keys: Vec<(String, String)> =
        sqlx::query_as("SELECT storage_key, sha256 FROM files ORDER BY storage_key")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();

    // Online: the app keeps serving while the backup runs.
    let bk = tempfile::tempdir().unwrap();
    let dir = bk.path().join("nightly");
    let o = plantdoc(&["backup", dir.to_str().unwrap()], &app.db_url, &files);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains(&format!("{} blobs", keys.len())), "{}", text(&o));
    assert_eq!(app.client().get("/healthz").await.status, StatusCode::OK);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["blobs"].as_array().unwrap().len(), keys.len());
    for (k, sha) in &keys {
        assert!(
            manifest["blobs"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["key"] == k.as_str() && b["sha256"] == sha.as_str()),
            "{k} in the manifest"
        );
    }
    // A backup never overwrites one.
    let o = plantdoc(&["backup", dir.to_str().unwrap()], &app.db_url, &files);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).contains("is not empty"), "{}", text(&o));

    // Restore into a fresh folder and database.
    let fresh = tempfile::tempdir().unwrap();
    let db2 = fresh_database(fresh.path()).await;
    let files2 = fresh.path().join("files");
    let o = plantdoc(&["restore", dir.to_str().unwrap()], &db2, &files2);
    assert!(o.status.success(), "{}", text(&o));
    let o = plantdoc(&["audit", "verify"], &db2, &files2);
    assert!(o.status.success() && text(&o).contains("chain intact"), "{}", text(&o));
    let o = plantdoc(&["storage", "check"], &db2, &files2);
    assert!(o.status.success(), "{}", text(&o));
    let n = keys.len();
    assert!(
        text(&o).contains(&format!("rows: {n}, blobs: {n}, ok: {n}, missing: 0")),
        "{}",
        text(&o)
    );
    // Restoring again onto the restored plant is refused.
    let o = plantdoc(&["restore", dir.to_str().unwrap()], &db2, &files2);
    assert_eq!(o.status.code(), Some(1));

    // The restored plant serves the same documents and signatures.
    let restored = spawn_on(fresh, db2, &[]).await;
    assert_eq!(counts(&restored.state.db.pool).await, before);
    let netbook = login(&restored, "kiosk@demo.plant").await;
    let signs = history(&netbook, &p.swp_id).await;
    assert_eq!(signs.len(), 1);
    assert_eq!(signs[0]["verified"], true);
    assert_eq!(signs[0]["op"]["opNo"], "OP1001");
    for (k, sha) in &keys {
        let link = restored
            .state
            .storage
            .link(k, "a.pdf", "application/pdf", restored.clock_now())
            .await
            .unwrap();
        let r = reqwest::get(format!("{}{}", restored.base, link)).await.unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        let body = r.bytes().await.unwrap();
        assert_eq!(&sha256(&body), sha, "{k} served with its bytes");
    }
}

#[tokio::test]
async fn restore_refuses_a_manifest_mismatch_and_writes_nothing() {
    let (app, _p, files) = signed_plant("7101-0002").await;
    let bk = tempfile::tempdir().unwrap();
    let dir = bk.path().join("b");
    assert!(plantdoc(&["backup", dir.to_str().unwrap()], &app.db_url, &files).status.success());
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap();
    let key = manifest["blobs"][0]["key"].as_str().unwrap().to_string();
    let blob = dir.join("blobs").join(&key);
    let good = std::fs::read(&blob).unwrap();
    let mut bad = good.clone();
    *bad.last_mut().unwrap() ^= 0x20;
    std::fs::write(&blob, &bad).unwrap();

    let fresh = tempfile::tempdir().unwrap();
    let db2 = fresh_database(fresh.path()).await;
    let files2 = fresh.path().join("files");
    let o = plantdoc(&["restore", dir.to_str().unwrap()], &db2, &files2);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("manifest mismatch") && text(&o).contains(&key), "{}", text(&o));
    assert!(!fresh.path().join("plantdoc.db").exists(), "no database written");
    let stored = std::fs::read_dir(&files2)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(stored, 0, "no blob written");
    // A missing blob is a mismatch too.
    std::fs::remove_file(&blob).unwrap();
    let o = plantdoc(&["restore", dir.to_str().unwrap()], &db2, &files2);
    assert!(text(&o).contains("manifest mismatch"), "{}", text(&o));
    // Put right, it restores.
    std::fs::write(&blob, &good).unwrap();
    let o = plantdoc(&["restore", dir.to_str().unwrap()], &db2, &files2);
    assert!(o.status.success(), "{}", text(&o));
}

fn sha256(b: &[u8]) -> String {
    use std::io::Write;
    let mut c = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin.take().unwrap().write_all(b).unwrap();
    String::from_utf8(c.wait_with_output().unwrap().stdout)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}
