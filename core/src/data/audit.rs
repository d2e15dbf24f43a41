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

/// The fields a row's hash covers. Public so a tool writing many rows at once (the
/// benchmark's filler) builds the same chain as [`append`].
pub struct Fields<'a> {
    pub seq: i64,
    pub at: &'a str,
    pub actor_id: Option<&'a str>,
    pub actor: &'a str,
    pub action: &'a str,
    pub target: &'a str,
    pub meaning: &'a str,
    pub before: Option<&'a str>,
    pub after: Option<&'a str>,
    pub prev_hash: &'a str,
}

/// A row's hash: SHA-256 (hex) of its fields and the previous row's hash.
pub fn row_hash(f: &Fields<'_>) -> String {
    // A JSON array is an unambiguous encoding of the fields.
    let canonical = serde_json::json!([
        f.seq,
        f.at,
        f.actor_id,
        f.actor,
        f.action,
        f.target,
        f.meaning,
        f.before,
        f.after,
        f.prev_hash
    ]);
    hex::encode(Sha256::digest(canonical.to_string().as_bytes()))
}

/// A stored row, as read back.
struct Stored {
    seq: i64,
    at: String,
    actor_id: Option<String>,
    actor: String,
    action: String,
    target: String,
    meaning: String,
    before: Option<String>,
    after: Option<String>,
    prev_hash: String,
    hash: String,
}

impl Stored {
    fn read(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            seq: r.try_get("seq")?,
            at: r.try_get("at")?,
            actor_id: r.try_get("actor_id")?,
            actor: r.try_get("actor")?,
            action: r.try_get("action")?,
            target: r.try_get("target")?,
            meaning: r.try_get("meaning")?,
            before: r.try_get("before_json")?,
            after: r.try_get("after_json")?,
            prev_hash: r.try_get("prev_hash")?,
            hash: r.try_get("hash")?,
        })
    }
    /// Whether the row's content still gives its stored hash.
    fn intact(&self) -> bool {
        row_hash(&Fields {
            seq: self.seq,
            at: &self.at,
            actor_id: self.actor_id.as_deref(),
            actor: &self.actor,
            action: &self.action,
            target: &self.target,
            meaning: &self.meaning,
            before: self.before.as_deref(),
            after: self.after.as_deref(),
            prev_hash: &self.prev_hash,
        }) == self.hash
    }
}

/// Appends one row inside the caller's transaction, so the act and its record commit
/// together. Returns the row's sequence number.
pub async fn append(
    conn: &mut AnyConnection,
    now_ms: i64,
    e: &AuditEntry,
) -> Result<i64, sqlx::Error> {
    // Updating the head first takes the write lock (SQLite) / row lock (PostgreSQL).
    let head = sqlx::query("UPDATE audit_head SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash")
        .fetch_one(&mut *conn)
        .await?;
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
    sqlx::query("UPDATE audit_head SET hash = $1 WHERE id = 1")
        .bind(&hash)
        .execute(&mut *conn)
        .await?;
    Ok(seq)
}

/// Records one act in its own transaction (for acts with no other write).
pub async fn record(
    db: &crate::data::db::Db,
    now_ms: i64,
    e: &AuditEntry,
) -> Result<i64, sqlx::Error> {
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
            let r = Stored::read(&r)?;
            let seq = r.seq;
            if seq != expected_seq {
                return Ok(Verdict::Broken {
                    seq,
                    reason: format!("row {expected_seq} is missing"),
                });
            }
            if r.prev_hash != prev {
                return Ok(Verdict::Broken {
                    seq,
                    reason: "link to the previous row does not match".into(),
                });
            }
            if !r.intact() {
                return Ok(Verdict::Broken {
                    seq,
                    reason: "row content does not match its hash".into(),
                });
            }
            prev = r.hash;
            expected_seq += 1;
            last_seq = seq;
            rows += 1;
        }
    }
    // The head must point at the last row (a deleted tail shows here).
    let head =
        sqlx::query("SELECT seq, hash FROM audit_head WHERE id = 1").fetch_one(&db.pool).await?;
    let head_seq: i64 = head.try_get("seq")?;
    if head_seq != rows {
        return Ok(Verdict::Broken {
            seq: rows + 1,
            reason: format!("head says {head_seq} rows, found {rows}"),
        });
    }
    Ok(Verdict::Ok { rows })
}

/// The chain's check at the rows about `targets` only (the auditor's file): each row's
/// hash against its content, its link to the row before it (which must exist; the first
/// row links to zeros) and the next row's link to it (or the head's, for the last row).
/// Its cost grows with the rows cited, not with the log; `plantdoc audit verify` walks
/// the whole chain. `Ok { rows }` counts the rows checked.
pub async fn verify_targets(
    db: &crate::data::db::Db,
    targets: &[String],
) -> Result<Verdict, sqlx::Error> {
    let head =
        sqlx::query("SELECT seq, hash FROM audit_head WHERE id = 1").fetch_one(&db.pool).await?;
    let (head_seq, head_hash): (i64, String) = (head.try_get("seq")?, head.try_get("hash")?);
    let mut found: Vec<(Stored, Option<String>, Option<String>)> = Vec::new();
    for chunk in targets.chunks(500) {
        let mut q = crate::data::db::Params::default();
        let list = q.list(chunk.iter().cloned());
        // Rows appended after the head was read are not this check's (their act is later).
        let last = q.add(head_seq);
        let sql = format!(
            "SELECT c.seq, c.at, c.actor_id, c.actor, c.action, c.target, c.meaning, c.before_json, c.after_json, c.prev_hash, c.hash, \
             p.hash AS before_hash, n.prev_hash AS next_link \
             FROM audit_log c LEFT JOIN audit_log p ON p.seq = c.seq - 1 LEFT JOIN audit_log n ON n.seq = c.seq + 1 \
             WHERE c.target IN ({list}) AND c.seq <= {last}"
        );
        for r in q.query(&sql).fetch_all(&db.pool).await? {
            found.push((Stored::read(&r)?, r.try_get("before_hash")?, r.try_get("next_link")?));
        }
    }
    found.sort_by_key(|(r, _, _)| r.seq);
    for (r, before, next) in &found {
        let seq = r.seq;
        let first = "0".repeat(64);
        match (seq, before) {
            (1, _) if r.prev_hash != first => {
                return Ok(broken(seq, "link to the previous row does not match"))
            }
            (1, _) => {}
            (_, None) => {
                return Ok(Verdict::Broken { seq, reason: format!("row {} is missing", seq - 1) })
            }
            (_, Some(h)) if *h != r.prev_hash => {
                return Ok(broken(seq, "link to the previous row does not match"))
            }
            _ => {}
        }
        if !r.intact() {
            return Ok(broken(seq, "row content does not match its hash"));
        }
        match next {
            Some(link) if *link != r.hash => {
                return Ok(broken(seq + 1, "link to the previous row does not match"))
            }
            Some(_) => {}
            None if seq < head_seq => {
                return Ok(Verdict::Broken {
                    seq: seq + 1,
                    reason: format!("row {} is missing", seq + 1),
                })
            }
            None if head_hash != r.hash => {
                return Ok(Verdict::Broken {
                    seq,
                    reason: format!("head says {head_seq} rows and does not end at this row"),
                })
            }
            None => {}
        }
    }
    Ok(Verdict::Ok { rows: found.len() as i64 })
}

fn broken(seq: i64, reason: &str) -> Verdict {
    Verdict::Broken { seq, reason: reason.into() }
}
