//! Plantdoc host library. The core never names a feature module: modules register
//! themselves through [`register_plugin!`] and are discovered at start.

pub mod acks;
pub mod answers;
pub mod api;
pub mod app;
pub mod audit;
pub mod auth;
pub mod backup;
pub mod changes;
pub mod cli;
pub mod clock;
pub mod config;
pub mod db;
mod db_readers;
pub mod dynamic;
pub mod error;
pub mod files;
pub mod http;
pub mod logging;
pub mod mail;
pub mod memo;
pub mod migrate;
pub mod module_ctx;
pub mod openapi;
pub mod ops_cli;
pub mod parts;
pub mod pdf;
pub mod plugin;
pub mod ports;
pub mod review;
pub mod secret;
pub mod seed;
pub mod server;
pub mod storage;
pub mod switches;
pub mod tasks;
pub mod zones;

pub use api::ApiRouter;
pub use app::AppState;
pub use error::{AppError, AppResult, FieldErrors};
pub use plugin::{Manifest, ModuleContext, Plugin};

// Re-exported so module crates need no direct dependency on these.
pub use anyhow;
pub use include_dir;
pub use inventory;
pub use utoipa;
