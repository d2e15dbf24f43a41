//! The bell and the preferences: `GET /api/notifications?unread=&page=&limit=`,
//! `POST /api/notifications/read {ids} | {all: true}`, `GET`/`POST
//! /api/notifications/preferences`. A person reads only their own notifications, and
//! only those about their company now.
use crate::app::http::lang::for_person;
use crate::text;
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::Row;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::CurrentUser;
use crate::app::AppState;
use crate::data::db::Params;
use crate::error::{number_field, AppError, AppResult, FieldErrors, Json};
use crate::events::Channel;

pub fn routes() -> ApiRouter {
    ApiRouter::new("core")
        .tier(Access::Console)
        .get("/api/notifications", "The signed-in user's notifications, newest first, with the unread count", list)
        .query::<ListQuery>()
        .returns::<Page>()
        .post("/api/notifications/read", "Mark notifications read: {ids} or {all: true}", read)
        .body::<ReadBody>()
        .returns::<Unread>()
        .get("/api/notifications/preferences", "How the signed-in user is told of each kind of event", preferences)
        .returns::<Prefs>()
        .post("/api/notifications/preferences", "Choose bell, email, digest or off per kind of event", set_preferences)
        .body::<PrefsBody>()
        .returns::<Prefs>()
        .tier(Access::Session)
        .get("/api/events", "Server-Sent Events: what changed that the signed-in user may see (Last-Event-ID resumes)", super::live::stream)
        // Past `notifications.max_streams_per_user` / `max_streams_per_address`.
        .answers(&[429])
        // Each server-sent event of the stream (schemathesis checks every one).
        .returns_content(
            "text/event-stream",
            json!({"type": "object", "required": ["data"], "properties": {
                "event": {"type": "string"}, "id": {"type": "string"}, "retry": {"type": "integer"}, "data": {"type": "string"}}}),
        )
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// `true`: unread ones only.
    unread: Option<String>,
    page: Option<String>,
    limit: Option<String>,
}

/// One notification as the bell lists it.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Item {
    id: String,
    kind: String,
    label: String,
    title: String,
    note: Option<String>,
    /// A console path to the item (`/main/sign-off?review=<id>`).
    link: Option<String>,
    subject: String,
    created_at: i64,
    read: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Page {
    items: Vec<Item>,
    total: i64,
    unread: i64,
    page: i64,
    limit: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Unread {
    unread: i64,
}

async fn unread_count(state: &AppState, user: &CurrentUser) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM notifications n JOIN events e ON e.seq = n.event_seq \
         WHERE n.user_id = $1 AND e.company_code = $2 AND n.read_at IS NULL",
    )
    .bind(&user.id)
    .bind(&user.company_code)
    .fetch_one(&state.db.pool)
    .await
}

