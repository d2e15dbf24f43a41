//! The storage sweep (decision 51): what a process killed mid-upload leaves — an orphan blob,
//! a temporary file — goes at the next start and then periodically, by `storage check
//! --fix`'s age rule, without anyone running it; younger leftovers and named blobs stay.
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use bytes::Bytes;

use crate::helpers::*;
use crate::swp::support::{person, upload_ok};

/// Makes a file look `secs` old.
fn age(path: &Path, secs: u64) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(SystemTime::now() - Duration::from_secs(secs)).unwrap();
}

async fn orphan(app: &TestApp, files: &Path, secs: u64) -> PathBuf {
    let blob = app
        .state
        .storage
        .put_bytes(
            "swp",
            Bytes::from_static(b"%PDF-1.4 left by a killed upload"),
            "application/pdf",
        )
        .await
        .unwrap();
    let path = files.join(&blob.key);
    age(&path, secs);
    path
}

async fn gone_within(path: &Path, limit: Duration) -> bool {
    let start = std::time::Instant::now();
    while path.exists() {
        if start.elapsed() > limit {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    true
}

#[tokio::test]
async fn the_storage_sweep_removes_old_leftovers_at_start_and_periodically() {
    // The plant before the restart: sweep off, one upload with its row, leftovers.
    let before = spawn_with(&[("storage.sweep_secs", "0")]).await;
    let files = before.tmp.path().join("files");
    let (eng, _) = person(&before, "eng@demo.plant", "engineer", "process").await;
    upload_ok(&eng, "uploadPdf", "kept.pdf", &crate::swp::support::pdf("kept", 1)).await;
    let key: String = sqlx::query_scalar("SELECT storage_key FROM files")
        .fetch_one(&before.state.db.pool)
        .await
        .unwrap();
    let named = files.join(&key);
    age(&named, 7200);
    let old_orphan = orphan(&before, &files, 7200).await;
    let young_orphan = orphan(&before, &files, 60).await;
    let (stale_tmp, young_tmp) = (files.join(".tmp/up-killed"), files.join(".tmp/up-writing"));
    std::fs::write(&stale_tmp, b"half an upload").unwrap();
    age(&stale_tmp, 7200);
    std::fs::write(&young_tmp, b"an upload in flight").unwrap();

    // Restarted over the same database and folder (minimum age 10 min): the start sweep.
    let dir = files.display().to_string();
    let app = spawn_on(
        tempfile::tempdir().unwrap(),
        before.db_url.clone(),
        &[
            ("storage.dir", &dir),
            ("storage.sweep_secs", "1"),
            ("storage.sweep_min_age_secs", "600"),
        ],
    )
    .await;
    assert!(
        gone_within(&old_orphan, Duration::from_secs(10)).await,
        "an old orphan blob goes at start"
    );
    assert!(
        gone_within(&stale_tmp, Duration::from_secs(10)).await,
        "a stale temporary file goes at start"
    );
    // Periodically: an old orphan appearing while it runs goes within a period or two.
    let later = orphan(&app, &files, 7200).await;
    assert!(
        gone_within(&later, Duration::from_secs(10)).await,
        "the periodic sweep removes a later orphan"
    );
    for (what, path) in [
        ("the blob a row names (even old)", &named),
        ("a young orphan", &young_orphan),
        ("a young temporary file", &young_tmp),
    ] {
        assert!(path.exists(), "{what} stays");
    }
    let r = app.client().get("/healthz").await;
    assert_eq!(r.status, reqwest::StatusCode::OK);
}
