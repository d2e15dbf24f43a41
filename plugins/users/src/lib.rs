//! User administration (the Settings page).
mod routes;

use plantdoc_core::migrate::Migration;
use plantdoc_core::{ApiRouter, Manifest, Plugin};

pub struct UsersPlugin;

impl Plugin for UsersPlugin {
    fn manifest(&self) -> Manifest {
        Manifest::new("users", "Settings", "1.0")
            .sidebar(None, "Settings", "SettingOutlined", "/main/settings", 90)
            .with_remote()
    }

    fn migrations(&self) -> Vec<Migration> {
        plantdoc_core::embed_migrations!()
    }

    fn routes(&self) -> ApiRouter {
        routes::routes()
    }
}

plantdoc_core::register_plugin!(UsersPlugin);
