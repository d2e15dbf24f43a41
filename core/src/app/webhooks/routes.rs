//! The webhooks API: a plant administrator (or a token of scope `webhooks`) makes an
//! endpoint of their company for some event kinds (its secret answered once), lists and
//! removes them, lists an endpoint's deliveries and replays one.
use axum::extract::{Extension, Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::Row;
use utoipa::ToSchema;

use crate::app::api::{Access, ApiRouter, Scope};
use crate::app::auth::tokens::TokenCaller;
use crate::app::auth::CurrentUser;
use crate::app::http::schemas::Done;
use crate::app::AppState;
use crate::base::clock::iso;
use crate::base::error::{AppError, AppResult, FieldErrors};
use crate::data::audit::{self, AuditEntry};
use crate::text;

const ADMINS_ONLY: &str = text!("Webhooks are for plant administrators only.");
const URL_RULE: &str = text!("This address is not one the plant allows ([webhooks] allow).");
const EVENTS_RULE: &str = text!("Choose one or more event kinds the plant has.");

pub fn routes() -> ApiRouter {
    ApiRouter::new("core")
        .tier(Access::Console)
        .post(
            "/api/webhooks",
            "Make a webhook for event kinds (its secret is answered once)",
            create,
        )
        .scoped(Scope::Webhooks)
        .body::<WebhookBody>()
        .returns::<NewWebhook>()
        .get("/api/webhooks", "Your company's webhooks", list)
        .scoped(Scope::Webhooks)
        .returns::<Vec<WebhookJson>>()
        .delete("/api/webhooks/{id}", "Remove a webhook (its deliveries go with it)", remove)
        .scoped(Scope::Webhooks)
        .returns::<Done>()
        .get(
            "/api/webhooks/{id}/deliveries",
            "A webhook's last 200 deliveries: status, attempts, answer code, times",
            deliveries,
        )
        .scoped(Scope::Webhooks)
        .returns::<Vec<DeliveryJson>>()
        .post(
            "/api/webhooks/{id}/deliveries/{deliveryId}/replay",
            "Send a delivery again (now, as a new attempt)",
            replay,
        )
        .scoped(Scope::Webhooks)
        .body_schema(json!({"type": "object", "description": "nothing is read"}))
        .returns::<Replayed>()
}

/// A webhook as listed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct WebhookJson {
    id: String,
    url: String,
    events: Vec<String>,
    description: String,
    created_at: String,
    disabled_at: Option<String>,
}

/// A webhook just made, with its secret.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewWebhook {
    id: String,
    url: String,
    events: Vec<String>,
    description: String,
    company_code: String,
    created_at: String,
    /// whsec_ and the key in base64: shown this once
    secret: String,
}

/// One delivery of a webhook's event.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DeliveryJson {
    id: String,
    kind: String,
    /// pending, delivered or failed
    status: String,
    attempts: i64,
    answer_code: Option<i64>,
    error: Option<String>,
    created_at: String,
    next_at: String,
    done_at: Option<String>,
}

/// A delivery due again.
#[derive(Serialize, ToSchema)]
struct Replayed {
    id: String,
    status: String,
}

impl DeliveryJson {
    fn from_row(r: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: r.try_get("id")?,
            kind: r.try_get("kind")?,
            status: r.try_get("status")?,
            attempts: r.try_get("attempts")?,
            answer_code: r.try_get("answer_code")?,
            error: r.try_get("error")?,
            created_at: iso(r.try_get("created_at")?),
            next_at: iso(r.try_get("next_at")?),
            done_at: r.try_get::<Option<i64>, _>("done_at")?.map(iso),
        })
    }
}

#[derive(Deserialize, ToSchema)]
pub struct WebhookBody {
    url: Option<String>,
    events: Option<Vec<String>>,
    description: Option<String>,
}

/// A plant administrator's session, or a token the route layer let through (its scope).
fn allowed(user: &CurrentUser, token: &Option<Extension<TokenCaller>>) -> AppResult<()> {
    if token.is_some() || (user.plant_admin && !user.disabled) {
        Ok(())
    } else {
        Err(AppError::Forbidden(ADMINS_ONLY.into()))
    }
}

