//! HTTP routes of the Settings module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
}
