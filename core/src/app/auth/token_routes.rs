//! Settings → API tokens: a plant administrator makes, lists and revokes service tokens
//! (see `tokens`). The token's text is answered once, at creation; each act is audited in
//! its own transaction with the row it writes.
use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::Row;
use utoipa::ToSchema;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::session::sha256_hex;
use crate::app::auth::tokens::{new_token, Scope};
use crate::app::auth::CurrentUser;
use crate::app::AppState;
use crate::base::clock::iso;
use crate::base::error::{AppError, AppResult, FieldErrors};
use crate::data::audit::{self, AuditEntry};
use crate::text;

const ADMINS_ONLY: &str = text!("API tokens are for plant administrators only.");
const NAME_RULE: &str = text!("Name the token (1 to 100 characters).");
const SCOPES_RULE: &str = text!(
    "Choose one or more scopes: documents:read, signatures:read, readiness:read, users:write, scim, webhooks, metrics."
);
const DAYS_RULE: &str = text!("A token lasts from 1 to 365 days.");

pub fn routes() -> ApiRouter {
    ApiRouter::new("core")
        .tier(Access::Console)
        .post(
            "/api/tokens",
            "Plant administrators: make an API token (its text is answered once)",
            create,
        )
        .body::<TokenBody>()
        .returns::<NewToken>()
        .get("/api/tokens", "Plant administrators: the API tokens not revoked", list)
        .returns::<Vec<TokenJson>>()
        .delete("/api/tokens/{id}", "Plant administrators: revoke an API token", revoke)
        .answers(&[404])
        .returns::<TokenJson>()
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenBody {
    name: Option<String>,
    scopes: Option<Vec<String>>,
    /// 1 to 365
    expires_in_days: Option<i64>,
}

/// A token as listed (never its text).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenJson {
    id: String,
    name: String,
    scopes: Vec<String>,
    company_code: String,
    created_by: String,
    created_at: String,
    expires_at: String,
    last_used_at: Option<String>,
    revoked_at: Option<String>,
}

/// A new token: its listing and, this once, its text.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewToken {
    #[serde(flatten)]
    listed: TokenJson,
    token: String,
}

fn admin(user: &CurrentUser) -> AppResult<()> {
    if user.plant_admin && !user.disabled {
        Ok(())
    } else {
        Err(AppError::Forbidden(ADMINS_ONLY.into()))
    }
}

fn checked(b: TokenBody) -> AppResult<(String, Vec<Scope>, i64)> {
    let mut e = FieldErrors::new();
    let name = b.name.unwrap_or_default().trim().to_string();
    if name.is_empty() || name.chars().count() > 100 {
        e.insert("name".into(), NAME_RULE.into());
    }
    let asked = b.scopes.unwrap_or_default();
    let mut scopes: Vec<Scope> = asked.iter().filter_map(|s| Scope::parse(s.trim())).collect();
    scopes.sort();
    scopes.dedup();
    if scopes.is_empty()
        || scopes.len()
            != asked.iter().map(|s| s.trim()).collect::<std::collections::BTreeSet<_>>().len()
    {
        e.insert("scopes".into(), SCOPES_RULE.into());
    }
    let days = b.expires_in_days.unwrap_or(0);
    if !(1..=365).contains(&days) {
        e.insert("expiresInDays".into(), DAYS_RULE.into());
    }
    if e.is_empty() {
        Ok((name, scopes, days))
    } else {
        Err(AppError::Fields(e))
    }
}

async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    crate::base::error::Json(b): crate::base::error::Json<TokenBody>,
) -> AppResult<Json<NewToken>> {
    admin(&user)?;
    let (name, scopes, days) = checked(b)?;
    let token = new_token();
    let id = crate::data::db::new_id();
    let now = state.now_ms();
    let expires = now + days * 86_400_000;
    let words: Vec<&str> = scopes.iter().map(|s| s.as_str()).collect();
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO api_tokens (id, name, token_hash, scopes, company_code, created_by, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&id)
    .bind(&name)
    .bind(sha256_hex(&token))
    .bind(words.join(" "))
    .bind(&user.company_code)
    .bind(&user.id)
    .bind(now)
    .bind(expires)
    .execute(&mut *tx)
    .await?;
    let after = json!({"name": name, "scopes": words, "companyCode": user.company_code, "expiresAt": iso(expires)});
    let entry = AuditEntry::new("token.create", format!("token:{id}"), "API token made")
        .by(Some(&user.id), &user.full_name())
        .after(after);
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    let listed = TokenJson {
        id,
        name,
        scopes: words.iter().map(|s| s.to_string()).collect(),
        company_code: user.company_code.clone(),
        created_by: user.full_name(),
        created_at: iso(now),
        expires_at: iso(expires),
        last_used_at: None,
        revoked_at: None,
    };
    Ok(Json(NewToken { listed, token }))
}

const SELECT: &str = "SELECT t.id, t.name, t.scopes, t.company_code, t.created_at, t.expires_at, t.last_used_at, t.revoked_at, \
     u.firstname, u.lastname FROM api_tokens t JOIN users u ON u.id = t.created_by";

fn to_json(r: &sqlx::any::AnyRow) -> Result<TokenJson, sqlx::Error> {
    let scopes: String = r.try_get("scopes")?;
    let first: String = r.try_get("firstname")?;
    let last: String = r.try_get("lastname")?;
    Ok(TokenJson {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        scopes: scopes.split(' ').map(str::to_string).collect(),
        company_code: r.try_get("company_code")?,
        created_by: format!("{first} {last}"),
        created_at: iso(r.try_get("created_at")?),
        expires_at: iso(r.try_get("expires_at")?),
        last_used_at: r.try_get::<Option<i64>, _>("last_used_at")?.map(iso),
        revoked_at: r.try_get::<Option<i64>, _>("revoked_at")?.map(iso),
    })
}

async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<Json<Vec<TokenJson>>> {
    admin(&user)?;
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE t.revoked_at IS NULL ORDER BY t.created_at DESC, t.id"
    ))
    .fetch_all(&state.db.pool)
    .await?;
    let out = rows.iter().map(to_json).collect::<Result<Vec<_>, _>>()?;
    Ok(Json(out))
}

async fn revoke(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<TokenJson>> {
    admin(&user)?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let done =
        sqlx::query("UPDATE api_tokens SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL")
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::NotFound);
    }
    let row =
        sqlx::query(&format!("{SELECT} WHERE t.id = $1")).bind(&id).fetch_one(&mut *tx).await?;
    let out = to_json(&row)?;
    let entry = AuditEntry::new("token.revoke", format!("token:{id}"), "API token revoked")
        .by(Some(&user.id), &user.full_name())
        .before(json!({"name": out.name, "scopes": out.scopes, "companyCode": out.company_code}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(Json(out))
}
