//! HTTP routes of the Kanban module.
use plantdoc_core::ApiRouter;

pub fn routes() -> ApiRouter {
    ApiRouter::new("kanban")
}
