//! The audit log: hash-chained, append-only, and `plantdoc audit verify` names the
//! first edited row.
use std::process::Command;

use plantdoc_core::audit::{self, AuditEntry, Verdict};
use serde_json::json;

use crate::helpers::*;

/// Runs `plantdoc audit verify` on the app's database.
fn verify_command(app: &TestApp) -> (std::process::Output, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_plantdoc"))
        .args(["audit", "verify"])
        .current_dir(workspace())
        .env("PLANTDOC__DATABASE__URL", &app.db_url)
        .env("PLANTDOC__LOG__LEVEL", "error")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    (out, stdout)
}

#[tokio::test]
async fn the_chain_verifies_and_an_edited_row_is_named() {
    let app = spawn().await;
    for i in 0..5 {
        let e = AuditEntry::new("test.act", format!("thing:{i}"), "a test act")
            .by(Some("u1"), "Erin Cole")
            .before(json!({"n": i}))
            .after(json!({"n": i + 1}));
        audit::record(&app.state.db, T0 + i, &e).await.unwrap();
    }
    assert_eq!(audit::verify(&app.state.db).await.unwrap(), Verdict::Ok { rows: 5 });
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT seq, at FROM audit_log ORDER BY seq").fetch_all(&app.state.db.pool).await.unwrap();
    assert_eq!(rows[0].1, "2026-01-01T00:00:00.000Z", "UTC time");

    // The application cannot change a row.
    let upd = sqlx::query("UPDATE audit_log SET meaning = 'x' WHERE seq = 3").execute(&app.state.db.pool).await;
    assert!(upd.is_err(), "UPDATE refused");
    let del = sqlx::query("DELETE FROM audit_log WHERE seq = 3").execute(&app.state.db.pool).await;
    assert!(del.is_err(), "DELETE refused");

    // Someone with the database's owner rights removes the guard and edits row 3.
    let drop = if on_postgres() { "DROP TRIGGER audit_log_no_update ON audit_log" } else { "DROP TRIGGER audit_log_no_update" };
    sqlx::query(drop).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 3").execute(&app.state.db.pool).await.unwrap();
    assert_eq!(
        audit::verify(&app.state.db).await.unwrap(),
        Verdict::Broken { seq: 3, reason: "row content does not match its hash".into() }
    );

    // The command says the same.
    let (out, stdout) = verify_command(&app);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("BROKEN at row 3"), "{stdout}");
}

#[tokio::test]
async fn verify_command_says_ok_on_an_intact_chain() {
    let app = spawn().await;
    app.add_user("erin@demo.plant", "engineer", "process").await;
    let (out, stdout) = verify_command(&app);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.starts_with("OK: 1 audit rows"), "{stdout}");
}

#[tokio::test]
async fn concurrent_appends_keep_one_chain() {
    let app = spawn().await;
    let mut tasks = Vec::new();
    for i in 0..20 {
        let db = app.state.db.clone();
        tasks.push(tokio::spawn(async move {
            audit::record(&db, T0, &AuditEntry::new("test.race", format!("n:{i}"), "race")).await.unwrap();
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    assert_eq!(audit::verify(&app.state.db).await.unwrap(), Verdict::Ok { rows: 20 });
}
