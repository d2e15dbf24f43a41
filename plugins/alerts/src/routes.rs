//! HTTP routes of the Alerts module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("alerts")
}
