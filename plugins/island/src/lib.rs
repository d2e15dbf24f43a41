//! The shared operator kiosk: badge, part, status, read, acknowledge, verify, and the
//! netbook's settings. Sign records go to the core's acknowledgements store, bound to
//! the version's SHA-256; the sign histories are served by the swp module, which owns
//! that data (`sharedApi` in its module.json). What it signs comes through the core's
//! ports, never another module's crate: `DeployedDocs` (the SWPs), `AlertsInForce` and
//! `TrainingLevels`, each `None` while its provider is off. `access` (who may: pure
//! rules), `throttle` (the delay after wrong badges, per kiosk account and address),
//! `store` (badges and idempotency), `pin` (the second component in badge+pin mode),
//! `pin_lock` (a PIN locked by wrong tries),
//! `badge`, `status`, `sign` and `settings` (routes).
mod access;
mod alert;
#[cfg(test)]
mod alone_tests;
mod badge;
mod idem;
mod offline;
mod offline_file;
mod offline_sign;
mod pin;
mod pin_lock;
mod routes;
mod schemas;
mod sealed;
mod settings;
mod sign;
mod status;
mod store;
mod throttle;
mod waiver;

use plantdoc_core::events::EventKind;
use plantdoc_core::text;
use plantdoc_core::ModuleContext;
use serde::Deserialize;

/// Told when a verifier's badge witnesses an operator's read, inside its transaction:
/// subject `<doc kind>:<id>`, the kiosk's zones, data `{docKind, docId, operator,
/// partNumber, versionHash, recordId}`.
pub(crate) const VERIFIED: EventKind =
    EventKind::new("island.verified", text!("A sign record was verified at the kiosk"));

/// Told when wrong tries lock a person's signature PIN (`pin_lock`), in the same
/// transaction: subject `user:<id>`, the kiosk's zones, to the person and their company's
/// managers; data `{title, person, name, kiosk}`.
pub(crate) const PIN_LOCKED: EventKind =
    EventKind::new("island.pin-locked", text!("A signature PIN was locked after wrong tries"));

/// `[modules.island]` (defaults in plugins/island/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IslandSettings {
    /// Unrecognised or refused badges a kiosk account may scan from one client address
    /// without a wait; past them each miss delays the next lookup, at most 60 s / this
    /// (`throttle`).
    pub badge_failures_per_minute: u32,
    /// The same over all the client addresses of one kiosk account (its netbooks).
    pub account_badge_failures_per_minute: u32,
    /// Seconds without a touch or a scan before the kiosk signs the operator out (the
    /// netbook warns 10 s before). Read by the web through `GET /api/island/kiosk-config`.
    pub idle_secs: u32,
    /// `"badge"` (the spec: the badge alone) or `"badge+pin"`: reads and verifications
    /// also need the signer's PIN (`pin`; decision 63).
    pub signature: String,
    /// Minutes between two refreshes of the netbook's offline pack (`offline`, decision 121).
    pub offline_refresh_mins: u32,
    /// Hours without the server after which the netbook stops showing documents; an
    /// offline signature older than this + 24 h is refused on sync.
    pub offline_max_hours: u32,
}

pub struct IslandState {
    pub settings: IslandSettings,
    /// When each kiosk account's offline pack was last audited (one row per refresh).
    packs: offline::Audited,
    /// The secret the sealed-PIN key pair is derived from (`sealed`).
    seed: sealed::KeySeed,
    throttle: throttle::BadgeThrottle,
    pins: throttle::PinThrottle,
}

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    let settings: IslandSettings = ctx.settings()?;
    if settings.badge_failures_per_minute == 0 {
        anyhow::bail!(
            "configuration error: modules.island.badge_failures_per_minute must be at least 1"
        );
    }
    // The warning alone lasts 10 s: a shorter limit would sign out before it is seen.
    if settings.idle_secs < 15 {
        anyhow::bail!("configuration error: modules.island.idle_secs must be at least 15");
    }
    if settings.account_badge_failures_per_minute < settings.badge_failures_per_minute {
        anyhow::bail!("configuration error: modules.island.account_badge_failures_per_minute must be at least badge_failures_per_minute");
    }
    if !pin::MODES.contains(&settings.signature.as_str()) {
        anyhow::bail!(
            "configuration error: modules.island.signature must be \"badge\" or \"badge+pin\""
        );
    }
    let throttle = throttle::BadgeThrottle::new(
        settings.badge_failures_per_minute,
        settings.account_badge_failures_per_minute,
    );
    let pins = throttle::PinThrottle::new(settings.account_badge_failures_per_minute);
    if settings.offline_refresh_mins == 0 || settings.offline_max_hours == 0 {
        anyhow::bail!("configuration error: modules.island.offline_refresh_mins and offline_max_hours must be at least 1");
    }
    let packs = offline::Audited::default();
    ctx.state(IslandState { settings, throttle, pins, packs, seed: Default::default() });
    ctx.routes(routes::routes());
    ctx.event_kind(VERIFIED);
    ctx.event_kind(PIN_LOCKED);
    ctx.event_kind(offline_sign::REFUSED);
    ctx.event_kind(settings::REVOKED);
    Ok(())
}

plantdoc_core::module!(IslandPlugin, build);
