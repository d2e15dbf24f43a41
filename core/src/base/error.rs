//! The one error type. Renders the spec's shapes: a field → message map for form
//! errors, `{"error": "..."}` otherwise. 500 details are logged, never sent.
use crate::{msg, text};
use std::collections::BTreeMap;

use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

pub type FieldErrors = BTreeMap<String, String>;

/// A whole number from 1 to `max` in a query's field (paging: `page`, `limit`): absent or
/// empty gives `default`; anything else adds '<name> is a number from 1 to <max>.' to `e`.
pub fn number_field(
    e: &mut FieldErrors,
    name: &str,
    v: Option<&str>,
    default: i64,
    max: i64,
) -> i64 {
    match v {
        None | Some("") => default,
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (1..=max).contains(&n) => n,
            _ => {
                e.insert(name.into(), crate::msg!("{name} is a number from 1 to {max}."));
                default
            }
        },
    }
}

/// A list's `sortBy`: the column of `key` among `keys` (`(key, column)`); else None,
/// and 'Sort by one of <keys>.' added to `e`.
pub fn sort_field(
    e: &mut FieldErrors,
    keys: &[(&str, &'static str)],
    key: &str,
) -> Option<&'static str> {
    let column = keys.iter().find(|(k, _)| *k == key).map(|(_, c)| *c);
    if column.is_none() {
        let names: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
        e.insert("sortBy".into(), crate::msg!("Sort by one of {}.", names.join(", ")));
    }
    column
}

/// A list's `sortOrder`, `asc` or `desc` in any case: "ASC" or "DESC"; absent or empty
/// gives `default`; anything else adds 'Sort order is asc or desc.' to `e` (and "ASC").
pub fn sort_order(e: &mut FieldErrors, v: Option<&str>, default: &'static str) -> &'static str {
    match v.map(str::to_lowercase).as_deref() {
        None | Some("") => default,
        Some("asc") => "ASC",
        Some("desc") => "DESC",
        Some(_) => {
            e.insert("sortOrder".into(), crate::text!("Sort order is asc or desc.").into());
            "ASC"
        }
    }
}

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// 400 with a field → message map.
    #[error("invalid input")]
    Fields(FieldErrors),
    #[error("not signed in")]
    Unauthorized,
    /// The signed-in user must set a new password first.
    #[error("password change required")]
    ChangePassword,
    #[error("forbidden: {0}")]
    Forbidden(String),
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("payload too large")]
    PayloadTooLarge(String),
    #[error("too many requests")]
    TooManyRequests { retry_after_secs: i64, fields: FieldErrors },
    #[error("service unavailable")]
    Unavailable,
    /// 507 with a field → message map: the storage is full (nothing was stored).
    #[error("insufficient storage")]
    StorageFull(FieldErrors),
    /// 503 with a field → message map and `Retry-After` (60 s): the document storage
    /// cannot be reached (nothing was stored); logged at WARN where it is seen.
    #[error("storage unreachable")]
    StorageUnreachable(FieldErrors),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    /// A single field error.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let mut m = FieldErrors::new();
        m.insert(field.to_string(), message.into());
        AppError::Fields(m)
    }
    pub fn forbidden() -> Self {
        AppError::Forbidden(text!("You do not have permission to do this.").into())
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        if is_unavailable(&e) {
            tracing::warn!(error = %e, "database unavailable");
            AppError::Unavailable
        } else if matches!(e, sqlx::Error::RowNotFound) {
            AppError::NotFound
        } else {
            AppError::Internal(e.into())
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, body) = match &self {
            AppError::Fields(m) => (StatusCode::BAD_REQUEST, json!(m)),
            AppError::Unauthorized => {
                (StatusCode::UNAUTHORIZED, json!({"error": text!("Please sign in.")}))
            }
            AppError::ChangePassword => {
                (StatusCode::FORBIDDEN, json!({"status": "CHANGE_PASSWORD"}))
            }
            AppError::Forbidden(msg) => (StatusCode::FORBIDDEN, json!({"error": msg})),
            AppError::NotFound => (StatusCode::NOT_FOUND, json!({"error": text!("Not found.")})),
            AppError::Conflict(msg) => (StatusCode::CONFLICT, json!({"error": msg})),
            AppError::PayloadTooLarge(msg) => {
                (StatusCode::PAYLOAD_TOO_LARGE, json!({"error": msg}))
            }
            AppError::TooManyRequests { fields, .. } => {
                let mut body = json!(fields);
                if fields.is_empty() {
                    body = json!({"error": text!("Too many requests. Please wait and try again.")});
                }
                (StatusCode::TOO_MANY_REQUESTS, body)
            }
            AppError::Unavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                json!({"error": text!("The service is temporarily unavailable. Please try again.")}),
            ),
            AppError::StorageFull(m) => {
                tracing::error!("storage full: an upload was refused (507)");
                (StatusCode::INSUFFICIENT_STORAGE, json!(m))
            }
            AppError::StorageUnreachable(m) => (StatusCode::SERVICE_UNAVAILABLE, json!(m)),
            AppError::Internal(e) => {
                tracing::error!(error = %format!("{e:#}"), "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    json!({"error": text!("Something went wrong on our side.")}),
                )
            }
        };
        let mut resp = (status, axum::Json(body)).into_response();
        if let AppError::TooManyRequests { retry_after_secs, .. } = self {
            if let Ok(v) = HeaderValue::from_str(&retry_after_secs.max(1).to_string()) {
                resp.headers_mut().insert(header::RETRY_AFTER, v);
            }
        }
        if matches!(self, AppError::StorageUnreachable(_)) {
            resp.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        } else if matches!(status, StatusCode::SERVICE_UNAVAILABLE) {
            resp.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        }
        resp
    }
}

