//! The acts on a user that the console's screens and SCIM provisioning share: the same
//! checks (`UserInput::normalise_and_check`, `access`), the same writes, audit rows and
//! events, each inside the caller's transaction so a caller adds its own rows to it.
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::{self, User, UserInput};
use plantdoc_core::auth::{email_change, password};
use plantdoc_core::events::Event;
use plantdoc_core::{msg, text};
use plantdoc_core::{AppError, AppResult, AppState};
use serde_json::{json, Value};
use sqlx::AnyConnection;

use crate::access::{self, Refusal, NOT_MANAGER};
use crate::store;

pub fn require_manager(me: &User) -> AppResult<()> {
    if access::may_administer(me) {
        Ok(())
    } else {
        Err(AppError::Forbidden(NOT_MANAGER.into()))
    }
}

pub fn refused(r: Refusal) -> AppError {
    match r {
        Refusal::NotManager => AppError::Forbidden(NOT_MANAGER.into()),
        Refusal::Field(field, message) => AppError::field(field, message),
    }
}

/// A `users.changed` event about `u`, by `me` (its data is the caller's).
pub fn changed(u: &User, me: &User) -> Event {
    Event::new(crate::CHANGED.id, &u.company_code, format!("user:{}", u.id))
        .zones(&u.zones)
        .by(&me.id)
}

/// What the audit keeps of a user: its fields, the badge only as set or not.
pub fn audit_view(i: &UserInput) -> Value {
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

/// A new user, checked, with its password hashed (outside any transaction: the hash is slow).
pub struct NewUser {
    pub input: UserInput,
    hash: String,
    until: Option<i64>,
    /// The temporary password the manager hands over (none: a badge-only operator, or a
    /// password nobody knows).
    pub temp: Option<String>,
}

/// Checks a new user's fields and who may add them. `handed_over`: a temporary password
/// the manager hands over (the console); else a password nobody knows (provisioning:
/// staff choose theirs through 'Forgot password' or sign in through single sign-on).
pub async fn prepare_new(
    state: &AppState,
    me: &User,
    mut input: UserInput,
    handed_over: bool,
) -> AppResult<NewUser> {
    require_manager(me)?;
    input.normalise_and_check(&state.zones, &state.settings.i18n)?;
    access::may_register(me, &input).map_err(refused)?;
    let temp = password::temporary();
    let hash = password::hash(state, &temp).await?;
    let handed_over = handed_over && !input.is_badge_only();
    let until =
        handed_over.then(|| state.now_ms() + state.settings.auth.temp_password_days * 86_400_000);
    Ok(NewUser { input, hash, until, temp: handed_over.then_some(temp) })
}

/// Writes a prepared user, audited (`why`), and tells the person when a password is
/// handed over. Answers the new id.
pub async fn create(
    tx: &mut AnyConnection,
    state: &AppState,
    me: &User,
    n: &NewUser,
    why: &str,
    now: i64,
) -> AppResult<String> {
    store::check_op_no(tx, &n.input, "").await?;
    let id = users::insert(tx, &n.input, &n.hash, n.until, now).await?;
    let entry = AuditEntry::new("user.create", format!("user:{id}"), why)
        .by(Some(&me.id), &me.full_name())
        .after(audit_view(&n.input));
    audit::append(tx, now, &entry).await?;
    if n.temp.is_some() {
        state.emit(tx, now, &welcome(state, &id, &n.input, me)).await?;
    }
    Ok(id)
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

/// An edit, checked: the fields to write and the e-mail that waits for its owner.
pub struct Edit {
    pub input: UserInput,
    before: UserInput,
    pub new_email: Option<String>,
    pub fields_changed: bool,
}

impl Edit {
    pub fn changes_anything(&self) -> bool {
        self.fields_changed || self.new_email.is_some()
    }
}

/// Checks an edit of `old` by `me`. A field the form does not show keeps its value (the
/// flags, the language, a badge-only person's blank e-mail).
pub fn prepare_edit(
    state: &AppState,
    me: &User,
    old: &User,
    mut input: UserInput,
) -> AppResult<Edit> {
    require_manager(me)?;
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
    access::may_edit(me, old, &input).map_err(refused)?;
    // The e-mail itself changes only when the person confirms (email_change).
    let new_email = (input.email != old.email && !was_badge_only)
        .then(|| std::mem::replace(&mut input.email, old.email.clone()));
    let before = UserInput::of(old);
    let fields_changed = !same(&before, &input);
    Ok(Edit { input, before, new_email, fields_changed })
}

/// Writes a checked edit, audited (`why`) and told; answers the e-mail change's token
/// (announce it after the commit with [`announce`]).
pub async fn apply_edit(
    tx: &mut AnyConnection,
    state: &AppState,
    me: &User,
    old: &User,
    e: &Edit,
    why: &str,
    now: i64,
) -> AppResult<Option<String>> {
    if e.fields_changed {
        store::check_op_no(tx, &e.input, &old.id).await?;
        users::update(tx, &old.id, &e.input, now).await?;
        let entry = AuditEntry::new("user.edit", format!("user:{}", old.id), why)
            .by(Some(&me.id), &me.full_name())
            .before(audit_view(&e.before))
            .after(audit_view(&e.input));
        let i = &e.input;
        let event = changed(old, me).data(json!({"userId": old.id, "disabled": false, "zones": i.zones, "position": i.position, "companyCode": i.company_code}));
        state.emit(tx, now, &event).await?;
        audit::append(tx, now, &entry).await?;
    }
    Ok(match &e.new_email {
        Some(addr) => Some(email_change::request(tx, now, old, addr, me).await?),
        None => None,
    })
}

/// After the commit: the e-mail change's mails (to the new address, and the old one told).
pub async fn announce(state: &AppState, old: &User, e: &Edit, token: Option<String>, me: &User) {
    if let (Some(addr), Some(t)) = (&e.new_email, &token) {
        email_change::announce_request(state, old, addr, t, me).await;
    }
}

/// Disables (soft-deletes) `old`: the row and its history stay, sessions and reset links
/// end, the badge is freed; audited (`why`) and told. False: already disabled.
pub async fn disable(
    tx: &mut AnyConnection,
    state: &AppState,
    me: &User,
    old: &User,
    why: &str,
    now: i64,
) -> AppResult<bool> {
    access::may_delete(me, old).map_err(refused)?;
    if !store::soft_delete(tx, &old.id, now).await? {
        return Ok(false);
    }
    let entry = AuditEntry::new("user.delete", format!("user:{}", old.id), why)
        .by(Some(&me.id), &me.full_name())
        .before(audit_view(&UserInput::of(old)));
    let data = json!({"userId": old.id, "disabled": true, "zones": old.zones});
    state.emit(tx, now, &changed(old, me).data(data)).await?;
    audit::append(tx, now, &entry).await?;
    Ok(true)
}
