//! /scim/v2/Users: list, create, read, replace, patch and delete, each act through the
//! console's own (`crate::acts`) with SCIM's row in the same transaction.
use std::str::FromStr;

use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::{text, AppError, AppResult};
use scim_v2::filter::{AttrExp, CompValue, CompareOp, Filter};
use serde::Deserialize;
use serde_json::{json, Value};

use super::resource::{self, Asked, Seen};
use super::rows::{self, By};
use super::{error, reply, Scim};
use crate::acts;

const LIST: &str = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
const BAD_FILTER: &str =
    text!("The filter may only be userName, externalId or id eq a quoted value.");
const BAD_NUMBER: &str = text!("startIndex and count are whole numbers.");
const BAD_JSON: &str = text!("The body is not a JSON object.");

/// The list's query (documentation: the handler reads the pairs itself, so that a bad
/// number is SCIM's error, not the extractor's text).
#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
pub struct ListQuery {
    /// `userName eq "…"`, `externalId eq "…"` or `id eq "…"`.
    filter: Option<String>,
    /// 1-based; below 1 counts as 1.
    start_index: Option<i64>,
    /// At most 200 (the default 100).
    count: Option<i64>,
}

/// The one filter a provisioning client sends: an attribute equal to a string.
fn by(filter: Option<&str>) -> Option<By> {
    let Some(f) = filter.map(str::trim).filter(|f| !f.is_empty()) else { return Some(By::All) };
    match Filter::from_str(f).ok()? {
        Filter::Attr(AttrExp::Comparison(p, CompareOp::Eq, CompValue::Str(v)))
            if p.sub_attr.is_none() =>
        {
            let n = p.name.to_ascii_lowercase();
            match n.as_str() {
                "username" => Some(By::UserName(v)),
                "externalid" => Some(By::ExternalId(v)),
                "id" => Some(By::Id(v)),
                _ => None,
            }
        }
        _ => None,
    }
}

pub async fn list(s: Scim, Query(q): Query<Vec<(String, String)>>) -> Response {
    let param =
        |name: &str| q.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let Some(by) = by(param("filter")) else {
        let detail = plantdoc_core::http::lang::for_person(&s.state, &s.me, BAD_FILTER);
        return error(StatusCode::BAD_REQUEST, Some("invalidFilter"), &detail);
    };
    let number = |name: &str, default: i64| {
        param(name).map_or(Some(default), |v| v.trim().parse::<i64>().ok())
    };
    let (Some(start), Some(count)) = (number("startIndex", 1), number("count", 100)) else {
        let detail = plantdoc_core::http::lang::for_person(&s.state, &s.me, BAD_NUMBER);
        return error(StatusCode::BAD_REQUEST, Some("invalidValue"), &detail);
    };
    let (start, count) = (start.clamp(1, i64::MAX / 2), count.clamp(0, 200));
    let r = async {
        let mut conn = s.state.db.pool.acquire().await?;
        Ok::<_, AppError>(rows::page(&mut conn, &s.me.company_code, &by, start - 1, count).await?)
    };
    match r.await {
        Ok((page, total)) => {
            let base = s.base();
            let items: Vec<Value> = page.iter().map(|x| resource::to_scim(x, &base)).collect();
            reply(
                StatusCode::OK,
                json!({"schemas": [LIST], "totalResults": total,
                "startIndex": start, "itemsPerPage": items.len(), "Resources": items}),
            )
        }
        Err(e) => s.fail(e),
    }
}

async fn seen(s: &Scim, id: &str) -> AppResult<Seen> {
    let mut conn = s.state.db.pool.acquire().await?;
    rows::one(&mut conn, &s.me.company_code, id).await?.ok_or(AppError::NotFound)
}

fn answer(s: &Scim, status: StatusCode, r: AppResult<Seen>) -> Response {
    match r {
        Ok(x) => reply(status, resource::to_scim(&x, &s.base())),
        Err(e) => s.fail(e),
    }
}

/// The body as a JSON object (none: answer [`not_json`]).
fn json_body(body: &Bytes) -> Option<Value> {
    serde_json::from_slice::<Value>(body).ok().filter(Value::is_object)
}

fn not_json(s: &Scim) -> Response {
    let detail = plantdoc_core::http::lang::for_person(&s.state, &s.me, BAD_JSON);
    error(StatusCode::BAD_REQUEST, Some("invalidSyntax"), &detail)
}

pub async fn one(s: Scim, Path(id): Path<String>) -> Response {
    let r = seen(&s, &id).await;
    answer(&s, StatusCode::OK, r)
}

fn why(s: &Scim, what: &str) -> String {
    format!("user account {what} through SCIM (API token {})", s.token)
}