/// JSON body extractor whose rejections are field maps: malformed JSON → `body`,
/// a wrong type → the offending field (path), oversize → 413.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.starts_with("application/json") || v.contains("+json"))
            .unwrap_or(false);
        if !is_json {
            return Err(AppError::field(
                "body",
                text!("Expected a JSON body (Content-Type: application/json)."),
            ));
        }
        let bytes = axum::body::Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::PayloadTooLarge(text!("The request body is too large.").into())
            } else {
                AppError::field("body", text!("Could not read the request body."))
            }
        })?;
        parse_json(&bytes).map(Json)
    }
}

/// Parses JSON bytes into `T`, naming the field on a type error.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, AppError> {
    // serde lets a struct be read from an array (fields by position): a body whose type
    // is an object (it reads `{}`, refuses a string) must come as an object.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
        && serde_json::from_slice::<T>(b"{}").is_ok()
        && serde_json::from_slice::<T>(b"\"\"").is_err()
    {
        return Err(AppError::field("body", text!("Expected a JSON object.")));
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            AppError::field("body", text!("Malformed JSON."))
        } else {
            let field = if path == "." || path.is_empty() { "body".to_string() } else { path };
            let msg = inner.to_string();
            if let Some(rest) = msg.strip_prefix("missing field `") {
                let name = rest.split('`').next().unwrap_or("body");
                let name =
                    if field == "body" { name.to_string() } else { format!("{field}.{name}") };
                return AppError::field(&name, text!("This field is required."));
            }
            // serde's text ends with " at line 1 column 9": not for users.
            let msg = msg.split(" at line ").next().unwrap_or(&msg).to_string();
            AppError::field(&field, msg!("Invalid value: {msg}."))
        }
    })?;
    // Only whitespace may follow the value: `{...} xx` is not a JSON body.
    de.end().map_err(|_| AppError::field("body", text!("Malformed JSON.")))?;
    Ok(value)
}

