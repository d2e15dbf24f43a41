//! `OnConstraint`: a duplicate refused by the real database becomes the answer named for
//! its constraint, on SQLite and (with `PLANTDOC_TEST_PG_URL`) on PostgreSQL; any other
//! error goes on as it was.
use plantdoc_core::error::{AppError, OnConstraint};
use sqlx::{AnyConnection, Connection};

async fn check(url: &str) {
    sqlx::any::install_default_drivers();
    let mut conn = AnyConnection::connect(url).await.unwrap();
    sqlx::query("CREATE TEMPORARY TABLE people (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, badge TEXT UNIQUE)")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("INSERT INTO people (id, email, badge) VALUES ('1', 'a@x', 'B1')")
        .execute(&mut conn)
        .await
        .unwrap();
    let insert = |id: &'static str, email: &'static str, badge: &'static str| {
        sqlx::query("INSERT INTO people (id, email, badge) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(email)
            .bind(badge)
    };
    let answer = |r: Result<sqlx::any::AnyQueryResult, sqlx::Error>| {
        r.on_constraint("badge", || AppError::field("badge", "taken badge"))
            .on_constraint("email", || AppError::field("email", "taken e-mail"))
    };
    let field = |r: Result<_, AppError>| match r {
        Err(AppError::Fields(m)) => m.into_iter().collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        field(answer(insert("2", "b@x", "B1").execute(&mut conn).await)),
        [("badge".to_string(), "taken badge".to_string())]
    );
    assert_eq!(
        field(answer(insert("3", "a@x", "B3").execute(&mut conn).await)),
        [("email".to_string(), "taken e-mail".to_string())]
    );
    // Another constraint (the key) or another error is not turned into a field error.
    assert!(matches!(
        answer(insert("1", "c@x", "B4").execute(&mut conn).await),
        Err(AppError::Internal(_))
    ));
    assert!(matches!(
        answer(sqlx::query("INSERT INTO nowhere VALUES (1)").execute(&mut conn).await),
        Err(AppError::Internal(_))
    ));
    assert!(answer(insert("5", "e@x", "B5").execute(&mut conn).await).is_ok());
}

#[tokio::test]
async fn duplicates_answer_for_their_constraint_on_sqlite() {
    check("sqlite::memory:").await;
}

#[tokio::test]
async fn duplicates_answer_for_their_constraint_on_postgres() {
    match std::env::var("PLANTDOC_TEST_PG_URL") {
        Ok(url) => check(&url).await,
        Err(_) => eprintln!("PLANTDOC_TEST_PG_URL not set: PostgreSQL half skipped"),
    }
}

/// A SQLite file still locked when `busy_timeout` runs out is an overloaded database:
/// `is_unavailable` (503, to be retried), never a 500.
#[tokio::test]
async fn a_sqlite_file_locked_past_the_busy_timeout_is_unavailable() {
    sqlx::any::install_default_drivers();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("busy.db").display());
    let mut holder = AnyConnection::connect(&url).await.unwrap();
    sqlx::query("CREATE TABLE t (x INTEGER)").execute(&mut holder).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.unwrap();
    let mut other = AnyConnection::connect(&url).await.unwrap();
    sqlx::query("PRAGMA busy_timeout = 50").execute(&mut other).await.unwrap();
    let err = sqlx::query("INSERT INTO t VALUES (1)").execute(&mut other).await.unwrap_err();
    assert!(plantdoc_core::db::is_unavailable(&err), "{err:?}");
    assert!(matches!(AppError::from(err), AppError::Unavailable), "a busy database answers 503");
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
}
