//! API tests of the island module: badges, status rules, read and verify with
//! idempotency, throttling, settings, the kiosk session and the authorization matrix.
mod alerts;
mod authz;
mod badges;
mod binding;
mod flow;
mod languages;
mod netbook;
mod offline;
mod offline_files;
mod offline_pin;
mod offline_sync;
mod pin_lock;
mod pin_rollout;
mod pins;
pub(crate) mod support;
mod training;
