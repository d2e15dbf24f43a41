//! Reading which blobs and content types stored files have, for the answers that link them.
use std::collections::HashMap;

use sqlx::Row;

use super::Backing;
use crate::data::db::Params;

/// `(SELECT f.sha256 FROM files f WHERE f.id = <column>)`: a stored file's SHA-256 as a
/// column of a module's read that stays one statement (the `files` table is the core's).
pub fn sha256_sql(column: &str) -> String {
    format!("(SELECT f.sha256 FROM files f WHERE f.id = {column})")
}

/// Storage key and content type of stored files, by id.
pub async fn describe(
    state: &dyn Backing,
    ids: &[String],
) -> Result<HashMap<String, (String, String)>, sqlx::Error> {
    let mut files = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut q = Params::default();
        let list = q.list(chunk.iter().cloned());
        let sql = format!("SELECT id, storage_key, content_type FROM files WHERE id IN ({list})");
        for r in q.query(&sql).fetch_all(&state.db().pool).await? {
            files.insert(r.try_get("id")?, (r.try_get("storage_key")?, r.try_get("content_type")?));
        }
    }
    Ok(files)
}

/// The SHA-256 of stored files, by id (the auditor's file names each document's).
pub async fn sha256s(
    db: &crate::data::db::Db,
    ids: &[String],
) -> Result<HashMap<String, String>, sqlx::Error> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut q = Params::default();
        let list = q.list(chunk.iter().cloned());
        for r in q
            .query(&format!("SELECT id, sha256 FROM files WHERE id IN ({list})"))
            .fetch_all(&db.pool)
            .await?
        {
            out.insert(r.try_get("id")?, r.try_get("sha256")?);
        }
    }
    Ok(out)
}

/// [`describe`] as a scalar subquery over SQL expressions naming file ids (columns of the
/// outer query; a NULL one names none): JSON text `[[id, key, content type], ...]` or
/// NULL, to read with the row that names the files in one statement. Decode with
/// [`described`].
pub fn describe_sql(dialect: crate::data::db::Dialect, id_sql: &[&str]) -> String {
    let (agg, array, cast) = match dialect {
        crate::data::db::Dialect::Sqlite => ("json_group_array", "json_array", ""),
        crate::data::db::Dialect::Postgres => ("json_agg", "json_build_array", "::text"),
    };
    format!("(SELECT {agg}({array}(f.id, f.storage_key, f.content_type)){cast} FROM files f WHERE f.id IN ({}))", id_sql.join(", "))
}

/// What [`describe_sql`] read, as [`describe`] answers it.
pub fn described(json: Option<&str>) -> Result<HashMap<String, (String, String)>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = match json {
        Some(j) => serde_json::from_str(j).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
        None => Vec::new(),
    };
    Ok(rows.into_iter().map(|(id, key, ct)| (id, (key, ct))).collect())
}
