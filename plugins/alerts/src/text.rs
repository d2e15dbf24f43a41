//! Search inside the alerts' documents (decision 72): the PDF of every alert kept (pending
//! or deployed) is read page by page by the core's text indexer after the upload's
//! transaction (`AlertsState::text`: at start and every minute); the search answers deployed
//! alerts the caller may see.
use axum::extract::{Query, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::AppResult;
use plantdoc_core::textindex::{self, SearchQuery, TextIndex, TextPage};
use sqlx::Row;

use crate::access::KIND;

/// The alerts' text index (tables of migration 2006).
pub static TEXT: TextIndex = TextIndex {
    module: "alerts",
    table: "alerts",
    alias: "a",
    version: "file_hash",
    sections: &[("alert", "file_id")],
    live: "'pending', 'deployed'",
    prefix: "alert",
};

/// `GET /api/alerts/search-text?q=&page=&limit=`: `{results: [{alertId, alertTag,
/// partNumber, section, page, snippet}], total, totalExact}`, best match first
/// (`totalExact` false: at least `total` pages match, decision 86).
pub async fn search_text(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(sq): Query<SearchQuery>,
) -> AppResult<axum::Json<TextPage<crate::schemas::TextDoc>>> {
    let checked = sq.check()?;
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, &user);
    let filter = format!("a.status = 'deployed' AND {vis}");
    let columns = "a.id AS alert_id, a.alert_tag, a.part_number";
    let found = textindex::search(&state.db, &TEXT, q, &filter, columns, &checked).await?;
    Ok(axum::Json(found.answer(|r| {
        Ok(crate::schemas::TextDoc {
            alert_id: r.try_get("alert_id")?,
            alert_tag: r.try_get("alert_tag")?,
            part_number: r.try_get("part_number")?,
        })
    })?))
}

/// Reads the text of every alert not yet read, now (tests; the background task does
/// the same when woken).
pub async fn index_text(state: &AppState) -> anyhow::Result<usize> {
    state.get::<crate::AlertsState>().text.run_now(state, &TEXT).await
}
