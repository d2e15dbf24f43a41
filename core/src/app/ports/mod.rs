//! Ports: what one module offers the others, declared here as traits with the data they
//! exchange, so that no module crate depends on another (a test reads `cargo metadata`).
//! The module that owns the data provides the port in its `build`:
//!
//! ```ignore
//! ctx.provide_port::<dyn DeployedDocs>(Arc::new(kiosk::Docs));
//! ```
//!
//! and a consumer asks the state at run time: `state.port::<dyn DeployedDocs>()` is
//! `None` while the provider is switched off (or not linked), so the consumer decides
//! what that means for it (docs/modules.md, "Ports"). A port has one provider: a second
//! one stops start-up. Document kinds with sign records are registered the same way
//! (`ctx.doc_kind`, see [`crate::acks::DocKind`]).
//!
//! One file per provider holds its contract (decision 119): [`swp`] (`DeployedDocs`),
//! [`alerts`] (`AlertsInForce`, `PartAlerts`), [`training`] (`TrainingLevels`),
//! [`readiness`] (`ReadingObligations`), [`changes`] (`ChangeControl` and its rules);
//! [`docs`] is the vocabulary they share and [`registry`] the lookup. A module crate may
//! not depend on another, so the contracts live here, each named for its provider.
pub mod alerts;
pub mod changes;
pub mod docs;
pub mod readiness;
pub mod registry;
pub mod swp;
pub mod training;

pub use async_trait::async_trait;

pub use alerts::{AlertsInForce, PartAlert, PartAlerts};
pub use changes::{
    day_of, day_start_ms, held_back, held_until, parse_days, review_due, AttachedRevision,
    ChangeControl, REASON_REQUIRED,
};
pub use docs::{doc_lang, PackFile, PackedDoc, SignableVersion, VersionFile, DOC_LANGS};
pub use readiness::{ReadingObligations, Readings};
pub use registry::{Ports, Provided};
pub use swp::{DeployedDocs, InForceDoc, Standing};
pub use training::{GrantedWaiver, PartWaiver, Qualification, TrainingLevels};
