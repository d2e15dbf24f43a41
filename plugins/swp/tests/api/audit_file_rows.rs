//! The auditor's file cites rows: the chain check covers the rows it cites, not the whole
//! log; names print as written.
use super::audit_file::{download, pdf_text};
use super::support::*;
use crate::helpers::*;
use plantdoc_core::acks::{self, DocKind};
use reqwest::StatusCode;
use serde_json::json;

/// The file's last line (the chain's check).
async fn chain_line(c: &Client) -> String {
    let (status, _, csv) = download(c, "/api/swps/audit-file/7101-0001.csv").await;
    assert_eq!(status, StatusCode::OK);
    String::from_utf8(csv).unwrap().lines().last().unwrap().to_string()
}

#[tokio::test]
async fn the_file_checks_the_rows_it_cites_not_the_whole_log() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let first = deployed(&crew, "7101-0001", json!({})).await;
    // Later acts about other things: rows the file does not cite, far from its rows.
    for i in 0..30 {
        let e =
            plantdoc_core::audit::AuditEntry::new("test.act", format!("thing:{i}"), "another act");
        plantdoc_core::audit::record(&app.state.db, T0 + i, &e).await.unwrap();
    }
    let (status, _, before) = download(&crew.quality, "/api/swps/audit-file/7101-0001.csv").await;
    assert_eq!(status, StatusCode::OK);
    let cited: Vec<i64> =
        sqlx::query_scalar("SELECT seq FROM audit_log WHERE target = $1 ORDER BY seq")
            .bind(format!("swp:{first}"))
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let line = chain_line(&crew.quality).await;
    assert!(
        line.contains(&format!(
            "audit verify: OK, chain intact at the {} rows about this part",
            cited.len()
        )),
        "{line}"
    );

    // Someone with the owner's rights edits the last (uncited) row: the whole walk names
    // it, the file is the same, byte for byte.
    let drop = if on_postgres() {
        "DROP TRIGGER audit_log_no_update ON audit_log"
    } else {
        "DROP TRIGGER audit_log_no_update"
    };
    sqlx::query(drop).execute(&app.state.db.pool).await.unwrap();
    let last: i64 = sqlx::query_scalar("SELECT MAX(seq) FROM audit_log")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE audit_log SET meaning = 'edited' WHERE seq = $1")
        .bind(last)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(
        matches!(plantdoc_core::audit::verify(&app.state.db).await.unwrap(), plantdoc_core::audit::Verdict::Broken { seq, .. } if seq == last)
    );
    let (_, _, after) = download(&crew.quality, "/api/swps/audit-file/7101-0001.csv").await;
    assert_eq!(String::from_utf8(after).unwrap(), String::from_utf8(before).unwrap());

    // A cited row edited: the file names it.
    let seq = cited[cited.len() / 2];
    sqlx::query("UPDATE audit_log SET actor = 'Someone Else' WHERE seq = $1")
        .bind(seq)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let line = chain_line(&crew.quality).await;
    assert!(
        line.contains(&format!(
            "audit verify: BROKEN at row {seq}: row content does not match its hash"
        )),
        "{line}"
    );
    let (_, _, pdf) = download(&crew.quality, "/api/swps/audit-file/7101-0001.pdf").await;
    assert!(pdf_text(&pdf).0.contains(&format!("BROKEN at row {seq}")));
}

/// Names print as written (the PDF embeds a Unicode font: a printed name is part of the
/// signature's record), and a signer without an operator number by name alone, never
/// `Name ()`.
#[tokio::test]
async fn names_print_as_written_and_a_signer_without_an_operator_number_without_brackets() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let swp = deployed(&crew, "7101-0009", json!({})).await;
    let hash: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&swp)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let person =
        |id: &str, first: &str, last: &str, op_no: Option<&str>| plantdoc_core::auth::users::User {
            firstname: first.into(),
            lastname: last.into(),
            op_no: op_no.map(Into::into),
            ..plantdoc_core::auth::users::User::sketch(
                id,
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
        &swp,
        &hash,
        &person("op-n", "Łukasz", "Wiśniewski", Some("OP5")),
        T0 + 60_000,
        acks::BADGE,
    )
    .await
    .unwrap();
    assert!(acks::verify_as(
        &mut tx,
        &id,
        &person("cl-n", "Nina", "Nonumber", None),
        T0 + 120_000,
        acks::BADGE
    )
    .await
    .unwrap());
    tx.commit().await.unwrap();
    let (_, _, csv) = download(&crew.quality, "/api/swps/audit-file/7101-0009.csv").await;
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.contains("\"Łukasz Wiśniewski (OP5)\"")
            && csv.contains("\"Nina Nonumber\",\"2026-01-01 00:02:00 +00:00\",\"Verified\""),
        "{csv}"
    );
    assert!(!csv.contains("()"), "{csv}");
    let (_, _, pdf) = download(&crew.quality, "/api/swps/audit-file/7101-0009.pdf").await;
    let (text, _) = pdf_text(&pdf);
    assert!(
        text.contains("signature · Nina Nonumber · 2026-01-01 00:02:00 +00:00 · Verified")
            && !text.contains("()"),
        "{text}"
    );
    assert!(
        text.contains("signature · Łukasz Wiśniewski (OP5) · 2026-01-01 00:01:00 +00:00 · Read"),
        "{text}"
    );
}
