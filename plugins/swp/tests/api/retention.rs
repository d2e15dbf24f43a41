//! Retention (decision 69): a deployed SWP deleted from the floor keeps its rows,
//! files and sign records (soft delete, audited) while every list and kiosk read ignores
//! it; obsolete and deleted revisions stay in the auditor's file for `[retention]
//! years_after_obsolete` calendar years and are purged after that to the millisecond
//! (the test clock), with their sign records, file rows and blobs, each audited.
use plantdoc_core::audit::{self, Verdict};
use plantdoc_core::clock::Clock;
use plantdoc_core::retention;
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;

const DAY_S: i64 = 24 * 60 * 60;

/// `ms` plus `years` calendar years.
fn years_after(ms: i64, years: u32) -> i64 {
    let t = chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms).unwrap();
    t.checked_add_months(chrono::Months::new(years * 12)).unwrap().timestamp_millis()
}

async fn csv_of(c: &Client, part: &str) -> String {
    let r = c.get(&format!("/api/swps/audit-file/{part}.csv")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.text
}

#[tokio::test]
async fn deleted_and_obsolete_revisions_are_kept_then_purged_after_the_retention_years() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let rev0 = deployed(&crew, "R-100", json!({})).await;
    sign(&app, &rev0, "2001", app.clock.now_ms(), true, None).await;
    app.clock.advance_secs(DAY_S);
    crew.relogin().await;
    let rev1 =
        deployed(&crew, "R-100", json!({"newRelease": false, "changes": "Torque 14 Nm"})).await;
    let obsolete_at: i64 =
        scalar(&app, &format!("SELECT obsolete_date FROM swps WHERE id = '{rev0}'")).await;
    sign(&app, &rev1, "2002", app.clock.now_ms(), false, None).await;
    let (files_before, blobs_before) = stored_files(&app).await;

    // Deleting the deployed revision: a soft delete with its audit row; its records stay.
    app.clock.advance_secs(DAY_S);
    crew.relogin().await;
    let r = crew.eng.post("/api/swps/delete-deployed", &json!([rev1])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(audit_count(&app, "swp.delete").await, 1);
    assert_eq!(
        scalar(
            &app,
            &format!("SELECT COUNT(*) FROM swps WHERE id = '{rev1}' AND status = 'deleted'")
        )
        .await,
        1
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await,
        2,
        "both sign records kept"
    );
    assert_eq!(stored_files(&app).await, (files_before, blobs_before), "every file kept");
    // ...and every read ignores it, as a hard delete would.
    for path in [
        format!("/api/swps/swp/{rev1}"),
        format!("/api/swps/signed-ops/{rev1}"),
        format!("/api/island/sign-history/{rev1}"),
        format!("/api/swps/swp-with-urls/{rev1}"),
    ] {
        assert_eq!(crew.eng.get(&path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    let r = crew.eng.get("/api/swps/deployed-swp-part-numbers?searchTerm=R-&limit=10").await;
    assert_eq!(r.body, json!({"swpList": []}));
    let r = crew.eng.get("/api/swps/deployed-swp-list").await;
    assert!(!r.text.contains(&rev1), "{}", r.text);
    // The auditor's file shows both revisions and every signature.
    let csv = csv_of(&crew.quality, "R-100").await;
    assert!(
        csv.contains(&format!("\"revision\",\"1\",\"{rev1}\"")) && csv.contains("status deleted"),
        "{csv}"
    );
    let deleted_at = plantdoc_core::clock::with_offset(app.clock.now_ms());
    let row = format!("\"deleted\",\"1\",\"{rev1}\"");
    let line = csv
        .lines()
        .find(|l| l.starts_with(&row))
        .unwrap_or_else(|| panic!("no deleted row: {csv}"));
    assert!(
        line.contains(&format!("\"{deleted_at}\",\"Deleted\""))
            && line.contains("removed from the plant floor"),
        "{line}"
    );
    assert!(csv.contains("Operator 2001 (2001)") && csv.contains("Operator 2002 (2002)"), "{csv}");

    // Fifteen years (the default) after the revision went obsolete: still kept.
    let kept_until = years_after(obsolete_at, 15);
    app.clock.advance_secs((kept_until - app.clock.now_ms()) / 1000);
    assert_eq!(app.clock.now_ms(), kept_until);
    let dry = retention::purge(&app.state, true, "test").await.unwrap();
    assert_eq!(dry.horizon_ms, obsolete_at);
    assert!(dry.items.is_empty(), "{:?}", dry.items);
    crew.relogin().await;
    assert!(
        csv_of(&crew.quality, "R-100").await.contains(&rev0),
        "in the auditor's file the whole time"
    );

    // One second later the obsolete revision is past retention, the deleted one not yet.
    app.clock.advance_secs(1);
    let dry = retention::purge(&app.state, true, "test").await.unwrap();
    let listed: Vec<String> = dry.items.iter().map(|(_, i)| i.target.clone()).collect();
    assert_eq!(listed, [format!("swp:{rev0}")]);
    assert_eq!(dry.items[0].0, "swp");
    assert_eq!(dry.items[0].1.files.len(), 3, "its three PDFs, none shared");
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM swps WHERE id = '{rev0}'")).await,
        1,
        "a dry run removes nothing"
    );
    assert_eq!(audit_count(&app, "retention.purge").await, 0);

    let done = retention::purge(&app.state, false, "test").await.unwrap();
    assert_eq!((done.items.len(), done.removed_rows, done.removed_blobs), (1, 1, 3));
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM swps WHERE id = '{rev0}'")).await, 0);
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM swp_zones WHERE swp_id = '{rev0}'")).await,
        0
    );
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM acknowledgements WHERE doc_id = '{rev0}'"))
            .await,
        0
    );
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM sign_record_objects WHERE doc_id = '{rev0}'"))
            .await,
        0
    );
    assert_eq!(
        stored_files(&app).await,
        (files_before - 3, blobs_before - 3),
        "its file rows and blobs"
    );
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM acknowledgements WHERE doc_id = '{rev1}'"))
            .await,
        1,
        "rev 1 kept"
    );
    let (meaning, actor): (String, String) = sqlx::query_as(
        "SELECT meaning, actor FROM audit_log WHERE action = 'retention.purge' AND target = $1",
    )
    .bind(format!("swp:{rev0}"))
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert!(
        meaning.contains("retention of 15 years")
            && meaning.contains("1 sign records and 3 stored files"),
        "{meaning}"
    );
    assert_eq!(actor, "test");
    assert!(
        matches!(audit::verify(&app.state.db).await.unwrap(), Verdict::Ok { .. }),
        "the chain holds"
    );
    crew.relogin().await;
    let csv = csv_of(&crew.quality, "R-100").await;
    assert!(!csv.contains(&rev0) && csv.contains(&rev1), "{csv}");
    assert!(
        retention::purge(&app.state, false, "test").await.unwrap().items.is_empty(),
        "nothing twice"
    );

    // A day later the deleted revision goes too; the part's revision counter stays.
    app.clock.advance_secs(DAY_S);
    let done = retention::purge(&app.state, false, "test").await.unwrap();
    assert_eq!(
        done.items.iter().map(|(_, i)| i.target.clone()).collect::<Vec<_>>(),
        [format!("swp:{rev1}")]
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM swps").await, 0);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM acknowledgements").await, 0);
    assert_eq!(
        scalar(&app, "SELECT last_revision FROM swp_parts WHERE part_number = 'R-100'").await,
        1
    );
}

