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
    let rows: Vec<(i64, String)> = sqlx::query_as("SELECT seq, at FROM audit_log ORDER BY seq")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(rows[0].1, "2026-01-01T00:00:00.000Z", "UTC time");

    // The application cannot change a row.
    let upd = sqlx::query("UPDATE audit_log SET meaning = 'x' WHERE seq = 3")
        .execute(&app.state.db.pool)
        .await;
    assert!(upd.is_err(), "UPDATE refused");
    let del = sqlx::query("DELETE FROM audit_log WHERE seq = 3").execute(&app.state.db.pool).await;
    assert!(del.is_err(), "DELETE refused");

    // Someone with the database's owner rights removes the guard and edits row 3.
    let drop = if on_postgres() {
        "DROP TRIGGER audit_log_no_update ON audit_log"
    } else {
        "DROP TRIGGER audit_log_no_update"
    };
    sqlx::query(drop).execute(&app.state.db.pool).await.unwrap();
    sqlx::query("UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 3")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
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
            audit::record(&db, T0, &AuditEntry::new("test.race", format!("n:{i}"), "race"))
                .await
                .unwrap();
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    assert_eq!(audit::verify(&app.state.db).await.unwrap(), Verdict::Ok { rows: 20 });
}

/// Drops the guard against edits, as someone with the database's owner rights could.
async fn unguard(app: &TestApp) {
    let drop = if on_postgres() {
        "DROP TRIGGER audit_log_no_update ON audit_log"
    } else {
        "DROP TRIGGER audit_log_no_update"
    };
    sqlx::query(drop).execute(&app.state.db.pool).await.unwrap();
}

#[tokio::test]
async fn the_check_at_cited_rows_sees_their_edits_and_links_only() {
    let app = spawn().await;
    // Rows 1..=40: "part:a" at 10, 20 and 30; the others about other things.
    for i in 1..=40 {
        let target =
            if i % 10 == 0 && i < 40 { "part:a".to_string() } else { format!("thing:{i}") };
        audit::record(
            &app.state.db,
            T0 + i,
            &AuditEntry::new("test.act", target, "a test act").after(json!({"n": i})),
        )
        .await
        .unwrap();
    }
    let cited = ["part:a".to_string()];
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Ok { rows: 3 }
    );
    assert_eq!(
        audit::verify_targets(&app.state.db, &["part:none".into()]).await.unwrap(),
        Verdict::Ok { rows: 0 }
    );
    unguard(&app).await;

    // An uncited row far from every cited one: the full walk names it, the cited check
    // does not read it.
    sqlx::query("UPDATE audit_log SET actor = 'Someone Else' WHERE seq = 36")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        audit::verify(&app.state.db).await.unwrap(),
        Verdict::Broken { seq: 36, reason: "row content does not match its hash".into() }
    );
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Ok { rows: 3 }
    );

    // A cited row edited: named.
    sqlx::query("UPDATE audit_log SET meaning = 'x' WHERE seq = 20")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Broken { seq: 20, reason: "row content does not match its hash".into() }
    );
    sqlx::query("UPDATE audit_log SET meaning = 'a test act' WHERE seq = 20")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Ok { rows: 3 }
    );

    // A cited row edited with its hash made again: the next row's link names it.
    let (at, prev): (String, String) =
        sqlx::query_as("SELECT at, prev_hash FROM audit_log WHERE seq = 30")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let fake = audit::row_hash(&audit::Fields {
        seq: 30,
        at: &at,
        actor_id: None,
        actor: "system",
        action: "test.act",
        target: "part:a",
        meaning: "nothing happened",
        before: None,
        after: Some("{\"n\":30}"),
        prev_hash: &prev,
    });
    sqlx::query("UPDATE audit_log SET meaning = 'nothing happened', hash = $1 WHERE seq = 30")
        .bind(&fake)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Broken { seq: 31, reason: "link to the previous row does not match".into() }
    );

    // The row before a cited one gone: named.
    if !on_postgres() {
        // (On PostgreSQL one trigger guards both, dropped above.)
        sqlx::query("DROP TRIGGER audit_log_no_delete").execute(&app.state.db.pool).await.unwrap();
    }
    sqlx::query("DELETE FROM audit_log WHERE seq = 9").execute(&app.state.db.pool).await.unwrap();
    assert_eq!(
        audit::verify_targets(&app.state.db, &cited).await.unwrap(),
        Verdict::Broken { seq: 10, reason: "row 9 is missing".into() }
    );
}