/// Whether an error is the database being unreachable (→ 503) rather than a bug.
pub fn is_unavailable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Database(d) => match d.code().as_deref() {
            // PostgreSQL: admin shutdown / cannot connect now / crash recovery.
            Some("57P01") | Some("57P02") | Some("57P03") => true,
            // SQLite: the file stayed locked past `busy_timeout` (SQLITE_BUSY or SQLITE_LOCKED
            // and their extended codes, e.g. 517 BUSY_SNAPSHOT): an overloaded database, to be
            // retried, not the server's fault.
            Some(code) => {
                code.parse::<i32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6))
                    && d.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some()
            }
            None => false,
        },
        _ => false,
    }
}

/// Whether an error is a unique-constraint violation.
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if matches!(d.kind(), sqlx::error::ErrorKind::UniqueViolation))
}

/// Whether an error is a unique violation of a constraint over `key` (a column):
/// PostgreSQL names a constraint after its table and columns (`users_badge_key`), SQLite's
/// message names the columns (`UNIQUE constraint failed: users.badge`).
pub fn violates_unique(e: &sqlx::Error, key: &str) -> bool {
    match e {
        sqlx::Error::Database(d) if is_unique_violation(e) => {
            d.constraint().is_some_and(|c| c.contains(key)) || d.message().contains(key)
        }
        _ => false,
    }
}

/// A duplicate the database refused, turned into what the user is told, in one place
/// (after realworld-axum-sqlx's `on_constraint`): a write that may meet a unique
/// constraint names it and its answer, `insert(..).await.on_constraint("badge", || ..)?`.
pub trait OnConstraint<T> {
    /// A unique violation of the constraint over `key` (see [`violates_unique`]) answers
    /// `answer()`; any other error goes on as it was. Calls chain (one per constraint).
    fn on_constraint(self, key: &str, answer: impl FnOnce() -> AppError) -> AppResult<T>;
}

impl<T, E: Into<AppError>> OnConstraint<T> for Result<T, E> {
    fn on_constraint(self, key: &str, answer: impl FnOnce() -> AppError) -> AppResult<T> {
        self.map_err(|e| match e.into() {
            AppError::Internal(x)
                if x.downcast_ref::<sqlx::Error>().is_some_and(|e| violates_unique(e, key)) =>
            {
                answer()
            }
            e => e,
        })
    }
}

/// A value refused, with the words the person is shown (the spec's text). The caller
/// knows which field it was: [`Refusal::on`] makes that field's error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(String);

impl Refusal {
    pub fn message(&self) -> &str {
        &self.0
    }
    /// The error of form field `field`.
    pub fn on(self, field: &str) -> AppError {
        AppError::field(field, self.0)
    }
}

/// The words themselves (`refusal.contains(..)`, `&refusal` where a `&str` goes).
impl std::ops::Deref for Refusal {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for Refusal {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl From<String> for Refusal {
    fn from(m: String) -> Self {
        Refusal(m)
    }
}

impl From<&str> for Refusal {
    fn from(m: &str) -> Self {
        Refusal(m.to_string())
    }
}

impl From<Refusal> for String {
    fn from(r: Refusal) -> Self {
        r.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_keys_and_orders() {
        let keys = [("dueDate", "o.due_date"), ("part", "p.part_number")];
        let mut e = FieldErrors::new();
        assert_eq!(sort_field(&mut e, &keys, "part"), Some("p.part_number"));
        assert_eq!(sort_order(&mut e, Some("DeSc"), "ASC"), "DESC");
        assert_eq!(sort_order(&mut e, Some(""), "DESC"), "DESC");
        assert_eq!(sort_order(&mut e, None, "ASC"), "ASC");
        assert!(e.is_empty());
        assert_eq!(sort_field(&mut e, &keys, "size"), None);
        assert_eq!(sort_order(&mut e, Some("up"), "DESC"), "ASC");
        assert_eq!(e["sortBy"], "Sort by one of dueDate, part.");
        assert_eq!(e["sortOrder"], "Sort order is asc or desc.");
    }
}
