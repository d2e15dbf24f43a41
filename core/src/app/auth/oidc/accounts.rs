//! Whose account a verified provider identity is: by subject, then (first sign-in) by a
//! verified e-mail, but never a protected account (`link`), else a new account from the
//! claims when `jit` is on. The account's fields
//! follow the claims at each sign-in; every change is audited in the same transaction.
use crate::{msg, text};
use serde_json::json;
use sqlx::AnyConnection;

use super::claims::{claim_label, Profile};
use super::link::{self, PendingLink};
use crate::app::AppState;
use crate::base::auth_settings::OidcSettings;
use crate::base::error::{AppError, AppResult};
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::{self, User, UserInput, USER_COLUMNS};

/// Said on the refusal page; the person's IT or manager can act on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

pub const DISABLED: &str = text!("This account is disabled. Please contact your manager.");

const ACTOR: &str = "single sign-on";

async fn by_subject(conn: &mut AnyConnection, sub: &str) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE oidc_subject = $1");
    let row = sqlx::query(&sql).bind(sub).fetch_optional(conn).await?;
    row.as_ref().map(User::from_row).transpose()
}

/// What a verified provider identity comes to.
pub enum Outcome {
    SignIn(Box<User>),
    Refused(Refusal),
    /// The e-mail's account links only once its password is entered (a protected account,
    /// or an e-mail not marked verified): the identity waits for it in this browser.
    NeedsPassword(PendingLink),
}

/// The account of provider subject `sub` whose claims are `p`, found, linked or made,
/// and brought up to date with the claims; or why it may not sign in.
pub async fn resolve(
    state: &AppState,
    s: &OidcSettings,
    sub: &str,
    p: &Profile,
) -> AppResult<Outcome> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let mut user = by_subject(&mut tx, sub).await?;
    if user.is_none() && s.match_email {
        if let Some(email) = &p.email {
            if let Some(u) = users::find_by_email(&mut tx, email).await? {
                let linked: Option<String> =
                    sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
                        .bind(&u.id)
                        .fetch_one(&mut *tx)
                        .await?;
                if linked.is_some() {
                    // The account already belongs to another provider identity.
                    let msg = msg!("The account {email} is linked to another sign-in. Please contact your manager.");
                    return Ok(Outcome::Refused(Refusal(msg)));
                }
                // E-mail is not a stable identifier (OpenID Connect Core 5.7): it links only
                // when the provider says it is verified, and never a protected account.
                let held = link::protection(state, &u)
                    .or((!p.email_verified).then_some("an e-mail not marked verified"));
                if let Some(why) = held {
                    let meaning =
                        format!("single sign-on identity not linked by e-mail ({why}): it links once the account's password is entered");
                    let entry =
                        AuditEntry::new("auth.oidc_link_held", format!("user:{}", u.id), meaning)
                            .by(None, ACTOR)
                            .after(json!({"subject": sub, "emailVerified": p.email_verified}));
                    audit::append(&mut tx, now, &entry).await?;
                    tx.commit().await?;
                    return Ok(Outcome::NeedsPassword(PendingLink {
                        subject: sub.to_string(),
                        email: email.clone(),
                        started: now,
                    }));
                }
                sqlx::query("UPDATE users SET oidc_subject = $1 WHERE id = $2")
                    .bind(sub)
                    .bind(&u.id)
                    .execute(&mut *tx)
                    .await?;
                audit::append(
                    &mut tx,
                    now,
                    &AuditEntry::new(
                        "auth.oidc_link",
                        format!("user:{}", u.id),
                        "account linked to its single sign-on identity by e-mail",
                    )
                    .by(Some(&u.id), ACTOR)
                    .after(json!({"subject": sub})),
                )
                .await?;
                user = Some(u);
            }
        }
    }
    let user = match user {
        Some(u) => u,
        None if s.jit => match create(state, &mut tx, s, sub, p, now).await? {
            Ok(u) => u,
            Err(r) => return Ok(Outcome::Refused(r)),
        },
        None => {
            let who = p.email.clone().unwrap_or_else(|| "you".into());
            return Ok(Outcome::Refused(Refusal(msg!(
                "There is no Plantdoc account for {who}. Please contact your manager."
            ))));
        }
    };
    if user.disabled {
        return Ok(Outcome::Refused(Refusal(DISABLED.into())));
    }
    let user = match update(state, &mut tx, s, &user, p, now).await? {
        Ok(u) => u,
        Err(r) => return Ok(Outcome::Refused(r)),
    };
    tx.commit().await?;
    Ok(Outcome::SignIn(Box::new(user)))
}

