//! The running app: the state every handler gets ([`AppState`], assembled in
//! [`state`]), the module machinery (the plugin contract and its context, ports between
//! modules, run-time switches, background tasks, dynamic libraries), the staged review
//! engine, the HTTP surface (route registration, router, guard, OpenAPI, server,
//! signed file links) and sign-in. Stands on `documents`, `plant`, `data` and `base`.
pub mod api;
pub mod auth;
pub mod conns;
pub mod copy_check;
pub mod dynamic;
pub mod events;
pub mod figures;
pub mod http;
pub mod in_force;
pub mod links;
pub mod metrics;
pub mod module_ctx;
pub mod notify;
pub mod openapi;
pub mod plugin;
pub mod ports;
pub mod retention;
pub mod review;
pub mod server;
pub mod state;
pub mod switches;
pub mod tasks;
pub mod textindex;
pub mod webhooks;

pub use state::{
    build_state, migration_sets, redact_url, resolve_modules, AppState, BuildOptions, Inner,
};
