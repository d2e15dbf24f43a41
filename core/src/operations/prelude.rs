//! What a module may use of the core: its one front door (docs/modules.md, "The
//! prelude"; decision 119). `use plantdoc_core::prelude::*;` brings the everyday names;
//! the services are the modules listed below, by the paths modules have always used
//! (`plantdoc_core::files`, `plantdoc_core::people` …). A module crate names the core
//! only through what this file exports (`core/tests/prelude.rs` reads every module's
//! sources): the server, the CLI, backups, migrations, the signing key, switches and the
//! rest of the app's machinery stay the core's.
//!
//! Of [`AppState`] a module reads `db`, `zones`, `settings`, `storage`, `changes` and
//! `ip_limiter`, and asks `now_ms()`, `get::<T>()` (its own state), `port::<dyn P>()`
//! and `emit(..)`; the other fields are the core's (checked by the same test).

// The everyday names.
pub use crate::app::auth::CurrentUser;
pub use crate::base::body::{FromBody, Parsed};
pub use crate::base::clock::iso;
pub use crate::base::error::Json;
pub use crate::data::db::{new_id, Db, Params};
pub use crate::events::{Channel, Event, EventKind, Listener};
pub use crate::plant::users::{Department, Position, User};
pub use crate::ports::async_trait;
pub use crate::{
    module, msg, read_row, record_columns, review_stage, text, ApiRouter, AppError, AppResult,
    AppState, FieldErrors, Manifest, ModuleContext, Plugin,
};

// The services, whole: each is documented where it lives.
pub use crate::{
    acks, answers, api, audit, body, changes, clock, config, copy_check, db, error, events,
    figures, files, http, memo, notify, openapi, parts, pdf, people, ports, review, seed, storage,
    tasks, textindex, zones,
};

/// The running app, as a module sees it: its state.
pub mod app {
    pub use crate::app::AppState;
}

/// Sign-in as a module uses it: the signed-in person, users, PINs, sessions, API tokens,
/// passwords and confirmations (the users module is the console's sign-in screens).
pub mod auth {
    pub use crate::app::auth::{
        confirm, email_change, oidc, password, pin, session, tokens, users, CurrentUser, User,
    };
}

/// A stored PDF as a controlled copy on disk (a module's package of documents), and facts
/// the core signs for a module's own links.
pub mod links {
    pub use crate::app::links::controlled_copy;
    /// Facts the core signs with its signing key for a module's own link (decision 128).
    pub use crate::app::links::{sign_facts, signed_facts};
}

/// A module's own named secret, kept with the server's (decision 121); never the signing key.
pub mod secret {
    pub use crate::data::secret::named;
}

/// Settings helpers a module's settings may use.
pub mod base {
    pub use crate::base::auth_settings;
}

/// The roster rules the users module's import applies (the CLI's `user import` too).
pub mod operations {
    pub use crate::operations::roster;
}