async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    token: Option<Extension<TokenCaller>>,
    crate::base::error::Json(b): crate::base::error::Json<WebhookBody>,
) -> AppResult<Json<NewWebhook>> {
    allowed(&user, &token)?;
    let mut e = FieldErrors::new();
    let url = b.url.unwrap_or_default().trim().to_string();
    if url.len() > 2000 || !state.settings.webhooks.allows(&url) {
        e.insert("url".into(), URL_RULE.into());
    }
    let mut events: Vec<String> = b.events.unwrap_or_default();
    events.sort();
    events.dedup();
    let known = |k: &String| state.event_kind(k).is_some_and(|k| !k.personal);
    if events.is_empty() || !events.iter().all(known) {
        e.insert("events".into(), EVENTS_RULE.into());
    }
    let description: String = b.description.unwrap_or_default().trim().chars().take(500).collect();
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let id = crate::data::db::new_id();
    let secret = super::new_secret();
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO webhooks (id, company_code, url, events, description, secret, created_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(&user.company_code)
    .bind(&url)
    .bind(events.join(" "))
    .bind(&description)
    .bind(&secret)
    .bind(&user.id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let entry = AuditEntry::new("webhook.create", format!("webhook:{id}"), "Webhook made")
        .by(Some(&user.id), &user.full_name())
        .after(json!({"url": url, "events": events, "companyCode": user.company_code}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(Json(NewWebhook {
        id,
        url,
        events,
        description,
        company_code: user.company_code.clone(),
        created_at: iso(now),
        secret,
    }))
}

async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    token: Option<Extension<TokenCaller>>,
) -> AppResult<Json<Vec<WebhookJson>>> {
    allowed(&user, &token)?;
    let rows = sqlx::query(
        "SELECT id, url, events, description, created_at, disabled_at FROM webhooks WHERE company_code = $1 ORDER BY created_at DESC, id",
    )
    .bind(&user.company_code)
    .fetch_all(&state.db.pool)
    .await?;
    let out = rows
        .iter()
        .map(|r| {
            let events: String = r.try_get("events")?;
            Ok(WebhookJson {
                id: r.try_get("id")?,
                url: r.try_get("url")?,
                events: events.split(' ').map(String::from).collect(),
                description: r.try_get("description")?,
                created_at: iso(r.try_get("created_at")?),
                disabled_at: r.try_get::<Option<i64>, _>("disabled_at")?.map(iso),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Json(out))
}

/// The webhook `id` of the caller's company, or 404.
async fn mine(state: &AppState, user: &CurrentUser, id: &str) -> AppResult<()> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM webhooks WHERE id = $1 AND company_code = $2")
            .bind(id)
            .bind(&user.company_code)
            .fetch_one(&state.db.pool)
            .await?;
    if n == 1 {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

async fn remove(
    State(state): State<AppState>,
    user: CurrentUser,
    token: Option<Extension<TokenCaller>>,
    Path(id): Path<String>,
) -> AppResult<Json<Done>> {
    allowed(&user, &token)?;
    mine(&state, &user, &id).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    sqlx::query("DELETE FROM webhook_deliveries WHERE webhook_id = $1")
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM webhooks WHERE id = $1").bind(&id).execute(&mut *tx).await?;
    let entry = AuditEntry::new("webhook.delete", format!("webhook:{id}"), "Webhook removed")
        .by(Some(&user.id), &user.full_name());
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(Json(Done { ok: true }))
}

async fn deliveries(
    State(state): State<AppState>,
    user: CurrentUser,
    token: Option<Extension<TokenCaller>>,
    Path(id): Path<String>,
) -> AppResult<Json<Vec<DeliveryJson>>> {
    allowed(&user, &token)?;
    mine(&state, &user, &id).await?;
    let rows = sqlx::query(
        "SELECT id, kind, status, attempts, answer_code, error, created_at, next_at, done_at FROM webhook_deliveries \
         WHERE webhook_id = $1 ORDER BY created_at DESC, id LIMIT 200",
    )
    .bind(&id)
    .fetch_all(&state.db.pool)
    .await?;
    let out = rows.iter().map(DeliveryJson::from_row).collect::<Result<Vec<_>, _>>()?;
    Ok(Json(out))
}

async fn replay(
    State(state): State<AppState>,
    user: CurrentUser,
    token: Option<Extension<TokenCaller>>,
    Path((id, delivery)): Path<(String, String)>,
) -> AppResult<Json<Replayed>> {
    allowed(&user, &token)?;
    mine(&state, &user, &id).await?;
    let now = state.now_ms();
    // Due now, with a fresh 24 h: the delivery task sends it at its next pass.
    let done = sqlx::query(
        "UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_at = $1, created_at = $1, claimed_until = NULL, done_at = NULL \
         WHERE id = $2 AND webhook_id = $3",
    )
    .bind(now)
    .bind(&delivery)
    .bind(&id)
    .execute(&state.db.pool)
    .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::NotFound);
    }
    sqlx::query("UPDATE webhooks SET disabled_at = NULL WHERE id = $1")
        .bind(&id)
        .execute(&state.db.pool)
        .await?;
    Ok(Json(Replayed { id: delivery, status: "pending".into() }))
}
