//! The OpenAPI description, built from the routes' declarations ([`crate::app::api::ApiRouter`]):
//! each operation's path and query parameters, request body, 200 schema and every status
//! it answers, with the error shapes of [`crate::base::error::AppError`]. Schemas come from the
//! Rust types (`utoipa::ToSchema`, `utoipa::IntoParams`): the handler's own, or, where it
//! reads or builds a `serde_json::Value`, a schema-only type beside it that mirrors that
//! JSON field for field. Only a dynamic module's answer (its own) is a schema value.
use std::collections::{BTreeMap, BTreeSet};

use axum::http::Method;
use serde_json::{json, Map, Value};

use crate::app::api::{Access, RouteDoc};

/// What an operation takes and answers, beyond its path, method and tier.
#[derive(Debug, Clone, Default)]
pub struct OpSpec {
    pub body: Option<BodySpec>,
    /// Query parameters (OpenAPI parameter objects).
    pub query: Vec<Value>,
    /// The 200 answer: content type and schema. None: a JSON value not described further.
    pub ok: Option<(String, Value)>,
    /// Statuses beyond the implied ones (see [`RouteDoc::statuses`]).
    pub extra: BTreeSet<u16>,
    /// A redirect (302, no body) instead of 200.
    pub redirect: bool,
    /// The content types of a status that is not (only) the usual JSON error.
    pub content: BTreeMap<u16, Vec<String>>,
    /// Named schemas the body's or answer's schema refers to (`#/components/schemas/..`).
    pub components: Vec<(String, Value)>,
    /// A protocol's own errors (SCIM's): their content type and component name.
    pub errors: Option<(String, String)>,
}

#[derive(Debug, Clone)]
pub enum BodySpec {
    /// `application/json` with this schema.
    Json(Value),
    /// One file: `multipart/form-data` with a `file` field, or the raw bytes.
    Multipart,
    /// A text of this content type (a CSV) as the raw body.
    Text(String),
}

/// The JSON Schema of `T`, nested schemas inlined as components of the document.
pub fn schema_of<T: utoipa::ToSchema>() -> Value {
    let mut v = serde_json::to_value(<T as utoipa::PartialSchema>::schema()).unwrap_or_default();
    let mut comps = Vec::new();
    T::schemas(&mut comps);
    if !comps.is_empty() {
        // A body with a nested struct: its schema is inlined where it is referred to.
        let defs: Map<String, Value> = comps
            .into_iter()
            .map(|(n, s)| (n, serde_json::to_value(s).unwrap_or_default()))
            .collect();
        inline_refs(&mut v, &defs);
    }
    v
}

fn inline_refs(v: &mut Value, defs: &Map<String, Value>) {
    match v {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get("$ref") {
                if let Some(def) = r.strip_prefix("#/components/schemas/").and_then(|n| defs.get(n))
                {
                    *v = def.clone();
                    inline_refs(v, defs);
                    return;
                }
            }
            m.values_mut().for_each(|x| inline_refs(x, defs));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| inline_refs(x, defs)),
        _ => {}
    }
}

/// The query parameters of `T`.
pub fn params_of<T: utoipa::IntoParams>() -> Vec<Value> {
    T::into_params(|| Some(utoipa::openapi::path::ParameterIn::Query))
        .into_iter()
        .filter_map(|p| serde_json::to_value(p).ok())
        .collect()
}

impl RouteDoc {
    /// Path parameters, in order: `{name}` segments.
    pub fn path_params(&self) -> Vec<&str> {
        self.path
            .split('/')
            .filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect()
    }

