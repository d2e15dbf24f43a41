//! HTTP routes of the Dashboard module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("dashboard")
}
