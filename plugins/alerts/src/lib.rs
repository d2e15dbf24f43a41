//! Alerts for part numbers and zones: upload, an engineer then a manager review, the
//! lists of the console, and the kiosk's feed of alerts in force (effective <= now <
//! sunset, in the kiosk's zone). `access` (who may: pure rules), `store` (reads and
//! visibility), `submit` (upload), `lifecycle` (review, deploy, delete), `lists`
//! (console reads), `kiosk` (the feeds and the `AlertsInForce` port the island signs
//! through), `feed` (what the feeds read and remember), `demo` (seed). Their sign
//! records are the document kind [`KIND`].
mod access;
mod copies;
mod demo;
mod ending;
pub use ending::tell_ending;
mod feed;
mod kiosk;
/// Forgets the feeds' remembered lists and alerts: the kiosk benchmark's uncached reads.
pub use feed::forget as forget_feeds;
/// The feeds' statements, for the kiosk benchmark's query plans.
pub use feed::{OPERATOR_SIGNED_SQL, ZONE_LIST_SQL};
mod lifecycle;
mod lists;
mod model;
mod pack;
mod retention;
mod routes;
mod schemas;
mod store;
mod submit;
mod submit_form;
mod text;
mod translations;
pub use text::{index_text, TEXT};

use std::time::Duration;

use plantdoc_core::acks::DocKind;
use plantdoc_core::events::EventKind;
use plantdoc_core::ports::AlertsInForce;
use plantdoc_core::ModuleContext;

/// The sign records of alerts (`acknowledgements.doc_kind`).
pub(crate) const KIND: DocKind = DocKind::new("alert");

// `alerts.in-force` is the review kind's deploy notice (access::KIND.notices.deployed),
// told when an alert deploys (in force at its effective date): subject `alert:<id>`, its
// zones, data `{docId, alertTag, partNumber, partId, effectiveDate, sunsetDate,
// versionHash}` (times in ms) with the notice's title and link.
/// Told when a deployed alert is removed from the floor before its sunset date (the
/// date itself passes with no act): data `{docId, alertTag, partNumber}`.
pub(crate) const SUNSET: EventKind = EventKind::new(
    "alerts.sunset",
    plantdoc_core::text!("A deployed alert was removed from the floor"),
)
.floor();

/// `[modules.alerts]` (defaults in plugins/alerts/settings.toml).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct AlertsSettings {
    /// Days before a deployed alert's sunset date its engineer is told (0: never).
    ending_notice_days: u32,
}

/// Pending uploads never submitted are removed after this long.
pub const PENDING_UPLOAD_HOURS: i64 = 24;
const SWEEP_EVERY: Duration = Duration::from_secs(60 * 60);

/// The module's state: its own PDF-check semaphore (decision 29: no process-global).
pub struct AlertsState {
    feeds: feed::FeedCache,
    /// The documents' text indexer (decision 72).
    pub text: std::sync::Arc<plantdoc_core::textindex::Indexer>,
}

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    let AlertsSettings { ending_notice_days } = ctx.settings()?;
    if ending_notice_days > 365 {
        anyhow::bail!("configuration error: modules.alerts.ending_notice_days must be at most 365");
    }
    let text = plantdoc_core::textindex::Indexer::new();
    ctx.state(AlertsState { feeds: feed::FeedCache::default(), text: text.clone() });
    ctx.routes(routes::routes());
    ctx.doc_kind(KIND);
    for k in access::KIND.notices.kinds() {
        ctx.event_kind(k);
    }
    ctx.event_kind(SUNSET);
    ctx.event_kind(ending::ENDING);
    ctx.provide_port::<dyn AlertsInForce>(std::sync::Arc::new(kiosk::AlertsPort));
    // The home page: alerts deployed (in force or coming) and waiting for the person's review.
    ctx.review_kind(&access::KIND);
    ctx.figures(std::sync::Arc::new(plantdoc_core::review::KindFigures {
        kind: &access::KIND,
        deployed: "alertsDeployed",
        waiting: "alertsWaiting",
    }));
    // A periodic review's 'obsolete' verdict removes the document through its Delete.
    ctx.listen(
        &["*"],
        std::sync::Arc::new(plantdoc_core::review::RemoveWhenTold::<model::Alert>::on(
            "changes.obsolete",
        )),
    );
    ctx.provide_port::<dyn plantdoc_core::ports::PartAlerts>(std::sync::Arc::new(
        kiosk::AlertsPort,
    ));
    ctx.task("upload-sweep", |state, stop| {
        plantdoc_core::tasks::every(state, stop, SWEEP_EVERY, |state| async move {
            if let Err(e) = plantdoc_core::files::sweep(
                &state,
                submit::MODULE,
                PENDING_UPLOAD_HOURS * 60 * 60 * 1000,
            )
            .await
            {
                tracing::warn!(error = %e, "alert upload sweep failed");
            }
        })
    });
    ctx.task("ending-notice", move |state, stop| {
        plantdoc_core::tasks::every(state, stop, SWEEP_EVERY, move |state| async move {
            if let Err(e) = tell_ending(&state, ending_notice_days).await {
                tracing::warn!(error = %e, "telling alerts that end soon failed");
            }
        })
    });
    ctx.retention(std::sync::Arc::new(retention::keeper()));
    ctx.seed_demo(std::sync::Arc::new(|state| Box::pin(demo::seed(state))));
    ctx.task("text-index", move |state, stop| text.run(state, stop, &text::TEXT));
    Ok(())
}

plantdoc_core::module!(AlertsPlugin, build);
