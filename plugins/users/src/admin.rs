//! The managers' user administration: list, register, edit, delete, each within the
//! companies the manager administers (`access::sees`). Every change is audited in the
//! same transaction as the act. An e-mail change waits for the person's confirmation
//! (`plantdoc_core::auth::email_change`).
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::auth::users::{self, User, UserInput};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::Json;
use plantdoc_core::text;
use plantdoc_core::{AppError, AppResult, AppState};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::access;
use crate::acts::{self, require_manager};
use crate::store;

/// The list's and the edit screen's user: the core's user object plus the admin fields.
fn admin_json(u: &User) -> Value {
    let mut v = u.to_json();
    v["fullName"] = json!(u.full_name());
    v["badge"] = json!(u.badge);
    v["kiosk"] = json!(u.kiosk);
    // Signs at the kiosk with a badge only: no e-mail, no password (decision 108).
    v["badgeOnly"] = json!(u.is_badge_only());
    v
}

async fn reload(state: &AppState, id: &str) -> AppResult<User> {
    let mut conn = state.db.pool.acquire().await?;
    users::find_by_id(&mut conn, id).await?.ok_or(AppError::NotFound)
}

pub async fn options(State(state): State<AppState>, me: CurrentUser) -> AppResult<Reply<Value>> {
    require_manager(&me)?;
    let companies: Vec<&str> =
        users::COMPANIES.iter().copied().filter(|c| access::sees(&me, c)).collect();
    let zones: serde_json::Map<String, Value> =
        companies.iter().map(|c| (c.to_string(), json!(state.zones.options(c)))).collect();
    Ok(Reply(json!({
        "companies": companies,
        "positions": users::POSITIONS,
        "departments": users::DEPARTMENTS,
        "zones": zones,
    })))
}

pub async fn all(State(state): State<AppState>, me: CurrentUser) -> AppResult<Reply<Value>> {
    require_manager(&me)?;
    let mut conn = state.db.pool.acquire().await?;
    let company = (!me.plant_admin).then_some(me.company_code.as_str());
    let list = store::active(&mut conn, company).await?;
    drop(conn);
    // Each person's PIN state (none, one-time, set, locked): the Manage Users column.
    let pins = plantdoc_core::auth::pin::states(&state).await?;
    let out = list
        .iter()
        .map(|u| {
            let mut v = admin_json(u);
            v["pin"] = json!(pins.get(&u.id).copied().unwrap_or("none"));
            v
        })
        .collect();
    Ok(Reply(Value::Array(out)))
}

/// A new user gets a random temporary password, valid `auth.temp_password_days`, shown
/// once in this answer (the manager hands it over); the first sign-in must replace it.
/// The person is mailed where to sign in (`users.account-created`, personal). A badge-only
/// operator (no e-mail given) gets neither: a password nobody knows, `tempPassword: null`.
pub async fn register(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(input): Json<UserInput>,
) -> AppResult<Reply<Value>> {
    let new = acts::prepare_new(&state, &me, input, true).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let id =
        acts::create(&mut tx, &state, &me, &new, "user account created by a manager", now).await?;
    tx.commit().await?;
    let user = reload(&state, &id).await?;
    Ok(Reply(json!({"user": admin_json(&user), "tempPassword": new.temp})))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditBody {
    #[serde(default)]
    original_email: String,
    #[serde(flatten)]
    user: UserInput,
}

/// The active user with this e-mail in a company `me` administers; anyone else is
/// answered as nobody (the same message as an unknown e-mail).
async fn target(state: &AppState, me: &User, email: &str, field: &str) -> AppResult<User> {
    let mut conn = state.db.pool.acquire().await?;
    store::active_by_email(&mut conn, email)
        .await?
        .filter(|u| access::sees(me, &u.company_code))
        .ok_or_else(|| AppError::field(field, text!("There is no user with this e-mail.")))
}

pub async fn edit(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(body): Json<EditBody>,
) -> AppResult<Reply<Value>> {
    require_manager(&me)?;
    let old = target(&state, &me, &body.original_email, "originalEmail").await?;
    let edit = acts::prepare_edit(&state, &me, &old, body.user)?;
    if !edit.changes_anything() {
        return Ok(Reply(
            json!({"user": admin_json(&old), "changed": false, "emailPending": null}),
        ));
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let why = "user account changed by a manager";
    let token = acts::apply_edit(&mut tx, &state, &me, &old, &edit, why, now).await?;
    tx.commit().await?;
    acts::announce(&state, &old, &edit, token, &me).await;
    let user = reload(&state, &old.id).await?;
    Ok(Reply(json!({"user": admin_json(&user), "changed": true, "emailPending": edit.new_email})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct DeleteBody {
    #[serde(default)]
    email: String,
}

pub async fn delete(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(body): Json<DeleteBody>,
) -> AppResult<Reply<Value>> {
    require_manager(&me)?;
    let old = target(&state, &me, &body.email, "email").await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let why = "user account deleted by a manager (history kept, sessions ended)";
    if !acts::disable(&mut tx, &state, &me, &old, why, now).await? {
        return Err(AppError::field("email", text!("There is no user with this e-mail.")));
    }
    tx.commit().await?;
    Ok(Reply(json!({"ok": true, "email": old.email})))
}
