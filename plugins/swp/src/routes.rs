//! HTTP routes of the SWPs module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("swp")
}
