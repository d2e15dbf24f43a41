//! Change control as the other modules meet it: the `ChangeControl` port (a revision names
//! its change request, checked and recorded in the submission's transaction), and what
//! their acts tell it, inside their transactions:
//! - `swp.deployed`, `alerts.in-force`: a revision submitted under a request was deployed;
//! - `swp.deployed`, `alerts.in-force` also open the document's periodic review (and end
//!   those of the revisions it supersedes); `swp.removed`, `alerts.sunset` end it;
//! - `island.verified`: the first verified signature of one of a request's deployed
//!   revisions in one of its zones is the change's cut-in there (when it was first live).
use plantdoc_core::auth::users;
use plantdoc_core::events::{Event, Listener};
use plantdoc_core::ports::{async_trait, AttachedRevision, ChangeControl};
use plantdoc_core::{text, AppResult, AppState};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::{review_store, store, ChangesState};

pub struct Control;

#[async_trait]
impl ChangeControl for Control {
    async fn check_request(
        &self,
        state: &AppState,
        company: &str,
        number: &str,
        kind: &str,
        part_number: &str,
    ) -> AppResult<Result<(), &'static str>> {
        let Some(c) = store::by_number(&state.db, company, number).await? else {
            return Ok(Err(text!("There is no change request with this number.")));
        };
        Ok(match c.state() {
            "in review" | "approved" if c.lists(kind, part_number) => Ok(()),
            "in review" | "approved" => {
                Err(text!("This change request does not list this document; add it there first."))
            }
            _ => Err(text!("This change request is not open: it takes no more revisions.")),
        })
    }

    async fn attach(
        &self,
        conn: &mut AnyConnection,
        company: &str,
        number: &str,
        r: &AttachedRevision,
    ) -> AppResult<()> {
        sqlx::query(
            "INSERT INTO change_request_revisions (request_id, doc_kind, doc_id, part_number, reason, submitted_at) \
             SELECT id, $1, $2, $3, $4, $5 FROM change_requests WHERE company_code = $6 AND number = $7",
        )
        .bind(&r.kind)
        .bind(&r.doc_id)
        .bind(&r.part_number)
        .bind(&r.reason)
        .bind(r.submitted_at)
        .bind(company)
        .bind(number)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn effective_days(
        &self,
        conn: &mut AnyConnection,
        doc_id: &str,
    ) -> AppResult<Vec<(String, String)>> {
        let rows = sqlx::query(
            "SELECT z.zone, z.effective FROM change_request_revisions r JOIN change_requests c ON c.id = r.request_id \
             JOIN change_request_zones z ON z.request_id = c.id WHERE r.doc_id = $1 AND c.status = 'deployed' AND z.effective IS NOT NULL",
        )
        .bind(doc_id)
        .fetch_all(&mut *conn)
        .await?;
        Ok(rows
            .iter()
            .map(|r| Ok((r.try_get("zone")?, r.try_get("effective")?)))
            .collect::<Result<_, sqlx::Error>>()?)
    }

    fn effective_days_sql(&self, id_sql: &str) -> String {
        // Each pair as `<zone's length>:<zone><day>` (a day is 10 characters): a zone code
        // from the configuration may hold any character.
        format!(
            "COALESCE((SELECT string_agg(length(z.zone) || ':' || z.zone || z.effective, '') FROM change_request_revisions r \
             JOIN change_requests c ON c.id = r.request_id JOIN change_request_zones z ON z.request_id = c.id \
             WHERE r.doc_id = {id_sql} AND c.status = 'deployed' AND z.effective IS NOT NULL), '')"
        )
    }

    async fn review_due(&self, state: &AppState, doc_id: &str) -> AppResult<Option<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT due_at FROM change_reviews WHERE doc_id = $1 AND ended_at IS NULL AND (ends_at IS NULL OR ends_at > $2)",
        )
        .bind(doc_id)
        .bind(state.now_ms())
        .fetch_optional(&state.db.pool)
        .await?)
    }
}

pub const KINDS: [&str; 5] =
    ["swp.deployed", "alerts.in-force", "island.verified", "swp.removed", "alerts.sunset"];

pub struct Hears;

#[async_trait]
impl Listener for Hears {
    async fn on_event(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        e: &Event,
    ) -> AppResult<()> {
        let doc_id = e.data["docId"].as_str().unwrap_or_default();
        match e.kind {
            "swp.deployed" | "alerts.in-force" => {
                sqlx::query("UPDATE change_request_revisions SET deployed_at = $1 WHERE doc_id = $2 AND deployed_at IS NULL")
                    .bind(now)
                    .bind(doc_id)
                    .execute(&mut *conn)
                    .await?;
                let kind = if e.kind == "swp.deployed" { "swp" } else { "alert" };
                let months = state.get::<ChangesState>().settings.review_every_months.of(kind);
                review_store::opened(conn, now, e, kind, months).await
            }
            "swp.removed" | "alerts.sunset" => review_store::ended(conn, now, doc_id).await,
            "island.verified" => {
                let threshold = state.get::<ChangesState>().settings.close_coverage;
                for id in cut_in(conn, now, e, doc_id).await? {
                    crate::coverage::maybe_close(conn, now, &id, threshold).await?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

/// Records the cut-in in each of the event's zones that a request of this revision has
/// and that is not live yet (the first verification wins: the UPDATE's WHERE).
/// Answers the requests of this revision (each may now close).
async fn cut_in(
    conn: &mut AnyConnection,
    now: i64,
    e: &Event,
    doc_id: &str,
) -> AppResult<Vec<String>> {
    let requests: Vec<String> = sqlx::query(
        "SELECT r.request_id FROM change_request_revisions r JOIN change_requests c ON c.id = r.request_id \
         WHERE r.doc_id = $1 AND r.deployed_at IS NOT NULL AND c.status = 'deployed' AND c.closed_at IS NULL",
    )
    .bind(doc_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| r.try_get::<String, _>(0))
    .collect::<Result<_, _>>()?;
    if requests.is_empty() {
        return Ok(requests);
    }
    let name = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let operator = match users::find_by_id(conn, &name(&e.data["operator"])).await? {
        Some(u) => u.full_name(),
        None => String::new(),
    };
    let verifier = match &e.actor {
        Some(id) => users::find_by_id(conn, id).await?.map(|u| u.full_name()).unwrap_or_default(),
        None => String::new(),
    };
    for id in &requests {
        for z in &e.zones {
            sqlx::query("UPDATE change_request_zones SET live_at = $1, live_operator = $2, live_verifier = $3 WHERE request_id = $4 AND zone = $5 AND live_at IS NULL")
                .bind(now)
                .bind(&operator)
                .bind(&verifier)
                .bind(id)
                .bind(z)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(requests)
}