    /// Every status the route answers: 200; 503 (database unavailable); 401 and 403 for
    /// a signed-in tier; 403 for an unsafe method (CSRF); 400 (field map) when it takes a
    /// body, a query or a path parameter; 404 with a path parameter; 413 with a body; 507
    /// (storage full, a `file` field map) with an upload; and
    /// what the route declared with `answers` (409, 429, and 404 for a module's route,
    /// which answers 404 while the module is switched off). A redirecting route answers
    /// 302 instead of 200.
    pub fn statuses(&self) -> BTreeSet<u16> {
        let mut s = BTreeSet::from([if self.spec.redirect { 302 } else { 200 }, 503]);
        let has_path = !self.path_params().is_empty();
        if self.access != Access::Public {
            s.extend([401, 403]);
        }
        if !matches!(self.method, Method::GET | Method::HEAD) {
            s.insert(403);
        }
        if self.spec.body.is_some() || !self.spec.query.is_empty() || has_path {
            s.insert(400);
        }
        if has_path {
            s.insert(404);
        }
        if self.spec.body.is_some() {
            s.insert(413);
        }
        if matches!(self.spec.body, Some(BodySpec::Multipart)) {
            s.insert(507);
        }
        s.extend(self.spec.extra.iter().copied());
        s
    }
}

fn error_ref(status: u16) -> (&'static str, &'static str) {
    match status {
        400 => ("FieldErrors", "Invalid input: a field → message map"),
        401 => ("Error", "Not signed in"),
        403 => ("Forbidden", "Not allowed, CSRF token missing, or a new password is required ({\"status\": \"CHANGE_PASSWORD\"})"),
        404 => ("Error", "Not found (or the module is switched off)"),
        409 => ("Error", "Conflict with the record's current state"),
        413 => ("Error", "The body or file is too large"),
        429 => ("FieldErrors", "Too many requests (a field map or {error}); Retry-After says when to retry"),
        507 => ("FieldErrors", "The server's storage is full; nothing was stored ({\"file\": message})"),
        503 => ("Error", "The database is unavailable; Retry-After says when to retry"),
        _ => ("Error", "Error"),
    }
}

fn operation(d: &RouteDoc) -> Value {
    let mut params: Vec<Value> = d
        .path_params()
        .into_iter()
        .map(|p| json!({"name": p, "in": "path", "required": true, "schema": {"type": "string"}}))
        .collect();
    params.extend(d.spec.query.iter().cloned());
    let mut responses = Map::new();
    for status in d.statuses() {
        let r = if status == 200 {
            let (ct, schema) =
                d.spec.ok.clone().unwrap_or_else(|| ("application/json".into(), json!({})));
            json!({"description": "Success", "content": {ct: {"schema": schema}}})
        } else if status == 302 {
            json!({"description": "Redirect: the browser goes on to the Location", "headers": {"Location": {"schema": {"type": "string"}}}})
        } else if let Some((ct, name)) = &d.spec.errors {
            match status {
                204 => json!({"description": "Done: no content"}),
                201 => {
                    let (ct, schema) = d.spec.ok.clone().unwrap_or_default();
                    json!({"description": "Created", "content": {ct: {"schema": schema}}})
                }
                _ => {
                    json!({"description": error_ref(status).1, "content": {ct: {"schema": {"$ref": format!("#/components/schemas/{name}")}}}})
                }
            }
        } else if let Some(types) = d.spec.content.get(&status) {
            let (name, text) = error_ref(status);
            let content: Map<String, Value> = types
                .iter()
                .map(|ct| {
                    let schema = if ct == "application/json" {
                        json!({"$ref": format!("#/components/schemas/{name}")})
                    } else {
                        json!({"type": "string"})
                    };
                    (ct.clone(), json!({"schema": schema}))
                })
                .collect();
            json!({"description": format!("{text}; a page for a person (text/html)"), "content": content})
        } else {
            let upload = matches!(d.spec.body, Some(BodySpec::Multipart));
            let (name, text) = if status == 503 && upload {
                (
                    "FieldErrors",
                    "The database, or the document storage ({\"file\": message}), is unavailable; Retry-After says when to retry",
                )
            } else {
                error_ref(status)
            };
            json!({"description": text, "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{name}")}}}})
        };
        responses.insert(status.to_string(), r);
    }
    let mut op = json!({
        "operationId": format!("{}_{}", d.method.as_str().to_lowercase(), op_name(&d.path)),
        "summary": d.summary,
        "tags": [d.tag],
        "parameters": params,
        "responses": responses,
    });
    if d.access == Access::Public {
        op["security"] = match d.scope {
            Some(scope) => json!([{"bearerAuth": [scope.as_str()]}]),
            None => json!([]),
        };
    } else if let Some(scope) = d.scope {
        op["security"] = json!([{"session": []}, {"bearerAuth": [scope.as_str()]}]);
    }
    match &d.spec.body {
        Some(BodySpec::Json(schema)) => {
            op["requestBody"] =
                json!({"required": true, "content": {"application/json": {"schema": schema}}});
        }
        Some(BodySpec::Multipart) => {
            op["requestBody"] = json!({"required": true, "content": {
                "multipart/form-data": {"schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}}}},
                "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
            }});
        }
        Some(BodySpec::Text(ct)) => {
            op["requestBody"] =
                json!({"required": true, "content": {ct: {"schema": {"type": "string"}}}});
        }
        None => {}
    }
    op
}

