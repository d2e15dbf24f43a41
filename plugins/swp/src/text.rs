//! Search inside the SWPs' documents (decision 72): the SWC, JES and VIS of every SWP kept
//! (pending, deployed, obsolete) are read page by page by the core's text indexer after
//! the upload's transaction (`SwpState::text`: at start and every minute); the search answers
//! deployed SWPs the caller may see, as Browse does.
use crate::schemas as sc;
use axum::extract::{Query, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::AppResult;
use plantdoc_core::textindex::{self, SearchQuery, TextIndex, TextPage};
use sqlx::Row;

use crate::access::KIND;

/// The SWPs' text index (tables of migration 1007).
pub static TEXT: TextIndex = TextIndex {
    module: "swp",
    table: "swps",
    alias: "s",
    version: "content_hash",
    sections: &[("swc", "swc_file"), ("jes", "jes_file"), ("vis", "vis_file")],
    live: "'pending', 'deployed', 'obsolete'",
    prefix: "swp",
};

/// `GET /api/swps/search-text?q=&page=&limit=`: `{results: [{swpId, partNumber,
/// revision, section, page, snippet}], total, totalExact}`, best match first
/// (`totalExact` false: at least `total` pages match, decision 86).
pub async fn search_text(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(sq): Query<SearchQuery>,
) -> AppResult<axum::Json<TextPage<sc::TextDoc>>> {
    let checked = sq.check()?;
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, &user);
    let filter = format!("s.status = 'deployed' AND {vis}");
    let columns = "s.id AS swp_id, s.part_number, s.revision";
    let found = textindex::search(&state.db, &TEXT, q, &filter, columns, &checked).await?;
    Ok(axum::Json(found.answer(|r| {
        Ok(sc::TextDoc {
            swp_id: r.try_get("swp_id")?,
            part_number: r.try_get("part_number")?,
            revision: r.try_get("revision")?,
        })
    })?))
}

/// Reads the text of every SWP not yet read, now (tests and the benchmark; the
/// background task does the same when woken).
pub async fn index_text(state: &AppState) -> anyhow::Result<usize> {
    state.get::<crate::SwpState>().text.run_now(state, &TEXT).await
}
