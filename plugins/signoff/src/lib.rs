//! The reviewer's page: SWPs and alerts pending my approval.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct SignoffPlugin;

impl Plugin for SignoffPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("signoff", "Sign Off", "1.0")
            .sidebar(Some("Document Control"), "Sign Off", "CheckSquareOutlined", "/main/sign-off", 10)
            .with_remote()
            .depends_on(&["swp", "alerts"])
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(SignoffPlugin);
