//! Alerts for part numbers and zones: upload, approvals, kiosk display.
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct AlertsPlugin;

impl Plugin for AlertsPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("alerts", "Alerts", "1.0")
            .sidebar(Some("Document Control"), "Alerts", "WarningOutlined", "/main/alerts", 30)
            .with_remote()
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(AlertsPlugin);
