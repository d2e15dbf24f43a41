//! Plantdoc host library. The core never names a feature module: modules register
//! themselves through [`register_plugin!`] and are discovered at start.
//!
//! Six folders, each standing only on the ones below it (docs/core.md; the test
//! `folders_have_no_cycle` checks it): `operations` → `app` → `documents` → `plant` →
//! `data` → `base`.

pub mod app;
pub mod base;
pub mod data;
pub mod documents;
pub mod operations;
pub mod plant;

// The paths modules and the binary have always used.
pub use app::{
    api, auth, copy_check, dynamic, events, figures, http, links, module_ctx, notify, openapi,
    plugin, ports, retention, review, server, switches, tasks, textindex, webhooks,
};
pub use base::{body, clock, config, error, logging, memo};
pub use data::{answers, audit, changes, db, mail, migrate, secret};
pub use documents::{acks, files, parts, pdf, storage};
pub use operations::{backup, cli, ops_cli, prelude, seed};
pub use plant::{people, zones};

pub use api::ApiRouter;
pub use app::AppState;
pub use error::{AppError, AppResult, FieldErrors};
pub use plugin::{Manifest, ModuleContext, Plugin};

// Re-exported so module crates need no direct dependency on these.
pub use anyhow;
pub use include_dir;
pub use inventory;
pub use utoipa;