/// The input the claims give over `base` (an account's current fields, or blank).
fn input_from(p: &Profile, base: UserInput) -> UserInput {
    UserInput {
        firstname: p.firstname.clone().unwrap_or(base.firstname),
        lastname: p.lastname.clone().unwrap_or(base.lastname),
        department: p.department.map(|d| d.as_str().to_string()).unwrap_or(base.department),
        position: p.position.map(|d| d.as_str().to_string()).unwrap_or(base.position),
        company_code: p.company.clone().unwrap_or(base.company_code),
        zones: p.zones.clone().unwrap_or(base.zones),
        ..base
    }
}

/// Checks an input; a field error becomes a refusal that names the field's claim.
fn check(state: &AppState, s: &OidcSettings, input: &mut UserInput) -> Result<(), Refusal> {
    match input.normalise_and_check(&state.zones, &state.settings.i18n) {
        Ok(()) => Ok(()),
        Err(AppError::Fields(f)) => {
            let (field, msg) = f.into_iter().next().unwrap_or_default();
            Err(Refusal(format!(
                "The identity provider's claim {} cannot be used: {msg}",
                claim_label(s, &field)
            )))
        }
        Err(e) => Err(Refusal(e.to_string())),
    }
}

async fn create(
    state: &AppState,
    tx: &mut AnyConnection,
    s: &OidcSettings,
    sub: &str,
    p: &Profile,
    now: i64,
) -> AppResult<Result<User, Refusal>> {
    let missing = [
        ("email", p.email.is_none()),
        ("firstname", p.firstname.is_none()),
        ("lastname", p.lastname.is_none()),
        ("position", p.position.is_none()),
        ("department", p.department.is_none()),
        ("company", p.company.is_none()),
    ];
    if let Some((field, _)) = missing.iter().find(|(_, m)| *m) {
        return Ok(Err(Refusal(msg!(
            "Plantdoc cannot create your account: the identity provider did not send the claim {}, which gives your {field}. \
             Please ask your IT department to map it.",
            claim_label(s, field)
        ))));
    }
    // The account's e-mail is its name in the plant (mail, password reset, a later link):
    // an address the provider does not vouch for makes no account.
    if !p.email_verified {
        return Ok(Err(Refusal(
            crate::text!(
                "Plantdoc cannot create your account: the identity provider did not mark your e-mail address verified. \
                 Please ask your IT department."
            )
            .into(),
        )));
    }
    let mut input = input_from(
        p,
        UserInput { email: p.email.clone().unwrap_or_default(), ..Default::default() },
    );
    if let Err(r) = check(state, s, &mut input) {
        return Ok(Err(r));
    }
    // No password: the account signs in through the provider only ("" never verifies).
    let id = match users::insert(tx, &input, "", None, now).await {
        Ok(id) => id,
        Err(AppError::Fields(f)) => {
            return Ok(Err(Refusal(f.into_values().next().unwrap_or_default())))
        }
        Err(e) => return Err(e),
    };
    sqlx::query("UPDATE users SET oidc_subject = $1 WHERE id = $2")
        .bind(sub)
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    audit::append(
        tx,
        now,
        &AuditEntry::new("user.create", format!("user:{id}"), "account made at its first single sign-on").by(Some(&id), ACTOR).after(
            json!({"email": input.email, "firstname": input.firstname, "lastname": input.lastname,
                "position": input.position, "department": input.department, "companyCode": input.company_code,
                "zones": input.zones, "subject": sub}),
        ),
    )
    .await?;
    let user = users::find_by_id(tx, &id).await?.ok_or(AppError::NotFound)?;
    Ok(Ok(user))
}

/// The account's fields as the claims give them now: written and audited when they changed.
async fn update(
    state: &AppState,
    tx: &mut AnyConnection,
    s: &OidcSettings,
    u: &User,
    p: &Profile,
    now: i64,
) -> AppResult<Result<User, Refusal>> {
    let current = UserInput::of(u);
    let mut wanted = input_from(p, current.clone());
    if wanted.company_code != current.company_code && p.zones.is_none() {
        // Another company's zones are not this company's.
        wanted.zones.clear();
    }
    if let Err(r) = check(state, s, &mut wanted) {
        return Ok(Err(r));
    }
    let before = json!({"firstname": current.firstname, "lastname": current.lastname, "position": current.position,
        "department": current.department, "companyCode": current.company_code, "zones": current.zones});
    let after = json!({"firstname": wanted.firstname, "lastname": wanted.lastname, "position": wanted.position,
        "department": wanted.department, "companyCode": wanted.company_code, "zones": wanted.zones});
    if before == after {
        return Ok(Ok(u.clone()));
    }
    users::update(tx, &u.id, &wanted, now).await?;
    audit::append(
        tx,
        now,
        &AuditEntry::new(
            "user.update",
            format!("user:{}", u.id),
            "account updated from the identity provider's claims at sign-in",
        )
        .by(Some(&u.id), ACTOR)
        .before(before)
        .after(after),
    )
    .await?;
    let user = users::find_by_id(tx, &u.id).await?.ok_or(AppError::NotFound)?;
    Ok(Ok(user))
}
