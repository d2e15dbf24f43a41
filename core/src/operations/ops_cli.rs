//! The operations commands of the command line: `storage check`, `backup`, `restore`
//! open the database and the storage directly (no migrations, no modules), so they run
//! beside a serving instance; `retention purge` builds the app (its modules know their
//! records).
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::base::config::Settings;
use crate::data::db::Db;
use crate::documents::storage::Storage;

async fn open_storage(s: &Settings) -> anyhow::Result<Storage> {
    // Links are never made here: no key is needed.
    Storage::new(&s.storage, Vec::new()).await
}

pub async fn storage_check(
    settings: Settings,
    fix: bool,
    min_age_secs: u64,
) -> anyhow::Result<ExitCode> {
    let db = Db::connect(&settings.database).await?;
    let storage = open_storage(&settings).await?;
    let rep = storage.check(&db, fix.then(|| Duration::from_secs(min_age_secs))).await?;
    for k in &rep.missing {
        println!("missing blob: {k}");
    }
    for k in &rep.corrupt {
        println!("wrong SHA-256: {k}");
    }
    for k in &rep.orphans {
        println!("orphan blob: {k}");
    }
    println!(
        "rows: {}, blobs: {}, ok: {}, missing: {}, wrong sha-256: {}, orphans: {} (removed {}, kept as younger than {} s: {}), temporary files: {} (removed {}), in flight: {}",
        rep.rows,
        rep.blobs,
        rep.ok,
        rep.missing.len(),
        rep.corrupt.len(),
        rep.orphans.len(),
        rep.removed,
        min_age_secs,
        rep.young,
        rep.temp_files,
        rep.temp_removed,
        rep.temp_in_flight
    );
    Ok(if rep.clean() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

pub async fn backup(settings: Settings, dir: &Path) -> anyhow::Result<ExitCode> {
    let db = Db::connect(&settings.database).await?;
    let storage = open_storage(&settings).await?;
    let m = crate::operations::backup::backup(&db, &settings.database.url, &storage, dir).await?;
    let bytes: u64 = m.blobs.iter().map(|b| b.size).sum();
    println!(
        "backup written to {}: {} database ({} bytes), {} blobs ({} bytes), manifest.json",
        dir.display(),
        m.dialect,
        m.database.size,
        m.blobs.len(),
        bytes
    );
    Ok(ExitCode::SUCCESS)
}

/// `plantdoc retention purge [--dry-run]`: one line per document past retention, then
/// the counts (the modules' migrations run first, as for `migrate`).
pub async fn retention_purge(settings: Settings, dry_run: bool) -> anyhow::Result<ExitCode> {
    let state = crate::app::build_state(settings, crate::app::BuildOptions::default()).await?;
    let report = crate::app::retention::purge(&state, dry_run, "plantdoc retention purge").await?;
    let horizon = crate::base::clock::with_offset(report.horizon_ms);
    for (module, item) in &report.items {
        let ended = crate::base::clock::with_offset(item.ended_ms);
        println!(
            "{} {module} {}: {} (left use {ended})",
            if dry_run { "past retention" } else { "removed" },
            item.target,
            item.label
        );
    }
    if dry_run {
        println!("dry run: {} documents left use before {horizon} and are past retention; nothing removed", report.items.len());
    } else {
        println!(
            "removed {} documents that left use before {horizon} ({} stored files); each has its audit row",
            report.removed_rows, report.removed_blobs
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub async fn restore(settings: Settings, dir: &Path) -> anyhow::Result<ExitCode> {
    let storage = open_storage(&settings).await?;
    let m = crate::operations::backup::restore(&settings.database.url, &storage, dir).await?;
    println!(
        "restored from {}: {} database, {} blobs; every SHA-256 matched the manifest",
        dir.display(),
        m.dialect,
        m.blobs.len()
    );
    Ok(ExitCode::SUCCESS)
}
