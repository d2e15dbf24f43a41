//! The shared operator kiosk: badge, part, read, acknowledge, verify.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct IslandPlugin;

impl Plugin for IslandPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("island", "Island", "1.0")
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

plantdoc_core::register_plugin!(IslandPlugin);
