//! The training matrix and training records.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct TrainingPlugin;

impl Plugin for TrainingPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("training", "Training", "2.0")
            .sidebar(Some("Production"), "Training", "TeamOutlined", "/main/training", 20)
            .with_remote()
            .depends_on(&["swp"])
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(TrainingPlugin);
