//! Standard work packages: upload, approvals, revisions, lists, viewer.
mod routes;

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
