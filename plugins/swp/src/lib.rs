//! Standard work packages: upload, approvals, revisions, lists, viewer.
//! `access` (who may), `store` (reads), `upload`/`submit`/`pdf` (getting documents in),
//! `lifecycle` (review, deploy, edit, delete), `lists`/`viewer` (reads for the screens),
//! `sweep` (unsubmitted uploads).
pub mod access;
pub mod fields;
pub mod lifecycle;
pub mod lists;
pub mod model;
pub mod pdf;
mod routes;
pub mod store;
pub mod submit;
pub mod sweep;
pub mod upload;
pub mod viewer;

/// For tests and the benchmark, which make real PDFs with the same library.
pub use lopdf;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct SwpPlugin;

impl Plugin for SwpPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("swp", "SWPs", "1.0")
            .sidebar(Some("Document Control"), "SWPs", "FileTextOutlined", "/main/swps", 20)
            .with_remote()
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(SwpPlugin);
