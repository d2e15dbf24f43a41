//! Pending uploads as a submit reads and claims them.
use std::collections::HashMap;

use sqlx::{AnyConnection, Row};

use super::{Backing, FileState};
use crate::data::db::Params;

/// A pending upload as a submit needs it.
#[derive(Debug, Clone)]
pub struct PendingFile {
    pub key: String,
    pub filename: String,
    pub content_type: String,
    pub sha256: String,
    pub size: i64,
}

/// The caller's pending uploads in `module` among `ids`.
pub async fn pending(
    state: &dyn Backing,
    owner: &str,
    module: &str,
    ids: &[String],
) -> Result<HashMap<String, PendingFile>, sqlx::Error> {
    let mut out = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let mut q = Params::default();
    let list = q.list(ids.iter().cloned());
    let (me, m) = (q.add(owner), q.add(module));
    let sql = format!("SELECT id, storage_key, filename, content_type, sha256, size FROM files WHERE id IN ({list}) AND owner_id = {me} AND module = {m} AND state = 'pending'");
    for r in q.query(&sql).fetch_all(&state.db().pool).await? {
        let f = PendingFile {
            key: r.try_get("storage_key")?,
            filename: r.try_get("filename")?,
            content_type: r.try_get("content_type")?,
            sha256: r.try_get("sha256")?,
            size: r.try_get("size")?,
        };
        out.insert(r.try_get("id")?, f);
    }
    Ok(out)
}

/// Inside the submit's transaction: moves one of `owner`'s pending files to `to`.
/// `false` when it is no longer pending (reverted, swept, or claimed by another submit).
pub async fn claim(
    conn: &mut AnyConnection,
    owner: &str,
    module: &str,
    id: &str,
    to: FileState,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE files SET state = $1 WHERE id = $2 AND owner_id = $3 AND module = $4 AND state = 'pending'")
        .bind(to.as_str())
        .bind(id)
        .bind(owner)
        .bind(module)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}
