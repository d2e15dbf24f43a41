//! The list calls of spec section 7. Every list filters with the visibility rule of
//! `access::visible_sql` (company, zones, authorship) and is bounded.
use axum::extract::{Query, State};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{
    number_field, sort_field, sort_order, AppError, AppResult, FieldErrors,
};
use plantdoc_core::http::json_bytes;
use plantdoc_core::http::schemas::PartList;
use plantdoc_core::text;
use serde::Deserialize;
use sqlx::Row;

use plantdoc_core::db::Params;

use crate::access::KIND;
use crate::paging::{self, Sort};
use crate::schemas::{DeployedPart, Page, PendingMine, SwpJson, SwpList};
use crate::store;

/// Longest list answered at once (lists that are not paged).
pub const LIST_CAP: i64 = 1000;
pub const MAX_PAGE_SIZE: i64 = 100;
pub const MAX_SUGGESTIONS: i64 = 10;

type Swps = axum::Json<Vec<SwpJson>>;

/// `[lo, hi)` bounds of a part-number prefix (bytewise on both databases, so indexed).
pub fn prefix_range(prefix: &str) -> (String, String) {
    (prefix.to_string(), format!("{prefix}\u{10FFFF}"))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SuggestQuery {
    search_term: Option<String>,
    limit: Option<String>,
}

impl SuggestQuery {
    /// The limit (1..=MAX_SUGGESTIONS, default the maximum) and the upper-cased term, or
    /// None when there is nothing to look up.
    fn parse(self) -> AppResult<(i64, Option<String>)> {
        let limit = match self.limit.as_deref() {
            None | Some("") => MAX_SUGGESTIONS,
            Some(s) => s
                .parse::<i64>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| AppError::field("limit", text!("The limit is a number from 1.")))?
                .min(MAX_SUGGESTIONS),
        };
        let term = self.search_term.unwrap_or_default().trim().to_uppercase();
        let usable =
            !term.is_empty() && term.chars().count() <= plantdoc_core::parts::MAX_NUMBER_CHARS;
        Ok((limit, usable.then_some(term)))
    }
}

/// Type-ahead over deployed parts (console and kiosk): `{swpList: [{_id, partNumber}]}`,
/// `_id` being the catalogue part (what `deployed-swp?partId=` and the sign history
/// take; stable across revisions).
pub async fn part_numbers(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<SuggestQuery>,
) -> AppResult<Response> {
    let (limit, Some(term)) = q.parse()? else { return Ok(json_bytes(&b"{\"swpList\":[]}"[..])) };
    let mut qb = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut qb, &user);
    let (lo, hi) = prefix_range(&term);
    let filter = format!(
        "s.status = 'deployed' AND {vis} AND s.part_number >= {} AND s.part_number < {}",
        qb.add(lo),
        qb.add(hi)
    );
    let sql = format!("SELECT s.part_id, s.part_number FROM swps s WHERE {filter} ORDER BY s.part_number LIMIT {limit}");
    let key = format!("{sql}\n{:?}", qb.values);
    let body = store::kept(&state)
        .get(&state, key, || async {
            let rows = qb.query(&sql).fetch_all(&mut *state.db.reader().await?).await?;
            let swp_list = rows
                .iter()
                .map(|r| {
                    Ok(DeployedPart {
                        id: r.try_get("part_id")?,
                        part_number: r.try_get("part_number")?,
                    })
                })
                .collect::<Result<_, sqlx::Error>>()?;
            serde_json::to_vec(&SwpList { swp_list })
                .map_err(|e| AppError::from(anyhow::Error::from(e)))
        })
        .await?;
    Ok(json_bytes(body))
}

/// The Upload form's part field: every part of the caller's company's catalogue starting
/// with the term, deployed or not: `{partList: [{_id, partNumber}]}` (uploaders only).
pub async fn catalogue_part_numbers(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<SuggestQuery>,
) -> AppResult<axum::Json<PartList>> {
    KIND.require_uploader(&user)?;
    let (limit, Some(term)) = q.parse()? else {
        return Ok(axum::Json(PartList { part_list: Vec::new() }));
    };
    let parts = plantdoc_core::parts::search(&state.db, &user.company_code, &term, limit).await?;
    Ok(axum::Json(PartList::of(parts)))
}

