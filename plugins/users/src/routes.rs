//! HTTP routes of the users module (spec section 7 'Users'). Console tier (signed-in
//! staff); each handler then requires a manager (`access`). The sign-in paths under
//! /api/users/ stay in the core.
use plantdoc_core::ApiRouter;

use crate::admin;

pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
        .get("/api/users/options", "Managers: the form's choices: companies with their zones, positions, departments", admin::options)
        .get("/api/users/all", "Managers: every active user, by full name", admin::all)
        .post("/api/users/register", "Managers: add a user; answers the temporary password once", admin::register)
        .body::<plantdoc_core::auth::users::UserInput>().answers(&[409])
        .post("/api/users/edit", "Managers: change a user's fields (originalEmail names the user)", admin::edit)
        .body::<admin::EditBody>().answers(&[409])
        .post("/api/users/delete", "Managers: delete a user (soft: history kept, sessions ended)", admin::delete)
        .body::<admin::DeleteBody>()
}
