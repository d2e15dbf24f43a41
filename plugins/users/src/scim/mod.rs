//! SCIM 2.0 provisioning (RFC 7643, 7644) under /scim/v2: an identity provider creates,
//! changes, deactivates and deletes the people of one company with an API token of scope
//! `scim` (only: no session, no other scope). Every act is the console's own
//! (`crate::acts`: the same checks, audit rows and events, in one transaction). Answers
//! and errors are `application/scim+json`, errors in SCIM's shape (§3.12).
mod discovery;
mod patch;
mod resource;
mod rows;
mod users;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header::CONTENT_TYPE, StatusCode};
use axum::response::{IntoResponse, Response};
use plantdoc_core::api::{Access, Scope};
use plantdoc_core::auth::tokens;
use plantdoc_core::auth::User;
use plantdoc_core::http::lang::for_person;
use plantdoc_core::{ApiRouter, AppError, AppState};
use serde_json::{json, Value};

pub use discovery::Doc;

const ERROR: &str = "urn:ietf:params:scim:api:messages:2.0:Error";
const NO_TOKEN: &str =
    plantdoc_core::text!("SCIM takes an API token with the scope scim (Authorization: Bearer).");
const TOO_MANY: &str =
    plantdoc_core::text!("Too many requests with this API token. Try again in a minute.");
const NOT_FOUND: &str = plantdoc_core::text!("There is no such user.");

/// A SCIM answer: the content type SCIM names.
pub fn reply(status: StatusCode, body: Value) -> Response {
    let mut r = (status, axum::Json(body)).into_response();
    r.headers_mut().insert(CONTENT_TYPE, "application/scim+json".parse().expect("a header"));
    r
}

/// A SCIM error (§3.12): `status` as text, `scimType` when one fits, `detail`.
pub fn error(status: StatusCode, scim_type: Option<&str>, detail: &str) -> Response {
    let mut body =
        json!({"schemas": [ERROR], "status": status.as_u16().to_string(), "detail": detail});
    if let Some(t) = scim_type {
        body["scimType"] = json!(t);
    }
    reply(status, body)
}

/// The caller: a live token of scope `scim`, acting as its maker within its company.
pub struct Scim {
    pub state: AppState,
    pub me: User,
    pub token: String,
}

impl FromRequestParts<AppState> for Scim {
    type Rejection = Response;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Some(token) = tokens::bearer(&parts.headers) else {
            return Err(error(StatusCode::UNAUTHORIZED, None, NO_TOKEN));
        };
        match tokens::check(state, token, Some(Scope::Scim)).await {
            // User administration is a manager's, as in the console (reads too).
            Ok(c) if !crate::access::may_administer(c.user()) => {
                let m = for_person(state, c.user(), crate::access::NOT_MANAGER);
                Err(error(StatusCode::FORBIDDEN, None, &m))
            }
            Ok(c) => Ok(Scim { state: state.clone(), me: c.user().clone(), token: c.id().into() }),
            Err(AppError::Unauthorized) => Err(error(StatusCode::UNAUTHORIZED, None, NO_TOKEN)),
            Err(e) => Err(Scim::plain(state, None, e)),
        }
    }
}

impl Scim {
    /// The answer to an act's error, its texts in the token maker's language.
    pub fn fail(&self, e: AppError) -> Response {
        Self::plain(&self.state, Some(&self.me), e)
    }

