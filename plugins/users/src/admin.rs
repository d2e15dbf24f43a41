//! The managers' user administration: list, register, edit, delete, each within the
//! companies the manager administers (`access::sees`). Every change is audited in the
//! same transaction as the act. An e-mail change waits for the person's confirmation
//! (`plantdoc_core::auth::email_change`).
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::{self, User, UserInput};
use plantdoc_core::auth::{email_change, password, CurrentUser};
use plantdoc_core::error::Json;
use plantdoc_core::events::Event;
use plantdoc_core::{msg, text};
use plantdoc_core::{AppError, AppResult, AppState};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::access::{self, Refusal, NOT_MANAGER};
use crate::store;

fn require_manager(me: &CurrentUser) -> AppResult<()> {
    if access::may_administer(me) {
        Ok(())
    } else {
        Err(AppError::Forbidden(NOT_MANAGER.into()))
    }
}

/// A `users.changed` event about `u`, by `me` (its data is the caller's).
fn changed(u: &User, me: &User) -> Event {
    Event::new(crate::CHANGED.id, &u.company_code, format!("user:{}", u.id))
        .zones(&u.zones)
        .by(&me.id)
}

fn refused(r: Refusal) -> AppError {
    match r {
        Refusal::NotManager => AppError::Forbidden(NOT_MANAGER.into()),
        Refusal::Field(field, message) => AppError::field(field, message),
    }
}

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

/// What the audit keeps of a user: its fields, the badge only as set or not.
fn audit_view(i: &UserInput) -> Value {
    json!({
        "email": i.email, "firstname": i.firstname, "lastname": i.lastname, "position": i.position,
        "department": i.department, "companyCode": i.company_code, "zones": i.zones,
        "badge": i.badge.is_some(), "opNo": i.op_no, "kiosk": i.kiosk == Some(true), "lang": i.lang,
        "plantAdmin": i.plant_admin == Some(true), "temporary": i.temporary == Some(true),
    })
}

fn same(a: &UserInput, b: &UserInput) -> bool {
    audit_view(a) == audit_view(b) && a.badge == b.badge
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
    Json(mut input): Json<UserInput>,
) -> AppResult<Reply<Value>> {
    require_manager(&me)?;
    input.normalise_and_check(&state.zones, &state.settings.i18n)?;
    access::may_register(&me, &input).map_err(refused)?;
    let badge_only = input.is_badge_only();
    let temp = password::temporary();
    let hash = password::hash(&state, &temp).await?;
    let now = state.now_ms();
    let until = (!badge_only).then(|| now + state.settings.auth.temp_password_days * 86_400_000);
    let mut tx = state.db.begin().await?;
    store::check_op_no(&mut tx, &input, "").await?;
    let id = users::insert(&mut tx, &input, &hash, until, now).await?;
    let entry =
        AuditEntry::new("user.create", format!("user:{id}"), "user account created by a manager")
            .by(Some(&me.id), &me.full_name())
            .after(audit_view(&input));
    audit::append(&mut tx, now, &entry).await?;
    if !badge_only {
        state.emit(&mut tx, now, &welcome(&state, &id, &input, &me)).await?;
    }
    tx.commit().await?;
    let user = reload(&state, &id).await?;
    let temp = (!badge_only).then_some(temp);
    Ok(Reply(json!({"user": admin_json(&user), "tempPassword": temp})))
}

/// The new person's `users.account-created` event and its mail: where to sign in, and
/// that the manager hands over the temporary password (never in the mail).
fn welcome(state: &AppState, id: &str, input: &UserInput, me: &User) -> Event {
    let base = state.settings.server.public_url.trim_end_matches('/');
    let (name, by, email) = (&input.firstname, me.full_name(), &input.email);
    let (from, days) = (&me.firstname, state.settings.auth.temp_password_days);
    // English here; the mail goes out in the person's language (the event path translates).
    let text = msg!(
        "Hello {name},\n\n{by} made a Plantdoc account for you. Sign in at {base}/login/ with this e-mail ({email}) and the temporary password {from} gives you; it is valid for {days} days, and at your first sign-in you choose your own password.\n\nIf you do not expect this, tell plant IT.\n"
    );
    Event::new(crate::ACCOUNT_CREATED.id, &input.company_code, format!("user:{id}"))
        .by(&me.id)
        .to_owners([id])
        .data(json!({"title": text!("Your Plantdoc account was created")}))
        .mail(text!("Your Plantdoc account"), text)
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
    let mut input = body.user;
    // A form that does not show the kiosk flag keeps it (and its rule still applies).
    // A badge-only person's form shows no e-mail: blank keeps it; a real one is set at
    // once (no mailbox to confirm from; they sign in after a reset from it).
    let was_badge_only = old.is_badge_only();
    if was_badge_only && input.email.trim().is_empty() {
        input.email = old.email.clone();
    }
    input.kiosk = input.kiosk.or(Some(old.kiosk));
    input.plant_admin = input.plant_admin.or(Some(old.plant_admin));
    input.lang = input.lang.or(Some(old.lang.clone()));
    input.temporary = input.temporary.or(Some(old.temporary));
    input.normalise_and_check(&state.zones, &state.settings.i18n)?;
    access::may_edit(&me, &old, &input).map_err(refused)?;
    // The e-mail itself changes only when the person confirms (email_change); a badge-only
    // person's is set with the other fields.
    let new_email = (input.email != old.email && !was_badge_only)
        .then(|| std::mem::replace(&mut input.email, old.email.clone()));
    let before = UserInput::of(&old);
    let fields_changed = !same(&before, &input);
    if !fields_changed && new_email.is_none() {
        return Ok(Reply(
            json!({"user": admin_json(&old), "changed": false, "emailPending": null}),
        ));
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if fields_changed {
        store::check_op_no(&mut tx, &input, &old.id).await?;
        users::update(&mut tx, &old.id, &input, now).await?;
        let entry = AuditEntry::new(
            "user.edit",
            format!("user:{}", old.id),
            "user account changed by a manager",
        )
        .by(Some(&me.id), &me.full_name())
        .before(audit_view(&before))
        .after(audit_view(&input));
        let event = changed(&old, &me).data(json!({"userId": old.id, "disabled": false, "zones": input.zones, "position": input.position, "companyCode": input.company_code}));
        state.emit(&mut tx, now, &event).await?;
        audit::append(&mut tx, now, &entry).await?;
    }
    let token = match &new_email {
        Some(e) => Some(email_change::request(&mut tx, now, &old, e, &me).await?),
        None => None,
    };
    tx.commit().await?;
    if let (Some(e), Some(t)) = (&new_email, &token) {
        email_change::announce_request(&state, &old, e, t, &me).await;
    }
    let user = reload(&state, &old.id).await?;
    Ok(Reply(json!({"user": admin_json(&user), "changed": true, "emailPending": new_email})))
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
    access::may_delete(&me, &old).map_err(refused)?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !store::soft_delete(&mut tx, &old.id, now).await? {
        return Err(AppError::field("email", text!("There is no user with this e-mail.")));
    }
    let entry = AuditEntry::new(
        "user.delete",
        format!("user:{}", old.id),
        "user account deleted by a manager (history kept, sessions ended)",
    )
    .by(Some(&me.id), &me.full_name())
    .before(audit_view(&UserInput::of(&old)));
    state
        .emit(
            &mut tx,
            now,
            &changed(&old, &me)
                .data(json!({"userId": old.id, "disabled": true, "zones": old.zones})),
        )
        .await?;
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(Reply(json!({"ok": true, "email": old.email})))
}
