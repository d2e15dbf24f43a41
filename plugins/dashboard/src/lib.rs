//! The demonstration dashboard.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct DashboardPlugin;

impl Plugin for DashboardPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("dashboard", "Dashboard", "2.0")
            .sidebar(Some("Production"), "Dashboard", "DashboardOutlined", "/main/dashboard", 10)
            .with_remote()
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(DashboardPlugin);
