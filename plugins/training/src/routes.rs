//! HTTP routes of the Training module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("training")
}
