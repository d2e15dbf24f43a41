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
    sqlx::query("INSERT INTO people (id, email, badge) VALUES ('1', 'a@x', 'B1')").execute(&mut conn).await.unwrap();
    let insert = |id: &'static str, email: &'static str, badge: &'static str| {
        sqlx::query("INSERT INTO people (id, email, badge) VALUES ($1, $2, $3)").bind(id).bind(email).bind(badge)
    };
    let answer = |r: Result<sqlx::any::AnyQueryResult, sqlx::Error>| {
        r.on_constraint("badge", || AppError::field("badge", "taken badge")).on_constraint("email", || AppError::field("email", "taken e-mail"))
    };
    let field = |r: Result<_, AppError>| match r {
        Err(AppError::Fields(m)) => m.into_iter().collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    assert_eq!(field(answer(insert("2", "b@x", "B1").execute(&mut conn).await)), [("badge".to_string(), "taken badge".to_string())]);
    assert_eq!(field(answer(insert("3", "a@x", "B3").execute(&mut conn).await)), [("email".to_string(), "taken e-mail".to_string())]);
    // Another constraint (the key) or another error is not turned into a field error.
    assert!(matches!(answer(insert("1", "c@x", "B4").execute(&mut conn).await), Err(AppError::Internal(_))));
    assert!(matches!(answer(sqlx::query("INSERT INTO nowhere VALUES (1)").execute(&mut conn).await), Err(AppError::Internal(_))));
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
