//! Append-only, hash-chained audit log: who, when (UTC), what, the meaning of the act,
//! and the state before and after. Each row's hash covers its fields and the previous
//! row's hash, so an edited row breaks the chain at that row.
use serde::Serialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};

use crate::base::clock::iso;

/// One act to record.
#[derive(Debug, Clone, Serialize)]
pub struct AuditEntry {
    pub actor_id: Option<String>,
    /// Display name (or "system", "anonymous").
    pub actor: String,
    /// Dotted verb, e.g. "swp.approve", "auth.lockout".
    pub action: String,
    /// What it acted on, e.g. "swp:1f3a…", "user:a@b.c".
    pub target: String,
    /// The meaning of the act in plain words (review, approval, acknowledgement…).
    pub meaning: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

impl AuditEntry {
    pub fn new(action: &str, target: impl Into<String>, meaning: impl Into<String>) -> Self {
        Self {
            actor_id: None,
            actor: "system".into(),
            action: action.into(),
            target: target.into(),
            meaning: meaning.into(),
            before: None,
            after: None,
        }
    }
    pub fn by(mut self, actor_id: Option<&str>, actor: &str) -> Self {
        self.actor_id = actor_id.map(str::to_string);
        self.actor = actor.to_string();
        self
    }
    pub fn before(mut self, v: Value) -> Self {
        self.before = Some(v);
        self
    }
    pub fn after(mut self, v: Value) -> Self {
        self.after = Some(v);
        self
    }
}

struct Fields<'a> {
    seq: i64,
    at: &'a str,
    actor_id: Option<&'a str>,
    actor: &'a str,
    action: &'a str,
    target: &'a str,
    meaning: &'a str,
    before: Option<&'a str>,
    after: Option<&'a str>,
    prev_hash: &'a str,
}

fn row_hash(f: &Fields<'_>) -> String {
    // A JSON array is an unambiguous encoding of the fields.
    let canonical = serde_json::json!([f.seq, f.at, f.actor_id, f.actor, f.action, f.target, f.meaning, f.before, f.after, f.prev_hash]);
    hex::encode(Sha256::digest(canonical.to_string().as_bytes()))
}

/// Appends one row inside the caller's transaction, so the act and its record commit
/// together. Returns the row's sequence number.
pub async fn append(conn: &mut AnyConnection, now_ms: i64, e: &AuditEntry) -> Result<i64, sqlx::Error> {
    // Updating the head first takes the write lock (SQLite) / row lock (PostgreSQL).
    let head = sqlx::query("UPDATE audit_head SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash").fetch_one(&mut *conn).await?;
    let seq: i64 = head.try_get("seq")?;
    let prev: String = head.try_get("hash")?;
    let at = iso(now_ms);
    let before = e.before.as_ref().map(|v| v.to_string());
    let after = e.after.as_ref().map(|v| v.to_string());
    let hash = row_hash(&Fields {
        seq,
        at: &at,
        actor_id: e.actor_id.as_deref(),
        actor: &e.actor,
        action: &e.action,
        target: &e.target,
        meaning: &e.meaning,
        before: before.as_deref(),
        after: after.as_deref(),
        prev_hash: &prev,
    });
    sqlx::query(
        "INSERT INTO audit_log (seq, at, actor_id, actor, action, target, meaning, before_json, after_json, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(seq)
    .bind(&at)
    .bind(e.actor_id.clone())
    .bind(&e.actor)
    .bind(&e.action)
    .bind(&e.target)
    .bind(&e.meaning)
    .bind(before)
    .bind(after)
    .bind(&prev)
    .bind(&hash)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE audit_head SET hash = $1 WHERE id = 1").bind(&hash).execute(&mut *conn).await?;
    Ok(seq)
}

/// Records one act in its own transaction (for acts with no other write).
pub async fn record(db: &crate::data::db::Db, now_ms: i64, e: &AuditEntry) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin().await?;
    let seq = append(&mut tx, now_ms, e).await?;
    tx.commit().await?;
    Ok(seq)
}

/// The verdict of [`verify`].
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Ok { rows: i64 },
    Broken { seq: i64, reason: String },
}

/// Walks the chain from the first row; names the first row whose hash or link is wrong.
pub async fn verify(db: &crate::data::db::Db) -> Result<Verdict, sqlx::Error> {
    let mut prev = "0".repeat(64);
    let mut expected_seq = 1i64;
    let mut rows = 0i64;
    let mut last_seq = 0i64;
    loop {
        let batch = sqlx::query(
            "SELECT seq, at, actor_id, actor, action, target, meaning, before_json, after_json, prev_hash, hash
             FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT 1000",
        )
        .bind(last_seq)
        .fetch_all(&db.pool)
        .await?;
        if batch.is_empty() {
            break;
        }
        for r in batch {
            let seq: i64 = r.try_get("seq")?;
            let at: String = r.try_get("at")?;
            let actor_id: Option<String> = r.try_get("actor_id")?;
            let actor: String = r.try_get("actor")?;
            let action: String = r.try_get("action")?;
            let target: String = r.try_get("target")?;
            let meaning: String = r.try_get("meaning")?;
            let before: Option<String> = r.try_get("before_json")?;
            let after: Option<String> = r.try_get("after_json")?;
            let prev_hash: String = r.try_get("prev_hash")?;
            let hash: String = r.try_get("hash")?;
            if seq != expected_seq {
                return Ok(Verdict::Broken { seq, reason: format!("row {expected_seq} is missing") });
            }
            if prev_hash != prev {
                return Ok(Verdict::Broken { seq, reason: "link to the previous row does not match".into() });
            }
            let computed = row_hash(&Fields {
                seq,
                at: &at,
                actor_id: actor_id.as_deref(),
                actor: &actor,
                action: &action,
                target: &target,
                meaning: &meaning,
                before: before.as_deref(),
                after: after.as_deref(),
                prev_hash: &prev_hash,
            });
            if computed != hash {
                return Ok(Verdict::Broken { seq, reason: "row content does not match its hash".into() });
            }
            prev = hash;
            expected_seq += 1;
            last_seq = seq;
            rows += 1;
        }
    }
    // The head must point at the last row (a deleted tail shows here).
    let head = sqlx::query("SELECT seq, hash FROM audit_head WHERE id = 1").fetch_one(&db.pool).await?;
    let head_seq: i64 = head.try_get("seq")?;
    if head_seq != rows {
        return Ok(Verdict::Broken { seq: rows + 1, reason: format!("head says {head_seq} rows, found {rows}") });
    }
    Ok(Verdict::Ok { rows })
}
