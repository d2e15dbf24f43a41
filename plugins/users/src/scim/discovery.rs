//! SCIM discovery (RFC 7644 §4): what this service provider supports, its one resource
//! type (User) and the schemas of User, the enterprise extension and Plantdoc's.
use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use super::resource::{ENTERPRISE, PLANTDOC, USER};
use super::{reply, Scim};

const NO_SUCH: &str = plantdoc_core::text!("There is no such resource type or schema.");
const LIST: &str = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

/// A SCIM document (schema only: SCIM's own schemas describe it, `/scim/v2/Schemas`).
#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
pub struct Doc {
    schemas: Vec<String>,
}

/// A SCIM ListResponse (schema only).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
pub struct ListDoc {
    schemas: Vec<String>,
    total_results: i64,
    start_index: i64,
    items_per_page: i64,
    #[serde(rename = "Resources")]
    resources: Vec<Value>,
}

/// A SCIM User (schema only; RFC 7643 §4.1, the extensions in `/scim/v2/Schemas`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
pub struct UserDoc {
    schemas: Vec<String>,
    id: String,
    user_name: String,
    external_id: Option<String>,
    name: Value,
    active: bool,
    preferred_language: String,
}

/// A SCIM PatchOp (schema only).
#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
pub struct PatchDoc {
    schemas: Vec<String>,
    #[serde(rename = "Operations")]
    operations: Vec<Value>,
}

/// A SCIM error (RFC 7644 §3.12; schema only).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // schema only
pub struct ScimError {
    schemas: Vec<String>,
    /// The HTTP status, as text.
    status: String,
    scim_type: Option<String>,
    detail: String,
}

/// No content (204).
#[derive(Serialize, ToSchema)]
#[allow(dead_code)] // schema only
pub struct Empty {}

fn meta(kind: &str, base: &str, path: &str) -> Value {
    json!({"resourceType": kind, "location": format!("{base}/scim/v2/{path}")})
}

pub async fn config(s: Scim) -> Response {
    let no = json!({"supported": false});
    reply(
        StatusCode::OK,
        json!({
            "schemas": ["urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"],
            "documentationUri": format!("{}/api/openapi.json", s.base()),
            "patch": {"supported": true},
            "bulk": {"supported": false, "maxOperations": 0, "maxPayloadSize": 0},
            "filter": {"supported": true, "maxResults": 200},
            "changePassword": no, "sort": no, "etag": no,
            "authenticationSchemes": [{
                "type": "oauthbearertoken", "name": "API token",
                "description": plantdoc_core::text!("A Plantdoc API token of scope scim (Authorization: Bearer pd_…)"),
                "primary": true,
            }],
            "meta": meta("ServiceProviderConfig", &s.base(), "ServiceProviderConfig"),
        }),
    )
}

fn user_type(base: &str) -> Value {
    json!({
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:ResourceType"],
        "id": "User", "name": "User", "endpoint": "/Users", "description": "A person of the plant",
        "schema": USER,
        "schemaExtensions": [{"schema": ENTERPRISE, "required": false}, {"schema": PLANTDOC, "required": false}],
        "meta": meta("ResourceType", base, "ResourceTypes/User"),
    })
}

fn list(items: Vec<Value>) -> Response {
    let n = items.len();
    reply(
        StatusCode::OK,
        json!({"schemas": [LIST], "totalResults": n, "startIndex": 1, "itemsPerPage": n, "Resources": items}),
    )
}

pub async fn resource_types(s: Scim) -> Response {
    list(vec![user_type(&s.base())])
}

pub async fn resource_type(s: Scim, Path(id): Path<String>) -> Response {
    one(vec![user_type(&s.base())], &id)
}

pub async fn schema_by_id(s: Scim, Path(id): Path<String>) -> Response {
    one(all_schemas(&s), &id)
}

/// The item of `items` with this id, else SCIM's 404.
fn one(items: Vec<Value>, id: &str) -> Response {
    match items.into_iter().find(|x| x["id"] == id) {
        Some(x) => reply(StatusCode::OK, x),
        None => super::error(StatusCode::NOT_FOUND, None, NO_SUCH),
    }
}

/// One attribute of a schema: a single-valued string unless said otherwise.
fn attr(name: &str, required: bool, extra: Value) -> Value {
    let mut a = json!({
        "name": name, "type": "string", "multiValued": false, "required": required,
        "caseExact": false, "mutability": "readWrite", "returned": "default", "uniqueness": "none",
        "description": name,
    });
    if let (Some(a), Value::Object(e)) = (a.as_object_mut(), extra) {
        a.extend(e);
    }
    a
}

fn schema(id: &str, name: &str, attributes: Vec<Value>, base: &str) -> Value {
    json!({
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:Schema"],
        "id": id, "name": name, "description": name, "attributes": attributes,
        "meta": meta("Schema", base, &format!("Schemas/{id}")),
    })
}

pub async fn schemas(s: Scim) -> Response {
    list(all_schemas(&s))
}

fn all_schemas(s: &Scim) -> Vec<Value> {
    let base = s.base();
    let sub = |names: &[&str]| -> Value {
        json!({"subAttributes": names.iter().map(|n| attr(n, false, json!({}))).collect::<Vec<_>>()})
    };
    let mut name = attr("name", true, json!({"type": "complex"}));
    name.as_object_mut().expect("object").extend(
        sub(&["givenName", "familyName", "formatted"]).as_object().cloned().unwrap_or_default(),
    );
    let mut emails = attr("emails", false, json!({"type": "complex", "multiValued": true}));
    let mut email_subs = sub(&["value", "type"]);
    email_subs["subAttributes"].as_array_mut().expect("array").push(attr(
        "primary",
        false,
        json!({"type": "boolean"}),
    ));
    emails
        .as_object_mut()
        .expect("object")
        .extend(email_subs.as_object().cloned().unwrap_or_default());
    let user = vec![
        attr("userName", true, json!({"uniqueness": "server"})),
        name,
        attr("displayName", false, json!({"mutability": "readOnly"})),
        emails,
        attr("active", false, json!({"type": "boolean"})),
        attr(
            "preferredLanguage",
            false,
            json!({"canonicalValues": s.state.settings.i18n.languages}),
        ),
        attr("externalId", false, json!({"caseExact": true})),
    ];
    let enterprise = vec![
        attr(
            "department",
            true,
            json!({"canonicalValues": plantdoc_core::auth::users::DEPARTMENTS}),
        ),
        attr("employeeNumber", false, json!({})),
        attr(
            "organization",
            false,
            json!({"mutability": "immutable", "canonicalValues": [s.me.company_code]}),
        ),
    ];
    let own = vec![
        attr("position", true, json!({"canonicalValues": plantdoc_core::auth::users::POSITIONS})),
        attr(
            "zones",
            false,
            json!({"multiValued": true, "canonicalValues": s.state.zones.codes(&s.me.company_code)}),
        ),
        attr("badge", false, json!({"uniqueness": "global"})),
        attr("temporary", false, json!({"type": "boolean"})),
    ];
    vec![
        schema(USER, "User", user, &base),
        schema(ENTERPRISE, "EnterpriseUser", enterprise, &base),
        schema(PLANTDOC, "PlantdocUser", own, &base),
    ]
}
