//! HTTP routes of the Island module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("island")
}
