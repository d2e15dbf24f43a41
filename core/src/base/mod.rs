//! What every other folder stands on and that stands on nothing in the crate: the
//! settings, the clock, the one error type, the log, the short-lived memo and the
//! short answer shapes of the OpenAPI document.
pub mod auth_settings;
pub mod body;
pub mod catalog;
pub mod clock;
pub mod config;
pub mod error;
pub mod i18n;
pub mod logging;
pub mod memo;
pub mod metrics_settings;
pub mod notify_settings;
pub mod retention;
pub mod review;
pub mod webhook_settings;
