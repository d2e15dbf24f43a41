//! HTTP routes of the users module (spec section 7 'Users'). Console tier (signed-in
//! staff); each handler then requires a manager (`access`). The sign-in paths under
//! /api/users/ stay in the core.
use std::collections::BTreeMap;

use plantdoc_core::auth::users::UserJson;
use plantdoc_core::zones::ZoneOption;
use plantdoc_core::ApiRouter;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{admin, import, lang, pin, pin_zone};

pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
        .get("/api/users/options", "Managers: the form's choices: the companies they administer with their zones, positions, departments", admin::options)
        .returns::<Options>()
        .get("/api/users/all", "Managers: every active user of the companies they administer, by full name", admin::all)
        .returns::<Vec<AdminUser>>()
        .post("/api/users/register", "Managers: add a user; answers the temporary password once", admin::register)
        .body::<plantdoc_core::auth::users::UserInput>().answers(&[409])
        .returns::<Registered>()
        .post("/api/users/edit", "Managers: change a user's fields (originalEmail names the user); a new e-mail waits for the person's confirmation (emailPending)", admin::edit)
        .body::<admin::EditBody>().answers(&[409])
        .returns::<Edited>()
        .post("/api/users/delete", "Managers: delete a user (soft: history kept, sessions ended)", admin::delete)
        .body::<admin::DeleteBody>()
        .returns::<Deleted>()
        .get("/api/users/pin", "How one confirms a new signature PIN: {provider} (single sign-on's label, or null), {confirmed} (a fresh sign-in there waits)", pin::how)
        .returns::<pin::PinConfirm>()
        .post("/api/users/pin", "Set one's own signature PIN (4 to 8 digits) with one's password {pin, password}, or with no password right after a fresh sign-in at the provider", pin::set)
        .body::<pin::SetBody>().answers(&[429])
        .returns::<plantdoc_core::http::schemas::Done>()
        .post("/api/users/lang", "Choose one's own language {lang} (Settings → Account; `[i18n] languages`); answers the user object", lang::set)
        .body::<lang::LangBody>()
        .returns::<UserJson>()
        .post("/api/users/pin/issue", "Managers: a one-time signature PIN for a person of their company {email} (also ends a lock after wrong tries); answers {pin} once", pin::issue)
        .body::<pin::IssueBody>()
        .returns::<Issued>()
        .post("/api/users/import", "Managers: a roster CSV (the columns of Add Users plus badge and lang, and active) judged row by row: new, changed, disabled, unchanged or refused with reasons; dryRun=true writes nothing, else the accepted rows in one transaction, audited", import::import)
        .query::<import::ImportQuery>().body_text("text/csv").answers(&[413])
        .returns::<import::Imported>()
        .post("/api/users/pin/issue-zone", "Managers: one-time signature PINs for every operator and OJT of one of their zones {zone}, in one transaction (each audited and told); answers the sheet {zone, pins: [{name, opNo, pin}]} once", pin_zone::issue_zone)
        .body::<pin_zone::ZoneBody>()
        .returns::<pin_zone::Sheet>()
}

/// `GET /api/users/options`.
#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
struct Options {
    companies: Vec<String>,
    positions: Vec<String>,
    departments: Vec<String>,
    zones: BTreeMap<String, Vec<ZoneOption>>,
}

/// The list's and the edit screen's user (`admin::admin_json`): the core's user object
/// plus the admin fields.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
struct AdminUser {
    #[serde(flatten)]
    user: UserJson,
    full_name: String,
    #[schema(required = true)]
    badge: Option<String>,
    kiosk: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
struct Registered {
    user: AdminUser,
    temp_password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
struct Edited {
    user: AdminUser,
    changed: bool,
    #[schema(required = true)]
    email_pending: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
struct Issued {
    pin: String,
}

#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
struct Deleted {
    ok: bool,
    email: String,
}
