//! Acknowledgements: sign records for any document kind. An operator (identified by
//! badge at the kiosk) acknowledges the exact version read — the document's id and the
//! SHA-256 of that version — and a verifier witnesses it; each act keeps its time and
//! its meaning. A record whose hash is not the document's current one is never shown
//! as the document's (a new revision needs a new signature).
use std::collections::HashMap;

use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::base::clock::iso;
use crate::data::db::{Db, Params};
use crate::plant::users::User;

/// A kind of document with sign records: the `doc_kind` value of its records (`"swp"`,
/// `"alert"`, …). The core knows no kind by name: the module that owns the documents
/// declares its kind in `build` with `ctx.doc_kind(KIND)` (a kind declared by two modules
/// stops start-up), and passes the same value to the functions below. Never change an id
/// once records carry it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DocKind(&'static str);

impl DocKind {
    /// `id`: lower-case letters, digits and '-' (checked when the module declares it).
    pub const fn new(id: &'static str) -> Self {
        Self(id)
    }

    pub const fn as_str(self) -> &'static str {
        self.0
    }

    /// Whether the id is one a module may declare.
    pub fn is_valid(self) -> bool {
        !self.0.is_empty()
            && self.0.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    }
}

impl std::fmt::Display for DocKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// The meaning of an operator's signature.
pub const READ_AND_UNDERSTOOD: &str = "read and understood";
/// The meaning of a verifier's signature.
pub const VERIFIED: &str = "verified";

/// Who signs as the operator at the kiosk (the `opId` of a read or a verification; issue
/// 25): an active operator or OJT trainee with a badge, never staff (they verify) or a
/// kiosk account (a netbook is nobody). The same rule as SQL over `users u`.
pub fn signs_as_operator(u: &User) -> bool {
    matches!(
        u.position,
        crate::plant::users::Position::Operator | crate::plant::users::Position::Ojt
    ) && u.badge.is_some()
        && !u.kiosk
        && !u.disabled
}
pub use crate::plant::people::SIGNS_AS_OPERATOR_SQL;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignRecord {
    pub id: String,
    pub doc_id: String,
    pub version_hash: String,
    pub operator_id: String,
    pub op_full_name: String,
    pub op_no: String,
    pub signed_at: i64,
    pub verifier_id: Option<String>,
    pub cl_full_name: Option<String>,
    pub cl_op_no: Option<String>,
    pub verified_at: Option<i64>,
    /// How each act was given ([`BADGE`], [`BADGE_PIN`]; decision 63).
    pub sign_mode: String,
    pub verify_mode: Option<String>,
}

const COLUMNS: &str = "id, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, verifier_id, cl_full_name, cl_op_no, \
     verified_at, sign_mode, verify_mode";

/// The meaning of an operator's act as people read it (decision 69).
pub const READ: &str = "Read";
/// The meaning of a verifier's act as people read it.
pub const VERIFIED_SHOWN: &str = "Verified";

impl SignRecord {
    fn from_row(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: r.try_get("id")?,
            doc_id: r.try_get("doc_id")?,
            version_hash: r.try_get("version_hash")?,
            operator_id: r.try_get("operator_id")?,
            op_full_name: r.try_get("op_full_name")?,
            op_no: r.try_get("op_no")?,
            signed_at: r.try_get("signed_at")?,
            verifier_id: r.try_get("verifier_id")?,
            cl_full_name: r.try_get("cl_full_name")?,
            cl_op_no: r.try_get("cl_op_no")?,
            verified_at: r.try_get("verified_at")?,
            sign_mode: r.try_get("sign_mode")?,
            verify_mode: r.try_get("verify_mode")?,
        })
    }

    // Its OpenAPI schema: `app::http::schemas::SignRecordJson`.
    /// The spec's signed operation record (`opsSigned` entries).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The spec's record, written straight to the answer (the kiosk's history lists every
