//! HTTP routes of the Sign Off module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("signoff")
}
