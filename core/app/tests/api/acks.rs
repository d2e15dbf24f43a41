//! The sign store's JSON of a version's records, built by the database in one row,
//! equals the records serialized one by one (same values, same order), on SQLite and
//! PostgreSQL: names that need escaping, millisecond edges, verified and not.
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::auth::users::{Department, Position, User};
use serde_json::Value;

use crate::helpers::*;

/// The SWP module's kind (registered: see `modules_register_their_document_kinds`).
const SWP: DocKind = DocKind::new("swp");

fn person(id: &str, first: &str, last: &str, op_no: Option<&str>) -> User {
    User {
        firstname: first.into(),
        lastname: last.into(),
        op_no: op_no.map(Into::into),
        ..User::sketch(id, "mpk", Position::Operator, Department::Production, &[])
    }
}

#[tokio::test]
async fn a_versions_records_as_json_equal_the_records_serialized() {
    let app = spawn().await;
    let db = &app.state.db;
    let (doc, hash) = ("doc-1", "a".repeat(64));
    assert_eq!(
        acks::json_for_version(db, SWP, doc, &hash).await.unwrap(),
        "[]",
        "no records: an empty list"
    );
    let names = [
        ("O'Brien", "\"Jr\" Ünal"),
        ("Zoë", "Back\\slash"),
        ("Tab\there", "日本"),
        ("Same", "Time"),
    ];
    // Times on millisecond edges, two records at the same time (the id breaks the tie).
    let times = [
        0_i64,
        1_700_000_000_999,
        1_700_000_000_001,
        951_782_400_000,
        4_102_444_799_999,
        1_700_000_000_001,
    ];
    let lead = person("cl-1", "Cell \"Lead\"", "Ø", Some(""));
    let mut tx = db.begin().await.unwrap();
    for (i, t) in times.iter().enumerate() {
        let (first, last) = names[i % names.len()];
        let op = person(&format!("op-{i}"), first, last, (i % 2 == 0).then_some("OP7"));
        let id = acks::sign(&mut tx, SWP, doc, &hash, &op, *t).await.unwrap();
        if i % 3 != 1 {
            assert!(acks::verify(&mut tx, &id, &lead, t + 123_457).await.unwrap());
        }
    }
    // Another version and another document are left out.
    acks::sign(&mut tx, SWP, doc, &"b".repeat(64), &lead, 5).await.unwrap();
    acks::sign(&mut tx, SWP, "doc-2", &hash, &lead, 5).await.unwrap();
    tx.commit().await.unwrap();

    let text = acks::json_for_version(db, SWP, doc, &hash).await.unwrap();
    let built: Value = serde_json::from_str(&text).unwrap();
    let records =
        acks::for_documents(db, SWP, &[(doc, hash.as_str())]).await.unwrap().remove(doc).unwrap();
    assert_eq!(records.len(), times.len());
    assert_eq!(built, serde_json::to_value(&records).unwrap(), "{text}");
    // Decision 69: each record names its version, each act its meaning and mode
    // (fields after the spec's; a record verified before modes were kept shows badge).
    let first = &built[0];
    assert_eq!(
        (first["versionHash"].as_str(), first["signMeaning"].as_str(), first["signMode"].as_str()),
        (Some(hash.as_str()), Some("Read"), Some("badge"))
    );
    for r in built.as_array().unwrap() {
        let verified = r["verified"].as_bool().unwrap();
        assert_eq!(r["verifyMeaning"].as_str(), verified.then_some("Verified"), "{r}");
        assert_eq!(r["verifyMode"].as_str(), verified.then_some("badge"), "{r}");
    }
    let mut tx = db.begin().await.unwrap();
    let id = acks::sign_as(&mut tx, SWP, "doc-3", &hash, &lead, 7, acks::BADGE_PIN).await.unwrap();
    acks::verify_as(&mut tx, &id, &person("cl-2", "Two", "Factor", None), 8, acks::BADGE_PIN)
        .await
        .unwrap();
    sqlx::query("UPDATE acknowledgements SET verify_mode = NULL WHERE id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let built: Value =
        serde_json::from_str(&acks::json_for_version(db, SWP, "doc-3", &hash).await.unwrap())
            .unwrap();
    let records = acks::for_documents(db, SWP, &[("doc-3", hash.as_str())])
        .await
        .unwrap()
        .remove("doc-3")
        .unwrap();
    assert_eq!(built, serde_json::to_value(&records).unwrap());
    assert_eq!(
        (built[0]["signMode"].as_str(), built[0]["verifyMode"].as_str()),
        (Some("badge+pin"), Some("badge")),
        "{built}"
    );
}

/// The kept objects (`sign_record_objects`, decisions 42 and 96) follow every write of a
/// sign record, made through the store or straight in SQL: insert, verify, a record deleted and one
/// signed on another version, delete; and records signed at once in parallel transactions all show.
#[tokio::test]
async fn a_versions_kept_list_follows_every_write() {
    let app = spawn().await;
    let db = &app.state.db;
    let (doc, h1, h2) = ("doc-k", "c".repeat(64), "d".repeat(64));
    let list = |h: String| async move {
        serde_json::from_str::<Value>(&acks::json_for_version(db, SWP, doc, &h).await.unwrap())
            .unwrap()
    };
    let ids = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["_id"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let insert =
        "INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning) \
                  VALUES ($1, 'swp', $2, $3, 'op-x', 'Op X', '', $4, 'read')";
    for (id, t) in [("k1", 1_000_i64), ("k2", 3_000), ("k3", 2_000)] {
        sqlx::query(insert).bind(id).bind(doc).bind(&h1).bind(t).execute(&db.pool).await.unwrap();
    }
    assert_eq!(ids(&list(h1.clone()).await), ["k2", "k3", "k1"], "newest first");
    sqlx::query("UPDATE acknowledgements SET verifier_id = 'cl', cl_full_name = 'C L', cl_op_no = '9', verified_at = 4000 WHERE id = 'k3'")
        .execute(&db.pool)
        .await
        .unwrap();
    let v = list(h1.clone()).await;
    assert_eq!(
        (v[1]["verified"].as_bool(), v[1]["cl"]["fullName"].as_str()),
        (Some(true), Some("C L")),
        "{v}"
    );
    assert_eq!(v[0]["verified"], Value::Bool(false));
    // A record is never moved (migration 0025): another version's record is a new row.
    sqlx::query("DELETE FROM acknowledgements WHERE id = 'k2'").execute(&db.pool).await.unwrap();
    sqlx::query(insert)
        .bind("k2")
        .bind(doc)
        .bind(&h2)
        .bind(3_000_i64)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        (ids(&list(h1.clone()).await), ids(&list(h2.clone()).await)),
        (vec!["k3".to_string(), "k1".into()], vec!["k2".to_string()])
    );
    sqlx::query("DELETE FROM acknowledgements WHERE doc_id = $1")
        .bind(doc)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(
        (list(h1.clone()).await, list(h2.clone()).await),
        (Value::Array(vec![]), Value::Array(vec![])),
        "deleted records leave the lists"
    );

    // Parallel signers of one version (PostgreSQL: concurrent transactions).
    let signers = (0..12).map(|i| {
        let db = db.clone();
        let h = h1.clone();
        tokio::spawn(async move {
            let op = person(&format!("par-{i}"), "Par", &i.to_string(), None);
            let mut tx = db.begin().await.unwrap();
            acks::sign(&mut tx, SWP, doc, &h, &op, 10_000 + i).await.unwrap();
            tx.commit().await.unwrap();
        })
    });
    for s in signers.collect::<Vec<_>>() {
        s.await.unwrap();
    }
    assert_eq!(
        list(h1.clone()).await.as_array().unwrap().len(),
        12,
        "every parallel signature is in the list"
    );
}

/// 21 CFR 11.70 (decision 63): a signature cannot be moved to another version, another
/// document or another signer, nor its time or mode changed, even straight in SQL; its
/// verification (once) is the only update. The mode in force is kept on each act.
#[tokio::test]
async fn a_signature_cannot_be_moved_to_another_version() {
    let app = spawn().await;
    let db = &app.state.db;
    let (op, lead) = (person("op-m", "Op", "M", None), person("cl-m", "Cl", "M", None));
    let (h1, h2) = ("e".repeat(64), "f".repeat(64));
    let mut tx = db.begin().await.unwrap();
    let id = acks::sign_as(&mut tx, SWP, "doc-m", &h1, &op, 1_000, acks::BADGE_PIN).await.unwrap();
    tx.commit().await.unwrap();
    for (what, sql) in [
        ("version", "UPDATE acknowledgements SET version_hash = $2 WHERE id = $1"),
        ("document", "UPDATE acknowledgements SET doc_id = $2 WHERE id = $1"),
        ("signer", "UPDATE acknowledgements SET operator_id = $2 WHERE id = $1"),
        ("mode", "UPDATE acknowledgements SET sign_mode = $2 WHERE id = $1"),
    ] {
        let r = sqlx::query(sql).bind(&id).bind(&h2).execute(&db.pool).await;
        assert!(r.is_err(), "{what} changed");
    }
    assert!(
        sqlx::query("UPDATE acknowledgements SET signed_at = 5 WHERE id = $1")
            .bind(&id)
            .execute(&db.pool)
            .await
            .is_err(),
        "time changed"
    );
    let mut tx = db.begin().await.unwrap();
    assert!(
        acks::verify_as(&mut tx, &id, &lead, 2_000, acks::BADGE).await.unwrap(),
        "verifying is the one update"
    );
    tx.commit().await.unwrap();
    let row: (String, String, String, Option<String>) = sqlx::query_as(
        "SELECT doc_id, version_hash, sign_mode, verify_mode FROM acknowledgements WHERE id = $1",
    )
    .bind(&id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    assert_eq!(
        row,
        ("doc-m".to_string(), h1.clone(), "badge+pin".to_string(), Some("badge".to_string()))
    );
    let records = acks::for_operator(db, SWP, "doc-m", &h2, "op-m").await.unwrap();
    assert!(records.is_empty(), "nothing signed on the other version");
}

/// The core knows no document kind by name: each module declares its own in `build`,
/// with the stored `doc_kind` values of before (no data migration).
#[tokio::test]
async fn modules_register_their_document_kinds() {
    let app = spawn().await;
    let kinds: Vec<(&str, &str)> = app.state.doc_kinds().map(|(k, m)| (k.as_str(), m)).collect();
    assert_eq!(kinds, [("alert", "alerts"), ("swp", "swp")]);
    assert_eq!(app.state.doc_kind("swp"), Some((SWP, "swp")));
    assert_eq!(app.state.doc_kind("training"), None, "the training module keeps no sign records");
}

/// A sign write costs the same whatever its version already holds (decision 96): the
/// database writes the new record's object, never the version's whole list again (that
/// took 37 ms a write at 8 100 records, under SQLite's write lock). Seven writes beside
/// 8 000 records, each after one on an empty version (so a busy moment hits both);
/// medians compared.
#[tokio::test]
async fn a_sign_write_costs_the_same_at_8000_records_of_its_version() {
    let app = spawn().await;
    let db = &app.state.db;
    let (big, empty) = ("e".repeat(64), "f".repeat(64));
    let seeded = std::time::Instant::now();
    sqlx::query(
        "INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning) \
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 8000) \
         SELECT 'seed-' || i, 'swp', 'doc-big', $1, 'op-' || i, 'Seeded Operator', 'S1', i, 'read' FROM n",
    )
    .bind(&big)
    .execute(&db.pool)
    .await
    .unwrap();
    let seeded = seeded.elapsed();
    let write = |doc: &'static str, hash: &str, i: i64| {
        let (db, hash) = (db.clone(), hash.to_string());
        async move {
            let op = person(&format!("timed-{doc}-{i}"), "Timed", "Signer", Some("T1"));
            let t0 = std::time::Instant::now();
            let mut tx = db.begin().await.unwrap();
            acks::sign(&mut tx, SWP, doc, &hash, &op, 1_000_000 + i).await.unwrap();
            tx.commit().await.unwrap();
            t0.elapsed()
        }
    };
    let (mut small, mut large) = (Vec::new(), Vec::new());
    for i in 0..7 {
        small.push(write("doc-small", &empty, i).await);
        large.push(write("doc-big", &big, i).await);
    }
    small.sort();
    large.sort();
    let (small, large) = (small[3], large[3]);
    println!(
        "sign write: median {:.2} ms on an empty version, {:.2} ms beside 8 000 records (seeding them took {:.1} s)",
        small.as_secs_f64() * 1e3,
        large.as_secs_f64() * 1e3,
        seeded.as_secs_f64()
    );
    let list: Value =
        serde_json::from_str(&acks::json_for_version(db, SWP, "doc-big", &big).await.unwrap())
            .unwrap();
    assert_eq!(list.as_array().unwrap().len(), 8007);
    assert_eq!(list[0]["op"]["_id"], "timed-doc-big-6", "newest first");
    assert!(
        large <= small * 2 + std::time::Duration::from_millis(5),
        "a write beside 8 000 records took {large:?} (empty version: {small:?})"
    );
}
