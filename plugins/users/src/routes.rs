//! HTTP routes of the users module (spec section 7 'Users'). Console tier (signed-in
//! staff); each handler then requires a manager (`access`). The sign-in paths under
//! /api/users/ stay in the core.
use plantdoc_core::ApiRouter;
use serde_json::{json, Value};

use crate::admin;

pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
        .get("/api/users/options", "Managers: the form's choices: the companies they administer with their zones, positions, departments", admin::options)
        .returns_shape(json!({"companies": ["string"], "positions": ["string"], "departments": ["string"], "zones": {"=": {"type": "object", "additionalProperties": plantdoc_core::openapi::shape(json!([{"value": "string", "label": "string"}]))}}}))
        .get("/api/users/all", "Managers: every active user of the companies they administer, by full name", admin::all)
        .returns_shape(json!([{"=": admin_user()}]))
        .post("/api/users/register", "Managers: add a user; answers the temporary password once", admin::register)
        .body::<plantdoc_core::auth::users::UserInput>().answers(&[409])
        .returns_shape(json!({"user": {"=": admin_user()}, "tempPassword": "string"}))
        .post("/api/users/edit", "Managers: change a user's fields (originalEmail names the user); a new e-mail waits for the person's confirmation (emailPending)", admin::edit)
        .body::<admin::EditBody>().answers(&[409])
        .returns_shape(json!({"user": {"=": admin_user()}, "changed": "boolean", "emailPending": "string?"}))
        .post("/api/users/delete", "Managers: delete a user (soft: history kept, sessions ended)", admin::delete)
        .body::<admin::DeleteBody>()
        .returns_shape(json!({"ok": "boolean", "email": "string"}))
}

/// The core's user object plus the admin fields.
fn admin_user() -> Value {
    let mut s = plantdoc_core::auth::users::User::schema();
    s["properties"]["fullName"] = json!({"type": "string"});
    s["properties"]["badge"] = json!({"type": ["string", "null"]});
    s["properties"]["kiosk"] = json!({"type": "boolean"});
    s["required"].as_array_mut().unwrap().extend([json!("fullName"), json!("badge"), json!("kiosk")]);
    s
}