async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ListQuery>,
) -> AppResult<axum::Json<Page>> {
    let mut e = FieldErrors::new();
    let unread = match q.unread.as_deref() {
        None | Some("") | Some("false") => false,
        Some("true") => true,
        Some(_) => {
            e.insert("unread".into(), crate::text!("unread is true or false.").into());
            false
        }
    };
    let page = number_field(&mut e, "page", q.page.as_deref(), 1, 100_000);
    let limit = number_field(&mut e, "limit", q.limit.as_deref(), 20, 100);
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let filter = format!(
        "n.user_id = $1 AND e.company_code = $2{}",
        if unread { " AND n.read_at IS NULL" } else { "" }
    );
    let total: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM notifications n JOIN events e ON e.seq = n.event_seq WHERE {filter}"
    ))
    .bind(&user.id)
    .bind(&user.company_code)
    .fetch_one(&state.db.pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT n.id, n.kind, n.created_at, n.read_at, e.subject, e.data FROM notifications n JOIN events e ON e.seq = n.event_seq \
         WHERE {filter} ORDER BY n.created_at DESC, n.event_seq DESC LIMIT $3 OFFSET $4"
    ))
    .bind(&user.id)
    .bind(&user.company_code)
    .bind(limit)
    .bind((page - 1) * limit)
    .fetch_all(&state.db.pool)
    .await?;
    let mut items = Vec::with_capacity(rows.len());
    for r in rows {
        let kind: String = r.try_get("kind")?;
        let data: Value =
            serde_json::from_str(&r.try_get::<String, _>("data")?).unwrap_or(Value::Null);
        let label = for_person(&state, &user, super::kind_of(&state, &kind).label);
        let text = |k: &str| data.get(k).and_then(Value::as_str).map(str::to_string);
        items.push(Item {
            id: r.try_get("id")?,
            title: text("title").map_or_else(|| label.clone(), |t| for_person(&state, &user, &t)),
            label,
            kind,
            note: text("note"),
            link: text("link"),
            subject: r.try_get("subject")?,
            created_at: r.try_get("created_at")?,
            read: r.try_get::<Option<i64>, _>("read_at")?.is_some(),
        });
    }
    let unread = unread_count(&state, &user).await?;
    Ok(axum::Json(Page { items, total, unread, page, limit }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadBody {
    #[serde(default)]
    ids: Option<Vec<String>>,
    #[serde(default)]
    all: Option<bool>,
}

async fn read(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<ReadBody>,
) -> AppResult<axum::Json<Unread>> {
    let now = state.now_ms();
    let mut q = Params::default();
    let me = q.add(user.id.clone());
    let at = q.add(now);
    let which = match (body.ids, body.all) {
        (_, Some(true)) => String::new(),
        (Some(ids), _) if !ids.is_empty() && ids.len() <= 500 => {
            format!(" AND id IN ({})", q.list(ids))
        }
        _ => {
            return Err(AppError::field(
                "ids",
                text!("Send the ids to mark read (at most 500), or all: true."),
            ))
        }
    };
    q.query(&format!(
        "UPDATE notifications SET read_at = {at} WHERE user_id = {me} AND read_at IS NULL{which}"
    ))
    .execute(&state.db.pool)
    .await?;
    Ok(axum::Json(Unread { unread: unread_count(&state, &user).await? }))
}

/// Personal kinds (mail about one's own account) are not listed and cannot be chosen.
const PERSONAL: &str = text!("Mail about your own account is always sent; it cannot be changed.");

/// One kind of event and how the user is told of it.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Pref {
    kind: &'static str,
    /// The kind's name in the person's language.
    label: String,
    module: String,
    channel: Channel,
    default: Channel,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct Prefs {
    preferences: Vec<Pref>,
}

/// `{preferences: {"<kind>": "bell" | "email" | "digest" | "off"}}`: the kinds named change.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrefsBody {
    preferences: BTreeMap<String, String>,
}

async fn prefs_of(state: &AppState, user: &CurrentUser) -> AppResult<Prefs> {
    let rows = sqlx::query("SELECT kind, channel FROM notification_prefs WHERE user_id = $1")
        .bind(&user.id)
        .fetch_all(&state.db.pool)
        .await?;
    let mut chosen = BTreeMap::new();
    for r in rows {
        chosen.insert(r.try_get::<String, _>("kind")?, r.try_get::<String, _>("channel")?);
    }
    let preferences = state
        .event_kinds()
        .filter(|(k, m)| state.module_enabled(m) && !k.personal)
        .map(|(k, m)| Pref {
            kind: k.id,
            label: for_person(state, user, k.label),
            module: m.to_string(),
            channel: chosen.get(k.id).and_then(|c| Channel::parse(c)).unwrap_or(k.default),
            default: k.default,
        })
        .collect();
    Ok(Prefs { preferences })
}

async fn preferences(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<axum::Json<Prefs>> {
    Ok(axum::Json(prefs_of(&state, &user).await?))
}

async fn set_preferences(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<PrefsBody>,
) -> AppResult<axum::Json<Prefs>> {
    let mut e = FieldErrors::new();
    let mut valid = Vec::new();
    for (kind, channel) in &body.preferences {
        match (state.event_kind(kind), Channel::parse(channel)) {
            (None, _) => e.insert(kind.clone(), text!("No such kind of event.").into()),
            (Some(k), _) if k.personal => e.insert(kind.clone(), PERSONAL.into()),
            (_, None) => e.insert(kind.clone(), text!("Choose bell, email, digest or off.").into()),
            (Some(k), Some(c)) => {
                valid.push((k.id, c));
                None
            }
        };
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let mut tx = state.db.begin().await?;
    for (kind, c) in valid {
        sqlx::query(
            "INSERT INTO notification_prefs (user_id, kind, channel) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, kind) DO UPDATE SET channel = excluded.channel",
        )
        .bind(&user.id)
        .bind(kind)
        .bind(c.as_str())
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(axum::Json(prefs_of(&state, &user).await?))
}