pub async fn create(s: Scim, body: Bytes) -> Response {
    let doc = match json_body(&body) {
        Some(d) => d,
        None => return not_json(&s),
    };
    let asked = resource::from_scim(&doc, &s.me.company_code);
    let r = async {
        let new = acts::prepare_new(&s.state, &s.me, asked.input, false).await?;
        let now = s.state.now_ms();
        let mut tx = s.state.db.begin().await?;
        let id = acts::create(&mut tx, &s.state, &s.me, &new, &why(&s, "created"), now).await?;
        rows::remember(&mut tx, &id, asked.external_id.as_deref(), false).await?;
        if !asked.active {
            let u = plantdoc_core::auth::users::find_by_id(&mut tx, &id)
                .await?
                .ok_or(AppError::NotFound)?;
            acts::disable(&mut tx, &s.state, &s.me, &u, &why(&s, "deactivated"), now).await?;
            rows::remember(&mut tx, &id, None, true).await?;
        }
        tx.commit().await?;
        seen(&s, &id).await
    };
    let r = r.await;
    answer(&s, StatusCode::CREATED, r)
}

/// Writes what `doc` asks of the user `cur`: its fields through the console's edit, then
/// its activity (deactivated through SCIM, or enabled again).
async fn write(s: &Scim, cur: Seen, doc: Value) -> AppResult<Seen> {
    let Asked { input, active, external_id } = resource::from_scim(&doc, &s.me.company_code);
    let old = cur.user;
    let now = s.state.now_ms();
    let mut tx = s.state.db.begin().await?;
    if old.disabled && active {
        rows::enable(&mut tx, &old.id, now).await?;
        let entry = AuditEntry::new("user.enable", format!("user:{}", old.id), why(s, "enabled"))
            .by(Some(&s.me.id), &s.me.full_name());
        audit::append(&mut tx, now, &entry).await?;
    }
    let mut token = None;
    let edit = if active || !old.disabled {
        let e = acts::prepare_edit(&s.state, &s.me, &old, input)?;
        token =
            acts::apply_edit(&mut tx, &s.state, &s.me, &old, &e, &why(s, "changed"), now).await?;
        Some(e)
    } else {
        None
    };
    if !active && !old.disabled {
        let fresh = plantdoc_core::auth::users::find_by_id(&mut tx, &old.id)
            .await?
            .ok_or(AppError::NotFound)?;
        acts::disable(&mut tx, &s.state, &s.me, &fresh, &why(s, "deactivated"), now).await?;
    }
    rows::remember(&mut tx, &old.id, external_id.as_deref(), !active).await?;
    tx.commit().await?;
    if let Some(e) = &edit {
        acts::announce(&s.state, &old, e, token, &s.me).await;
    }
    seen(s, &old.id).await
}

pub async fn replace(s: Scim, Path(id): Path<String>, body: Bytes) -> Response {
    let mut doc = match json_body(&body) {
        Some(d) => d,
        None => return not_json(&s),
    };
    let r = async {
        let cur = seen(&s, &id).await?;
        resource::keep_unsaid(&mut doc, &resource::to_scim(&cur, &s.base()));
        write(&s, cur, doc).await
    };
    let r = r.await;
    answer(&s, StatusCode::OK, r)
}

pub async fn patch(s: Scim, Path(id): Path<String>, body: Bytes) -> Response {
    let body = match json_body(&body) {
        Some(d) => d,
        None => return not_json(&s),
    };
    let cur = match seen(&s, &id).await {
        Ok(c) => c,
        Err(e) => return s.fail(e),
    };
    let mut doc = resource::to_scim(&cur, &s.base());
    if let Err(super::patch::Bad(t, detail)) = super::patch::apply(&mut doc, &body) {
        let detail = plantdoc_core::http::lang::for_person(&s.state, &s.me, detail);
        return error(StatusCode::BAD_REQUEST, Some(t), &detail);
    }
    let r = write(&s, cur, doc).await;
    answer(&s, StatusCode::OK, r)
}

/// Disables the user (sessions end, the badge is freed) and keeps the row, its signatures
/// and audit: afterwards SCIM answers 404 for it, as for a deleted resource.
pub async fn delete(s: Scim, Path(id): Path<String>) -> Response {
    let r = async {
        let cur = seen(&s, &id).await?;
        let now = s.state.now_ms();
        let mut tx = s.state.db.begin().await?;
        if !cur.user.disabled {
            acts::disable(&mut tx, &s.state, &s.me, &cur.user, &why(&s, "deleted"), now).await?;
        } else {
            let entry = AuditEntry::new("user.delete", format!("user:{id}"), why(&s, "deleted"))
                .by(Some(&s.me.id), &s.me.full_name());
            audit::append(&mut tx, now, &entry).await?;
        }
        rows::remember(&mut tx, &id, None, false).await?;
        tx.commit().await?;
        Ok::<_, AppError>(())
    };
    match r.await {
        Ok(()) => axum::response::IntoResponse::into_response(StatusCode::NO_CONTENT),
        Err(e) => s.fail(e),
    }
}
