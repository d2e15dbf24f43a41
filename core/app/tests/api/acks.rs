//! The sign store's JSON of a version's records, built by the database in one row,
//! equals the records serialized one by one (same values, same order), on SQLite and
//! PostgreSQL: names that need escaping, millisecond edges, verified and not.
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::auth::users::{Department, Position, User};
use serde_json::Value;

use crate::helpers::*;

fn person(id: &str, first: &str, last: &str, op_no: Option<&str>) -> User {
    User { firstname: first.into(), lastname: last.into(), op_no: op_no.map(Into::into), ..User::sketch(id, "mpk", Position::Operator, Department::Production, &[]) }
}

#[tokio::test]
async fn a_versions_records_as_json_equal_the_records_serialized() {
    let app = spawn().await;
    let db = &app.state.db;
    let (doc, hash) = ("doc-1", "a".repeat(64));
    assert_eq!(acks::json_for_version(db, DocKind::Swp, doc, &hash).await.unwrap(), "[]", "no records: an empty list");
    let names = [("O'Brien", "\"Jr\" Ünal"), ("Zoë", "Back\\slash"), ("Tab\there", "日本"), ("Same", "Time")];
    // Times on millisecond edges, two records at the same time (the id breaks the tie).
    let times = [0_i64, 1_700_000_000_999, 1_700_000_000_001, 951_782_400_000, 4_102_444_799_999, 1_700_000_000_001];
    let lead = person("cl-1", "Cell \"Lead\"", "Ø", Some(""));
    let mut tx = db.pool.begin().await.unwrap();
    for (i, t) in times.iter().enumerate() {
        let (first, last) = names[i % names.len()];
        let op = person(&format!("op-{i}"), first, last, (i % 2 == 0).then_some("OP7"));
        let id = acks::sign(&mut tx, DocKind::Swp, doc, &hash, &op, *t).await.unwrap();
        if i % 3 != 1 {
            assert!(acks::verify(&mut tx, &id, &lead, t + 123_457).await.unwrap());
        }
    }
    // Another version and another document are left out.
    acks::sign(&mut tx, DocKind::Swp, doc, &"b".repeat(64), &lead, 5).await.unwrap();
    acks::sign(&mut tx, DocKind::Swp, "doc-2", &hash, &lead, 5).await.unwrap();
    tx.commit().await.unwrap();

    let text = acks::json_for_version(db, DocKind::Swp, doc, &hash).await.unwrap();
    let built: Value = serde_json::from_str(&text).unwrap();
    let records = acks::for_documents(db, DocKind::Swp, &[(doc, hash.as_str())]).await.unwrap().remove(doc).unwrap();
    assert_eq!(records.len(), times.len());
    assert_eq!(built, serde_json::to_value(&records).unwrap(), "{text}");
}
