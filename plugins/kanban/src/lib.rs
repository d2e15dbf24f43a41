//! The demo kanban boards.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct KanbanPlugin;

impl Plugin for KanbanPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("kanban", "Kanban", "2.0")
            .sidebar(Some("Engineering"), "Kanban", "ProjectOutlined", "/main/kanban", 10)
            .with_remote()
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(KanbanPlugin);
