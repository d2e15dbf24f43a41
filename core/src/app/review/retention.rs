//! What a module keeps of its reviewed documents (decision 69), one keeper for every
//! module: a document that left use (its `ended` SQL, over its final `statuses`) is kept
//! with its files, approvals and sign records for the retention years; past them the
//! purge removes its row (re-checked, last), its zone rows, its translations, the links
//! of a correction to it (the correction keeps its copy of the rejection) and whatever
//! else the module names, and the files no other kept document names.
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::acks::DocKind;
use crate::app::retention::{Expired, Keeper};
use crate::app::AppState;
use crate::ports::async_trait;

use super::kind::Kind;

/// A module's kept documents, described.
pub struct Kept {
    pub kind: &'static Kind,
    /// The kind of its sign records (and translations).
    pub doc_kind: DocKind,
    /// When it left use, as SQL over its table (NULL while in use).
    pub ended: &'static str,
    /// Its final states, as SQL (`'obsolete', 'deleted'`).
    pub statuses: &'static str,
    /// The columns naming its files.
    pub files: &'static [&'static str],
    /// The columns its `label` reads besides `id` and `status`.
    pub label_columns: &'static str,
    /// One line for people, from a row of `label_columns`, `id` and `status`.
    pub label: fn(&AnyRow) -> Result<String, sqlx::Error>,
    /// More statements the module runs before the row goes (`$1`: the document's id).
    pub also: &'static [&'static str],
}

#[async_trait]
impl Keeper for Kept {
    async fn expired(&self, state: &AppState, horizon_ms: i64) -> anyhow::Result<Vec<Expired>> {
        let (table, ended, statuses) = (self.kind.table.name, self.ended, self.statuses);
        let sql = format!(
            "SELECT id, status, {}, {}, {ended} AS ended FROM {table} WHERE status IN ({statuses}) AND {ended} < $1 ORDER BY {ended}, id",
            self.label_columns,
            self.files.join(", ")
        );
        // Another document naming the file keeps it.
        let names = self.files.iter().map(|c| format!("{c} = $2")).collect::<Vec<_>>();
        let shared_sql =
            format!("SELECT COUNT(*) FROM {table} WHERE id <> $1 AND ({})", names.join(" OR "));
        let mut out = Vec::new();
        for r in sqlx::query(&sql).bind(horizon_ms).fetch_all(&state.db.pool).await? {
            let id: String = r.try_get("id")?;
            let mut files = Vec::new();
            for col in self.files {
                let Some(f) = r.try_get::<Option<String>, _>(*col)? else { continue };
                let shared: i64 = sqlx::query_scalar(&shared_sql)
                    .bind(&id)
                    .bind(&f)
                    .fetch_one(&state.db.pool)
                    .await?;
                if shared == 0 {
                    files.push(f);
                }
            }
            // Its translations' files are its own, superseded ones too (decision 95).
            let mut conn = state.db.pool.acquire().await?;
            files.extend(super::translations::retained_files(&mut conn, self.doc_kind, &id).await?);
            out.push(Expired {
                kind: self.doc_kind,
                target: format!("{}:{id}", self.kind.words.noun),
                ended_ms: r.try_get("ended")?,
                label: (self.label)(&r)?,
                id,
                files,
            });
        }
        Ok(out)
    }

    async fn remove(
        &self,
        conn: &mut AnyConnection,
        item: &Expired,
        horizon_ms: i64,
    ) -> anyhow::Result<bool> {
        let table = self.kind.table.name;
        let (zones, zone_fk) = self.kind.table.zone_rows;
        let correction = format!("UPDATE {table} SET corrects_id = NULL WHERE corrects_id = $1");
        let zone_rows = format!("DELETE FROM {zones} WHERE {zone_fk} = $1");
        for sql in
            [correction.as_str(), zone_rows.as_str()].into_iter().chain(self.also.iter().copied())
        {
            sqlx::query(sql).bind(&item.id).execute(&mut *conn).await?;
        }
        super::translations::purge(&mut *conn, self.doc_kind, &item.id).await?;
        // The row goes last, re-checked (final states): when it no longer qualifies (a
        // sunset moved) the caller's transaction is dropped, undoing the rest.
        let (ended, statuses) = (self.ended, self.statuses);
        let sql = format!(
            "DELETE FROM {table} WHERE id = $1 AND status IN ({statuses}) AND {ended} < $2"
        );
        let done = sqlx::query(&sql).bind(&item.id).bind(horizon_ms).execute(&mut *conn).await?;
        Ok(done.rows_affected() == 1)
    }
}
