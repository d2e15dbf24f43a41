//! Standard work packages: upload, approvals, revisions, lists, viewer, and the sign
//! histories of the kiosk and the console's Verification History (the swp module owns
//! that data, so those two `/api/island/...` reads are served here: `sharedApi` in
//! module.json). The kiosk's signing reads the SWPs through the core's `DeployedDocs`
//! port (`kiosk`), and their sign records are the document kind [`KIND`].
//! `access` (who may: pure rules), `store` (SQL of reads and visibility), `upload` and
//! `submit` (getting documents in, PDFs checked and merged by `plantdoc_core::pdf`), `lifecycle` (review, deploy, edit, delete),
//! `lists`, `viewer` and `history` (reads for the screens).
mod access;
mod audit_file;
mod audit_rows;
mod compare;
mod copies;
mod demo;
mod fields;
mod history;
mod in_force;
mod kiosk;
mod lifecycle;
mod lists;
mod model;
mod pack;
mod package;
mod paging;
mod retention;
mod routes;
mod schemas;
mod served;
mod store;
mod submit;
mod submit_check;
mod submit_form;
mod submit_langs;
mod text;
mod translations;
mod upload;
mod viewer;

/// The kiosk part read's and status read's statements (island-bench prints their plans).
pub use kiosk::standing_sql;
pub use text::{index_text, TEXT};
pub use viewer::deployed_sql;

use std::time::Duration;

use plantdoc_core::acks::DocKind;
use plantdoc_core::events::EventKind;
use plantdoc_core::ports::DeployedDocs;
use plantdoc_core::ModuleContext;
use serde::Deserialize;

/// The sign records of SWPs (`acknowledgements.doc_kind`).
pub(crate) const KIND: DocKind = DocKind::new("swp");

// `swp.deployed` is the review kind's deploy notice (access::KIND.notices.deployed), told
// inside a deployment's transaction (review or bypass): subject `swp:<id>`, the SWP's
// zones, data `{docId, partNumber, partId, revision, previousId, earlierIds,
// versionHash}` with the notice's title and link (`earlierIds`: the part's earlier
// revisions, deployed or obsolete).
/// Told when a deployed SWP is deleted (removed from the floor), inside that act:
/// subject `swp:<id>`, data `{docId, partNumber, partId}`.
pub(crate) const REMOVED: EventKind = EventKind::new(
    "swp.removed",
    plantdoc_core::text!("A deployed SWP was removed from the floor"),
)
.floor();

/// For tests and the benchmark, which make real PDFs with the same library.
pub use plantdoc_core::pdf::lopdf;

/// `[modules.swp]` (defaults in plugins/swp/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SwpSettings {
    /// Largest single PDF in MiB (PDFs are read whole to merge); also capped by
    /// `server.upload_limit`.
    pub pdf_max_mb: u64,
    /// An upload not submitted within this many hours is removed by the sweep.
    pub pending_upload_hours: u64,
    /// Pending uploads one user may hold.
    pub max_pending_uploads: i64,
    /// Browse remembers the sort key of every this-many-th row of a list, so a deep
    /// page seeks and then skips fewer rows than this (docs/speed.md).
    pub page_anchor_rows: i64,
}

/// The module's state, read by handlers with `state.get::<SwpState>()`.
pub struct SwpState {
    pub settings: SwpSettings,
    lists: paging::ListCache,
    /// Browse pages and part searches as sent (decision 37).
    answers: plantdoc_core::answers::Answers,
    /// The documents' text indexer (decision 72).
    pub text: std::sync::Arc<plantdoc_core::textindex::Indexer>,
}

/// How often the sweep of unsubmitted uploads runs.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60 * 60);

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    let settings: SwpSettings = ctx.settings()?;
    if settings.pdf_max_mb == 0
        || settings.pending_upload_hours == 0
        || settings.max_pending_uploads < 1
        || settings.page_anchor_rows < 1
    {
        anyhow::bail!("configuration error: modules.swp: pdf_max_mb, pending_upload_hours, max_pending_uploads and page_anchor_rows must be at least 1");
    }
    let text = plantdoc_core::textindex::Indexer::new();
    ctx.state(SwpState {
        settings,
        lists: paging::ListCache::default(),
        answers: paging::answers(),
        text: text.clone(),
    });
    ctx.routes(routes::routes());
    ctx.doc_kind(KIND);
    for k in access::KIND.notices.kinds() {
        ctx.event_kind(k);
    }
    ctx.event_kind(REMOVED);
    ctx.provide_port::<dyn DeployedDocs>(std::sync::Arc::new(kiosk::Docs));
    // The home page: SWPs deployed and waiting for the person's review.
    ctx.review_kind(&access::KIND);
    ctx.figures(std::sync::Arc::new(plantdoc_core::review::KindFigures {
        kind: &access::KIND,
        deployed: "swpsDeployed",
        waiting: "swpsWaiting",
    }));
    // A periodic review's 'obsolete' verdict removes the document through its Delete.
    ctx.listen(
        &["*"],
        std::sync::Arc::new(plantdoc_core::review::RemoveWhenTold::<model::Swp>::on(
            "changes.obsolete",
        )),
    );
    ctx.seed_demo(std::sync::Arc::new(demo::seed));
    ctx.retention(std::sync::Arc::new(retention::keeper()));
    ctx.task("upload-sweep", |state, stop| {
        plantdoc_core::tasks::every(state, stop, SWEEP_EVERY, |state| async move {
            if let Err(e) = sweep(&state).await {
                tracing::warn!(error = %e, "SWP upload sweep failed");
            }
        })
    });
    ctx.task("text-index", move |state, stop| text.run(state, stop, &text::TEXT));
    Ok(())
}

/// One pass of the upload sweep: uploads pending longer than the configured lifetime
/// and merged sources left behind. Returns how many files it removed.
pub async fn sweep(state: &plantdoc_core::AppState) -> anyhow::Result<usize> {
    let hours = state.get::<SwpState>().settings.pending_upload_hours as i64;
    plantdoc_core::files::sweep(state, "swp", hours * 60 * 60 * 1000).await
}

plantdoc_core::module!(SwpPlugin, build);
