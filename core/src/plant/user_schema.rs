//! The schema of the API's user object ([`crate::plant::users::User::to_json`]), field for field.
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use serde::Serialize;
use utoipa::ToSchema;

/// The API's user object: the spec's current user, plus the admin fields.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserJson {
    #[serde(rename = "_id")]
    pub id: String,
    pub firstname: String,
    pub lastname: String,
    pub email: String,
    pub position: String,
    pub department: String,
    pub company_code: String,
    pub zones: Vec<String>,
    #[schema(required = true)]
    pub op_no: Option<String>,
    pub plant_admin: bool,
    #[schema(inline)]
    pub status: UserStatus,
    /// The person's language (`[i18n] languages`): en, es or pl.
    pub lang: String,
}

/// A user's `status`: a new password is required, or not.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum UserStatus {
    ChangePassword,
    Active,
}
