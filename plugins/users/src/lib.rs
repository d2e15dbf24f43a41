//! User administration (the Settings page's Manage Users and Add Users): list, register,
//! edit and soft-delete users; signature PINs (`pin`: one's own, a manager's one-time; `pin_zone`: a zone's sheet). The core keeps sign-in, sessions, passwords and the user
//! row's validation (`plantdoc_core::auth`); this module adds the managers' screens.
//! `access` (who may: pure rules), `store` (SQL), `admin` (handlers), `routes`.
mod access;
mod acts;
mod admin;
mod import;
mod lang;
mod pin;
mod pin_zone;
mod routes;
mod scim;
mod store;

use plantdoc_core::events::{CoreAct, EventKind};
use plantdoc_core::text;
use plantdoc_core::ModuleContext;

/// Told when a manager edits a user's fields or deletes (disables) a user, or the roster
/// import changes or disables one (the core's act), inside the
/// act's transaction: subject `user:<id>`, data `{userId, disabled, zones}` (the zones
/// after the change).
pub(crate) const CHANGED: EventKind =
    EventKind::new("users.changed", text!("A user was changed or disabled"))
        .serves(CoreAct::UserChanged);

/// Personal (told to the new person only, always mailed): a manager made their account.
pub(crate) const ACCOUNT_CREATED: EventKind =
    EventKind::new("users.account-created", text!("Your Plantdoc account was created")).personal();

/// Told to the person (bell, by their preferences): a manager issued them a one-time
/// signature PIN, alone or on a zone's sheet.
pub(crate) const PIN_ISSUED: EventKind =
    EventKind::new("users.pin-issued", text!("A one-time signature PIN was issued to you"));

/// Personal: the core's password reset link, mailed to the account's owner.
const PASSWORD_RESET: EventKind =
    EventKind::new("users.password-reset", text!("A password reset link was mailed to you"))
        .personal()
        .serves(CoreAct::PasswordReset);

/// Personal: a webhook the person made failed every delivery for 24 h and the core
/// disabled it (bell and mail).
const WEBHOOK_DISABLED: EventKind =
    EventKind::new("users.webhook-disabled", text!("A webhook you made was disabled"))
        .personal()
        .serves(CoreAct::WebhookDisabled);

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    ctx.routes(routes::routes().merge(scim::routes()));
    ctx.event_kind(CHANGED);
    ctx.event_kind(ACCOUNT_CREATED);
    ctx.event_kind(PIN_ISSUED);
    ctx.event_kind(PASSWORD_RESET);
    ctx.event_kind(WEBHOOK_DISABLED);
    Ok(())
}

plantdoc_core::module!(UsersPlugin, build);