/// `[retention] years_after_obsolete` moves the horizon; zero is refused at start.
#[tokio::test]
async fn the_retention_years_come_from_the_config() {
    let app = spawn_with(&[("retention.years_after_obsolete", "2")]).await;
    let crew = crew(&app).await;
    let rev0 = deployed(&crew, "R-200", json!({})).await;
    deployed(&crew, "R-200", json!({"newRelease": false, "changes": "New fixture"})).await;
    let obsolete_at: i64 =
        scalar(&app, &format!("SELECT obsolete_date FROM swps WHERE id = '{rev0}'")).await;
    app.clock.advance_secs((years_after(obsolete_at, 2) - app.clock.now_ms()) / 1000 + 1);
    let dry = retention::purge(&app.state, true, "test").await.unwrap();
    assert_eq!(dry.items.iter().map(|(_, i)| i.id.clone()).collect::<Vec<_>>(), [rev0]);
    let e = plantdoc_core::config::Settings::load_with(
        &config_dir(),
        &[("retention.years_after_obsolete", "0")],
    )
    .unwrap_err();
    assert!(e.0.contains("retention.years_after_obsolete: must be between 1 and 200"), "{}", e.0);
}

/// `plantdoc retention purge --dry-run` lists, then `plantdoc retention purge` removes
/// (the process's own clock: the revision is made obsolete 16 years ago).
#[tokio::test]
async fn the_purge_verb_lists_then_removes_what_is_past_retention() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let rev0 = deployed(&crew, "R-300", json!({})).await;
    let rev1 = deployed(&crew, "R-300", json!({"newRelease": false, "changes": "New gauge"})).await;
    let long_ago = chrono::Utc::now().timestamp_millis() - 16 * 366 * DAY_S * 1000;
    sqlx::query("UPDATE swps SET obsolete_date = $1 WHERE id = $2")
        .bind(long_ago)
        .bind(&rev0)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let files = app.tmp.path().join("files").display().to_string();
    let run = |dry: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc"));
        c.args(["retention", "purge"])
            .current_dir(workspace())
            .env("PLANTDOC__LOG__LEVEL", "error");
        c.env("PLANTDOC__DATABASE__URL", &app.db_url).env("PLANTDOC__STORAGE__DIR", &files);
        if dry {
            c.arg("--dry-run");
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let out = run(true);
    assert!(
        out.contains(&format!(
            "past retention swp swp:{rev0}: SWP of part R-300 (mpk) revision 0, obsolete"
        )),
        "{out}"
    );
    assert!(out.contains("dry run: 1 documents left use before") && !out.contains(&rev1), "{out}");
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM swps WHERE id = '{rev0}'")).await, 1);
    let out = run(false);
    assert!(
        out.contains(&format!("removed swp swp:{rev0}"))
            && out.contains("removed 1 documents")
            && out.contains("(3 stored files)"),
        "{out}"
    );
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM swps WHERE id = '{rev0}'")).await, 0);
    let actor: String =
        sqlx::query_scalar("SELECT actor FROM audit_log WHERE action = 'retention.purge'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(actor, "plantdoc retention purge");
    assert!(run(true).contains("dry run: 0 documents"));
}