/// The whole document.
pub fn document(docs: &[RouteDoc]) -> Value {
    let mut paths: BTreeMap<&str, Map<String, Value>> = BTreeMap::new();
    let mut schemas = Map::new();
    schemas.insert("Error".into(), json!({"type": "object", "required": ["error"], "properties": {"error": {"type": "string"}}}));
    schemas.insert(
        "FieldErrors".into(),
        json!({"type": "object", "additionalProperties": {"type": "string"}}),
    );
    schemas.insert(
        "Forbidden".into(),
        json!({"type": "object", "properties": {"error": {"type": "string"}, "status": {"type": "string", "enum": ["CHANGE_PASSWORD"]}}}),
    );
    for d in docs {
        for (n, s) in &d.spec.components {
            schemas.insert(n.clone(), s.clone());
        }
        paths.entry(&d.path).or_default().insert(d.method.as_str().to_lowercase(), operation(d));
    }
    json!({
        "openapi": "3.1.0",
        "info": {"title": "Plantdoc", "version": env!("CARGO_PKG_VERSION")},
        "paths": paths,
        "security": [{"session": []}],
        "webhooks": webhooks(),
        "components": {
            "schemas": schemas,
            "securitySchemes": {"session": {
                "type": "apiKey", "in": "cookie", "name": "plantdoc_session",
                "description": "The session cookie set by POST /api/users/login (__Host-plantdoc_session behind HTTPS). Unsafe methods also need the X-CSRF-Token header equal to the plantdoc_csrf cookie."
            }, "bearerAuth": {
                "type": "http", "scheme": "bearer", "bearerFormat": "pd_ + 43 base62 characters",
                "description": "An API token (POST /api/tokens, plant administrators). Only operations whose security names bearerAuth take one, with the scope named there; no CSRF header is needed. Over the per-token rate: 429."
            }},
        },
    })
}

fn op_name(path: &str) -> String {
    path.trim_start_matches('/').replace(['/', '-', '{', '}', '.'], "_")
}

/// What a webhook endpoint receives (`/api/webhooks`; docs/operations.md, "Webhooks").
fn webhooks() -> Value {
    let header = |name: &str, text: &str| json!({"name": name, "in": "header", "required": true, "description": text, "schema": {"type": "string"}});
    json!({"event": {"post": {
        "summary": "An event of a kind the endpoint listens to (swp.deployed, alerts.in-force, ...), sent at least once",
        "parameters": [
            header("webhook-id", "The delivery's id (msg_...): the same on every retry; deduplicate on it"),
            header("webhook-timestamp", "Unix seconds of this attempt"),
            header("webhook-signature", "v1,<base64 HMAC-SHA256 keyed with the secret's bytes (after whsec_, base64) of 'id.timestamp.body'>"),
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {
            "type": "object", "required": ["type", "timestamp", "data"],
            "properties": {
                "type": {"type": "string", "description": "The event kind"},
                "timestamp": {"type": "string", "format": "date-time"},
                "data": {"type": "object", "required": ["subject", "company", "zones"], "properties": {
                    "subject": {"type": "string", "description": "<doc kind>:<id> or user:<id>"},
                    "company": {"type": "string"},
                    "zones": {"type": "array", "items": {"type": "string"}},
                    "contentHash": {"type": "string", "description": "The document version's SHA-256, where the event has one"}
                }, "additionalProperties": true}
            }
        }}}},
        "responses": {"2XX": {"description": "Received; any other answer or none is retried with backoff for 24 h"}}
    }}})
}
