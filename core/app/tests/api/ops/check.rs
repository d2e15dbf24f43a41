//! `plantdoc storage check`: rows against blobs, `--fix` removes orphans only.
use bytes::Bytes;

use super::{plantdoc, signed_plant, text};
use crate::helpers::*;

#[tokio::test]
async fn storage_check_finds_orphans_missing_and_altered_blobs_and_fix_removes_only_orphans() {
    let (app, _p, files) = signed_plant("7101-0001").await;
    let rows = scalar(&app, "SELECT COUNT(*) FROM files").await;
    assert!(rows >= 3, "the SWP's files have rows");

    let o = plantdoc(&["storage", "check"], &app.db_url, &files);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains(&format!(
            "rows: {rows}, blobs: {rows}, ok: {rows}, missing: 0, wrong sha-256: 0, orphans: 0"
        )),
        "{}",
        text(&o)
    );

    // An orphan, a blob altered on disk, a blob gone.
    let orphan = app
        .state
        .storage
        .put_bytes("swp", Bytes::from_static(b"%PDF-1.4 nobody"), "application/pdf")
        .await
        .unwrap();
    let keys: Vec<String> =
        sqlx::query_scalar("SELECT storage_key FROM files ORDER BY storage_key")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let altered = &keys[0];
    let gone = &keys[1];
    let mut bytes = std::fs::read(files.join(altered)).unwrap();
    bytes[10] ^= 1;
    std::fs::write(files.join(altered), &bytes).unwrap();
    std::fs::remove_file(files.join(gone)).unwrap();
    // A temporary file of an upload killed half-way.
    std::fs::write(files.join(".tmp/up-killed"), b"half").unwrap();

    let o = plantdoc(&["storage", "check"], &app.db_url, &files);
    let t = text(&o);
    assert_eq!(o.status.code(), Some(1), "{t}");
    assert!(t.contains(&format!("orphan blob: {}", orphan.key)), "{t}");
    assert!(t.contains(&format!("wrong SHA-256: {altered}")), "{t}");
    assert!(t.contains(&format!("missing blob: {gone}")), "{t}");
    assert!(t.contains("missing: 1, wrong sha-256: 1, orphans: 1 (removed 0"), "{t}");
    assert!(t.contains("temporary files: 1 (removed 0)"), "{t}");

    // --fix with the default age spares a young orphan; with age 0 it goes, and only it.
    let o = plantdoc(&["storage", "check", "--fix"], &app.db_url, &files);
    assert!(
        text(&o).contains("orphans: 1 (removed 0, kept as younger than 300 s: 1)"),
        "{}",
        text(&o)
    );
    assert!(files.join(&orphan.key).exists());
    let o = plantdoc(&["storage", "check", "--fix", "--min-age-secs", "0"], &app.db_url, &files);
    let t = text(&o);
    assert!(t.contains("orphans: 1 (removed 1"), "{t}");
    assert!(t.contains("temporary files: 1 (removed 1)"), "{t}");
    assert_eq!(o.status.code(), Some(1), "the altered and missing blobs are still reported: {t}");
    assert!(!files.join(&orphan.key).exists(), "the orphan is removed");
    assert_eq!(
        std::fs::read(files.join(altered)).unwrap(),
        bytes,
        "a blob a row names is never removed, even altered"
    );
    for k in &keys[2..] {
        assert!(files.join(k).exists(), "{k} kept");
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, rows, "no row is touched");
}

#[tokio::test]
async fn storage_check_on_s3() {
    let s3 = crate::storage::start_s3().await;
    let app = crate::storage::s3_app(&s3, &[]).await;
    let meta = || plantdoc_core::storage::FileMeta {
        module: "swp",
        owner_id: None,
        filename: "a.pdf",
        content_type: "application/pdf",
        state: "pending",
    };
    let body =
        || futures::stream::iter([Ok::<_, std::io::Error>(Bytes::from_static(b"%PDF-1.4 kept"))]);
    app.state.storage.store_file(&app.state.db, T0, meta(), body(), 1000).await.unwrap();
    let orphan = app
        .state
        .storage
        .put_bytes("swp", Bytes::from_static(b"%PDF-1.4 orphan"), "application/pdf")
        .await
        .unwrap();
    let rep = app.state.storage.check(&app.state.db, None).await.unwrap();
    assert_eq!(
        (rep.rows, rep.blobs, rep.ok, rep.orphans.clone()),
        (1, 2, 1, vec![orphan.key.clone()])
    );
    let rep = app
        .state
        .storage
        .check(&app.state.db, Some(std::time::Duration::from_secs(300)))
        .await
        .unwrap();
    assert_eq!(
        (rep.removed, rep.young),
        (0, 1),
        "S3 reports the orphan's age: a young one is spared"
    );
    let rep =
        app.state.storage.check(&app.state.db, Some(std::time::Duration::ZERO)).await.unwrap();
    assert_eq!(rep.removed, 1);
    let rep = app.state.storage.check(&app.state.db, None).await.unwrap();
    assert!(rep.clean() && rep.blobs == 1, "{rep:?}");
}
