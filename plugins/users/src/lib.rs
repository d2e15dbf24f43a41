//! User administration (the Settings page's Manage Users and Add Users): list, register,
//! edit and soft-delete users; signature PINs (`pin`: one's own, a manager's one-time). The core keeps sign-in, sessions, passwords and the user
//! row's validation (`plantdoc_core::auth`); this module adds the managers' screens.
//! `access` (who may: pure rules), `store` (SQL), `admin` (handlers), `routes`.
mod access;
mod admin;
mod lang;
mod pin;
mod routes;
mod store;

use plantdoc_core::events::EventKind;
use plantdoc_core::ModuleContext;

/// Told when a manager edits a user's fields or deletes (disables) a user, inside the
/// act's transaction: subject `user:<id>`, data `{userId, disabled, zones}` (the zones
/// after the change).
pub(crate) const CHANGED: EventKind = EventKind::new("users.changed", "A user was changed or disabled");

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    ctx.routes(routes::routes());
    ctx.event_kind(CHANGED);
    Ok(())
}

plantdoc_core::module!(UsersPlugin, build);