/// Pending SWPs whose review stage is the caller's and still open, oldest first, with
/// links to their documents: `{swps, urls: {<swpId>: {swc, jes, vis, video}}}`.
pub async fn pending_my_approval(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<axum::Json<PendingMine>> {
    let none = || axum::Json(PendingMine { swps: Vec::new(), urls: Default::default() });
    let Some(stage) = KIND.flow.stage_of(&user) else { return Ok(none()) };
    if user.zones.is_empty() {
        return Ok(none());
    }
    let mut q = Params::default();
    let filter = KIND.waiting_sql(&mut q, &user, stage);
    let swps =
        store::fetch_list(&state.db, &q, &filter, "s.upload_date, s.id", LIST_CAP, 0).await?;
    let urls = store::links_for(&state, &swps).await?.into_iter().collect();
    Ok(axum::Json(PendingMine { swps: store::with_signs(&state.db, swps).await?, urls }))
}

async fn simple_list(
    state: &AppState,
    user: &CurrentUser,
    mine: bool,
    statuses: &str,
    order: &str,
) -> AppResult<Swps> {
    let mut q = Params::default();
    let who = if mine {
        let company = q.add(user.company_code.clone());
        let me = q.add(user.id.clone());
        format!("s.company_code = {company} AND (s.owner_id = {me} OR s.on_behalf_id = {me})")
    } else {
        KIND.visible_sql(&state.zones, &mut q, user)
    };
    let filter = format!("s.status IN ({statuses}) AND {who}");
    let swps = store::fetch_list(&state.db, &q, &filter, order, LIST_CAP, 0).await?;
    Ok(axum::Json(store::with_signs(&state.db, swps).await?))
}

/// My Pending: the caller's SWPs in review, and the rejected ones returned to them.
pub async fn user_pending(State(state): State<AppState>, user: CurrentUser) -> AppResult<Swps> {
    simple_list(&state, &user, true, "'pending', 'rejected'", "s.upload_date DESC, s.id").await
}

/// All Pending: every pending SWP the caller sees.
pub async fn all_pending(State(state): State<AppState>, user: CurrentUser) -> AppResult<Swps> {
    simple_list(&state, &user, false, "'pending'", "s.upload_date DESC, s.id").await
}

/// My Approved: the caller's deployed SWPs with their sign records.
pub async fn user_deployed(State(state): State<AppState>, user: CurrentUser) -> AppResult<Swps> {
    simple_list(&state, &user, true, "'deployed'", "s.deploy_date DESC, s.id").await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    search: Option<String>,
}

/// Every deployed SWP the caller sees (optionally by part-number prefix), by part
/// number, at most 1000.
pub async fn deployed_list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(lq): Query<ListQuery>,
) -> AppResult<Swps> {
    let mut q = Params::default();
    let mut filter =
        format!("s.status = 'deployed' AND {}", KIND.visible_sql(&state.zones, &mut q, &user));
    let term = lq.search.unwrap_or_default().trim().to_uppercase();
    if !term.is_empty() {
        let (lo, hi) = prefix_range(&term);
        filter.push_str(&format!(
            " AND s.part_number >= {} AND s.part_number < {}",
            q.add(lo),
            q.add(hi)
        ));
    }
    let swps =
        store::fetch_list(&state.db, &q, &filter, "s.part_number, s.id", LIST_CAP, 0).await?;
    Ok(axum::Json(store::with_signs(&state.db, swps).await?))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct PageQuery {
    page: Option<String>,
    limit: Option<String>,
    search: Option<String>,
    sort_by: Option<String>,
    sort_order: Option<String>,
}

/// The sort keys of the spec and their columns (each has an index).
pub const SORT_KEYS: [(&str, &str); 5] = [
    ("deployDate.timestamp", "s.deploy_date"),
    ("uploadDate.timestamp", "s.upload_date"),
    ("owner.firstname", "s.owner_firstname"),
    ("onBehalfOf.name", "s.on_behalf_name"),
    ("partNumber", "s.part_number"),
];

/// Browse and All Approved: `{results, total}`, a page of deployed SWPs.
pub async fn deployed_paginated(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(pq): Query<PageQuery>,
) -> AppResult<Response> {
    let mut e = FieldErrors::new();
    let mut num = |name: &str, v: Option<String>, default: i64, max: i64| {
        number_field(&mut e, name, v.as_deref(), default, max)
    };
    let page = num("page", pq.page, 1, 1_000_000);
    let limit = num("limit", pq.limit, 10, MAX_PAGE_SIZE);
    let sort_by =
        pq.sort_by.filter(|s| !s.is_empty()).unwrap_or_else(|| "deployDate.timestamp".into());
    let column = sort_field(&mut e, &SORT_KEYS, &sort_by);
    let default = if sort_by == "partNumber" { "ASC" } else { "DESC" };
    let dir = sort_order(&mut e, pq.sort_order.as_deref(), default);
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let mut q = Params::default();
    let visible =
        format!("s.status = 'deployed' AND {}", KIND.visible_sql(&state.zones, &mut q, &user));
    let sort = Sort { column: column.unwrap_or("s.deploy_date"), desc: dir == "DESC" };
    let term = pq.search.unwrap_or_default().trim().to_uppercase();
    // Everything the page depends on besides the counters (decision 37).
    let key =
        format!("browse\n{visible}\n{:?}\n{}\n{term}\n{page}\n{limit}", q.values, sort.order());
    let body = store::kept(&state)
        .get(&state, key, || async {
            let (counted, paged) = if term.is_empty() {
                (visible.clone(), visible)
            } else {
                paging::search(&state, &mut q, &visible, &term, &sort).await?
            };
            let total = paging::count_cached(&state, &q, &counted).await?;
            let offset = (page - 1) * limit;
            // Past the end: nothing to read.
            let swps = if offset >= total {
                Vec::new()
            } else {
                paging::page(&state, &q, &paged, &sort, limit, offset).await?
            };
            let results = store::with_signs(&state.db, swps).await?;
            serde_json::to_vec(&Page { results, total })
                .map_err(|e| AppError::from(anyhow::Error::from(e)))
        })
        .await?;
    Ok(json_bytes(body))
}