    fn plain(state: &AppState, me: Option<&User>, e: AppError) -> Response {
        let tr = |s: &str| match me {
            Some(u) => for_person(state, u, s),
            None => s.to_string(),
        };
        match e {
            AppError::Fields(f) => {
                // A value another user holds (e-mail, badge, operator number) is SCIM's
                // `uniqueness` (409); any other refused value `invalidValue` (400).
                let unique = f.values().any(|m| {
                    m.contains("already exists")
                        || m.contains("already assigned")
                        || m.contains("already used")
                });
                let detail: Vec<String> = f
                    .iter()
                    .map(|(k, m)| format!("{}: {}", resource::attribute(k), tr(m)))
                    .collect();
                let (status, t) = if unique {
                    (StatusCode::CONFLICT, "uniqueness")
                } else {
                    (StatusCode::BAD_REQUEST, "invalidValue")
                };
                error(status, Some(t), &detail.join("; "))
            }
            AppError::Forbidden(m) => error(StatusCode::FORBIDDEN, None, &tr(&m)),
            AppError::NotFound => error(StatusCode::NOT_FOUND, None, &tr(NOT_FOUND)),
            AppError::Conflict(m) => error(StatusCode::CONFLICT, None, &tr(&m)),
            AppError::TooManyRequests { retry_after_secs, .. } => {
                let mut r = error(StatusCode::TOO_MANY_REQUESTS, None, &tr(TOO_MANY));
                r.headers_mut().insert("retry-after", retry_after_secs.into());
                r
            }
            e => {
                let r = e.into_response();
                error(r.status(), None, r.status().canonical_reason().unwrap_or("Error"))
            }
        }
    }

    /// Where this plant's SCIM resources are (`meta.location`).
    pub fn base(&self) -> String {
        self.state.settings.server.public_url.trim_end_matches('/').to_string()
    }
}

/// /scim/v2: public routes as the router sees them, each checking its token itself (so
/// that a refusal is in SCIM's shape, and a session cookie never passes).
pub fn routes() -> ApiRouter {
    use axum::http::Method;
    let p = Access::Public;
    let user_doc = || plantdoc_core::openapi::schema_of::<discovery::UserDoc>();
    let scim = "application/scim+json";
    ApiRouter::new("users")
        .route(p, Method::GET, "/scim/v2/ServiceProviderConfig", "SCIM: what this service provider supports (token of scope scim)", discovery::config)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<Doc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/ResourceTypes", "SCIM: the resource types (User)", discovery::resource_types)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<discovery::ListDoc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/ResourceTypes/{id}", "SCIM: one resource type (User)", discovery::resource_type)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<Doc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/Schemas/{id}", "SCIM: one schema by its URN", discovery::schema_by_id)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<Doc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/Schemas", "SCIM: the User schema and its enterprise and Plantdoc extensions", discovery::schemas)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<discovery::ListDoc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/Users", "SCIM: the company's users; filter=userName eq \"…\" (or externalId, id), startIndex, count", users::list)
        .query::<users::ListQuery>()
        .returns_content(scim, plantdoc_core::openapi::schema_of::<discovery::ListDoc>()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::POST, "/scim/v2/Users", "SCIM: create a user (the console's rules; a password nobody knows)", users::create)
        .body::<discovery::UserDoc>()
        .returns_content(scim, user_doc()).answers(&[201, 401, 409]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::GET, "/scim/v2/Users/{id}", "SCIM: one user", users::one)
        .returns_content(scim, user_doc()).answers(&[401, 403]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::PUT, "/scim/v2/Users/{id}", "SCIM: replace a user's attributes (an extension left out is kept); active: false disables", users::replace)
        .body::<discovery::UserDoc>()
        .returns_content(scim, user_doc()).answers(&[401, 409]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::PATCH, "/scim/v2/Users/{id}", "SCIM: add, replace or remove attributes (PatchOp); active: false disables, true enables again", users::patch)
        .body::<discovery::PatchDoc>()
        .returns_content(scim, user_doc()).answers(&[401, 409]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
        .route(p, Method::DELETE, "/scim/v2/Users/{id}", "SCIM: delete a user: disabled, sessions ended, the record and its signatures kept; answers 204", users::delete)
        .returns_content(scim, plantdoc_core::openapi::schema_of::<discovery::Empty>()).answers(&[204, 401]).errors_as::<discovery::ScimError>(scim).own_token(Scope::Scim)
}
