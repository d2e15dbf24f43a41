//! The connections held for the hot reads (decision 44): each sees every commit made
//! before its read, whichever connection wrote it; a write through one is refused on
//! SQLite (they are `query_only`); on PostgreSQL they are the pool's own.
use plantdoc_core::db::Dialect;

use crate::helpers::*;

#[tokio::test]
async fn held_readers_see_every_commit_and_never_write() {
    let app = spawn().await;
    let db = &app.state.db;
    for round in 0..20_i64 {
        // Four readers at once: on SQLite, every held connection (none is free for a
        // second taker while the first holds it).
        let mut held = Vec::new();
        for _ in 0..4 {
            held.push(db.reader().await.unwrap());
        }
        let name = format!("readers-test-{round}");
        sqlx::query("INSERT INTO change_counters (name, n) VALUES ($1, $2)")
            .bind(&name)
            .bind(round)
            .execute(&db.pool)
            .await
            .unwrap();
        for r in &mut held {
            let n: i64 = sqlx::query_scalar("SELECT n FROM change_counters WHERE name = $1")
                .bind(&name)
                .fetch_one(&mut **r)
                .await
                .unwrap();
            assert_eq!(n, round, "a held reader saw an older state");
        }
        sqlx::query("UPDATE change_counters SET n = n + 100 WHERE name = $1")
            .bind(&name)
            .execute(&db.pool)
            .await
            .unwrap();
        for r in &mut held {
            let n: i64 = sqlx::query_scalar("SELECT n FROM change_counters WHERE name = $1")
                .bind(&name)
                .fetch_one(&mut **r)
                .await
                .unwrap();
            assert_eq!(n, round + 100, "a held reader kept its snapshot");
        }
        if db.dialect == Dialect::Sqlite {
            let write = sqlx::query("DELETE FROM change_counters WHERE name = $1")
                .bind(&name)
                .execute(&mut *held[0])
                .await;
            assert!(write.is_err(), "a held reader wrote");
        }
    }
    let left: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM change_counters WHERE name LIKE 'readers-test-%'")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert_eq!(left, 20, "nothing was deleted through a reader");
}