/// record of a version; no `Value` tree per record).
impl serde::Serialize for SignRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(serde::Serialize)]
        struct Person<'a> {
            #[serde(rename = "_id")]
            id: &'a str,
            #[serde(rename = "fullName")]
            full_name: Option<&'a str>,
            #[serde(rename = "opNo")]
            op_no: Option<&'a str>,
        }
        #[derive(serde::Serialize)]
        struct Date {
            date: String,
        }
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Record<'a> {
            #[serde(rename = "_id")]
            id: &'a str,
            verified: bool,
            op: Person<'a>,
            date_signed: Date,
            cl: Option<Person<'a>>,
            date_verified: Option<Date>,
            // Decision 69 (21 CFR 11.50): the version signed, each act's meaning
            // and mode (fields added after the spec's; none renamed).
            version_hash: &'a str,
            sign_meaning: &'a str,
            sign_mode: &'a str,
            verify_meaning: Option<&'a str>,
            verify_mode: Option<&'a str>,
        }
        let verified = self.verified_at.is_some();
        Record {
            id: &self.id,
            verified,
            op: Person {
                id: &self.operator_id,
                full_name: Some(&self.op_full_name),
                op_no: Some(&self.op_no),
            },
            date_signed: Date { date: iso(self.signed_at) },
            cl: self.verifier_id.as_deref().map(|id| Person {
                id,
                full_name: self.cl_full_name.as_deref(),
                op_no: self.cl_op_no.as_deref(),
            }),
            date_verified: self.verified_at.map(|d| Date { date: iso(d) }),
            version_hash: &self.version_hash,
            sign_meaning: READ,
            sign_mode: &self.sign_mode,
            verify_meaning: verified.then_some(VERIFIED_SHOWN),
            verify_mode: if verified {
                Some(self.verify_mode.as_deref().unwrap_or(BADGE))
            } else {
                None
            },
        }
        .serialize(s)
    }
}

/// The sign records of each `(document id, current version hash)`, newest first;
/// records of other versions are left out.
pub async fn for_documents(
    db: &Db,
    kind: DocKind,
    docs: &[(&str, &str)],
) -> Result<HashMap<String, Vec<SignRecord>>, sqlx::Error> {
    let hashes: HashMap<&str, &str> = docs.iter().copied().collect();
    let mut out: HashMap<String, Vec<SignRecord>> = HashMap::new();
    for chunk in docs.chunks(500) {
        let mut q = Params::default();
        let k = q.add(kind.as_str());
        let list = q.list(chunk.iter().map(|(id, _)| id.to_string()));
        // One document (the kiosk's calls): only its current version's rows are read.
        let version = match chunk {
            [(_, hash)] => format!(" AND version_hash = {}", q.add(hash.to_string())),
            _ => String::new(),
        };
        let sql = format!(
            "SELECT {COLUMNS} FROM acknowledgements WHERE doc_kind = {k} AND doc_id IN ({list}){version} ORDER BY signed_at DESC, id"
        );
        for r in q.query(&sql).fetch_all(&db.pool).await? {
            let rec = SignRecord::from_row(&r)?;
            if hashes.get(rec.doc_id.as_str()) == Some(&rec.version_hash.as_str()) {
                out.entry(rec.doc_id.clone()).or_default().push(rec);
            }
        }
    }
    Ok(out)
}

/// One operator's sign records of one document version, newest first (the kiosk's
/// status and its verification step).
pub async fn for_operator(
    db: &Db,
    kind: DocKind,
    doc_id: &str,
    version_hash: &str,
    operator_id: &str,
) -> Result<Vec<SignRecord>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM acknowledgements WHERE operator_id = $1 AND doc_kind = $2 AND doc_id = $3 AND version_hash = $4 ORDER BY signed_at DESC, id"
    );
    let rows = sqlx::query(&sql)
        .bind(operator_id)
        .bind(kind.as_str())
        .bind(doc_id)
        .bind(version_hash)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(SignRecord::from_row).collect()
}

/// How a signature was given (decision 63), recorded on each act: the badge alone
/// (attribution), or the badge and the person's PIN (two components, 21 CFR 11.200).
pub const BADGE: &str = "badge";
pub const BADGE_PIN: &str = "badge+pin";

/// Records an operator's badge-only signature of one document version ([`sign_as`]).
pub async fn sign(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    version_hash: &str,
    operator: &User,
    now_ms: i64,
) -> Result<String, sqlx::Error> {
    sign_as(conn, kind, doc_id, version_hash, operator, now_ms, BADGE).await
}

/// Records an operator's signature of one document version given in `mode`, inside the
/// caller's transaction (with its audit row). Returns the record's id.
pub async fn sign_as(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    version_hash: &str,
    operator: &User,
    now_ms: i64,
    mode: &str,
) -> Result<String, sqlx::Error> {
    let id = crate::data::db::new_id();
    sqlx::query(
        "INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, sign_mode) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&id)
    .bind(kind.as_str())
    .bind(doc_id)
    .bind(version_hash)
    .bind(&operator.id)
    .bind(operator.full_name())
    .bind(operator.op_no.clone().unwrap_or_default())
    .bind(now_ms)
    .bind(READ_AND_UNDERSTOOD)
    .bind(mode)
    .execute(conn)
    .await?;
    Ok(id)
}

/// Inside the signing transaction: which files of the version the operator was shown
/// (JSON `[{section, lang, sha256}]`, `lang` null for an original; decision 82). Written
/// once: a record's files never change after (core migration 0029's trigger).
pub async fn set_read_files(
    conn: &mut AnyConnection,
    record_id: &str,
    files_json: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE acknowledgements SET read_files = $1 WHERE id = $2 AND read_files IS NULL")
        .bind(files_json)
        .bind(record_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Records a verifier's badge-only witness ([`verify_as`]).
pub async fn verify(
    conn: &mut AnyConnection,
    record_id: &str,
    verifier: &User,
    now_ms: i64,
) -> Result<bool, sqlx::Error> {
    verify_as(conn, record_id, verifier, now_ms, BADGE).await
}

/// Records a verifier's witness, given in `mode`, of a signature not yet verified;
/// `false` if it already was (or does not exist). The caller has checked who may verify.
pub async fn verify_as(
    conn: &mut AnyConnection,
    record_id: &str,
    verifier: &User,
    now_ms: i64,
    mode: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE acknowledgements SET verifier_id = $1, cl_full_name = $2, cl_op_no = $3, verified_at = $4, verify_meaning = $5, \
         verify_mode = $7 WHERE id = $6 AND verified_at IS NULL",
    )
    .bind(&verifier.id)
    .bind(verifier.full_name())
    .bind(verifier.op_no.clone().unwrap_or_default())
    .bind(now_ms)
    .bind(VERIFIED)
    .bind(record_id)
    .bind(mode)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The sign records of one document version as the JSON array [`SignRecord`] writes
/// (newest first), joined from the objects the database keeps, one a record
/// (`sign_record_objects`, migration 0034: triggers write a record's object in the same
/// transaction as any write of it; decisions 42 and 96). The kiosk reads a version's
/// whole history on every part it loads: one index range of ready objects, no JSON built
/// per read, and a sign write costs one object whatever the version's size. Same values
/// as [`for_documents`] serialized (a test compares them); PostgreSQL's text puts spaces
/// around `:`.
pub async fn json_for_version(
    db: &Db,
    kind: DocKind,
    doc_id: &str,
    version_hash: &str,
) -> Result<String, sqlx::Error> {
    let sql = format!("SELECT {} AS j", version_json_sql(kind, "$1", "$2"));
    sqlx::query_scalar(&sql).bind(doc_id).bind(version_hash).fetch_one(&db.pool).await
}

/// [`json_for_version`] as a scalar subquery (text, never NULL) over the SQL expressions
/// naming the document and the version, to read with the document's own row in one
/// statement (`id_sql`, `hash_sql`: columns of the outer query or placeholders).
pub fn version_json_sql(kind: DocKind, id_sql: &str, hash_sql: &str) -> String {
    // The id goes into the text: only a declared kind's id (letters, digits, '-').
    assert!(kind.is_valid(), "document kind {kind:?}");
    format!(
        "COALESCE((SELECT '[' || string_agg(r.o, ',' ORDER BY r.signed_at DESC, r.id) || ']' FROM sign_record_objects r \
         WHERE r.doc_kind = '{}' AND r.doc_id = {id_sql} AND r.version_hash = {hash_sql}), '[]')",
        kind.as_str()
    )
}

mod trail;
pub use trail::{trail_page, SignAct};

/// Inside the signing transaction of an offline signature (decision 121): when the server
/// received the read (`verification` false) or the verification of record `id`, whose
/// own time is the kiosk's.
pub async fn set_received(
    conn: &mut AnyConnection,
    id: &str,
    verification: bool,
    received_ms: i64,
) -> Result<(), sqlx::Error> {
    let sql = match verification {
        false => "UPDATE acknowledgements SET received_at = $1 WHERE id = $2 AND received_at IS NULL",
        true => "UPDATE acknowledgements SET verify_received_at = $1 WHERE id = $2 AND verify_received_at IS NULL",
    };
    sqlx::query(sql).bind(received_ms).bind(id).execute(conn).await?;
    Ok(())
}
