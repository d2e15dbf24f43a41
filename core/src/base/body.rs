//! Request bodies read into typed requests (decision 124, after zero2prod's `domain`): a
//! rule lives in the type a field parses into (`parts::PartNumber`, a training level), and
//! a handler takes its request as one type, the type the OpenAPI document shows
//! (`ApiRouter::body::<T>()`).
//!
//! [`Parsed<T>`] reads the body as JSON (the [`Json`] extractor's answers: `body` for a
//! body that is not JSON, 413 for one too large), as an object ('Expected a JSON object.'
//! under `body`), into `T` with [`FromBody::parse`]. A request whose rules a handler
//! checks after its own (authorization first; a lookup whose error joins the body's in one
//! map) holds each field's [`Verdict`]: its parse then refuses nothing, and the handler
//! gathers the verdicts with [`take`] where it checked them before, answering one map.
use axum::extract::{FromRequest, Request};
use serde_json::{Map, Value};

use crate::base::error::{AppError, AppResult, FieldErrors, Json, Refusal};
use crate::text;

/// A request read from a JSON body, every field's refusal under the field's name.
pub trait FromBody: Sized {
    /// Reads the object `body`; all of its refused fields at once.
    fn parse(body: &Map<String, Value>) -> Result<Self, FieldErrors>;

    /// Reads any JSON body: an object through [`FromBody::parse`], anything else refused
    /// under `body`. A request that is a list (a batch of ids) reads it here.
    fn parse_value(body: &Value) -> Result<Self, FieldErrors> {
        match body {
            Value::Object(m) => Self::parse(m),
            _ => Err(one("body", text!("Expected a JSON object."))),
        }
    }
}

/// Extractor: the request `T` read from the JSON body, or 400 with every field's error.
pub struct Parsed<T>(pub T);

impl<T: FromBody, S: Send + Sync> FromRequest<S> for Parsed<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(body) = Json::<Value>::from_request(req, state).await?;
        T::parse_value(&body).map(Parsed).map_err(AppError::Fields)
    }
}

/// One field of a request: its value, or the words shown under it.
pub type Verdict<T> = Result<T, Refusal>;

/// A field map with one message.
pub fn one(field: &str, message: impl Into<String>) -> FieldErrors {
    FieldErrors::from([(field.to_string(), message.into())])
}

/// The value of `field`'s verdict, or `None` with its message added to `e`.
pub fn take<T: Clone>(e: &mut FieldErrors, field: &str, v: &Verdict<T>) -> Option<T> {
    match v {
        Ok(x) => Some(x.clone()),
        Err(m) => {
            e.insert(field.into(), m.to_string());
            None
        }
    }
}

/// Every error gathered: nothing (go on), or one 400 with them all.
pub fn done(e: FieldErrors) -> AppResult<()> {
    if e.is_empty() {
        Ok(())
    } else {
        Err(AppError::Fields(e))
    }
}

/// A text field, trimmed: "" when missing or not a string (a form's lookup key).
pub fn text<'a>(body: &'a Map<String, Value>, key: &str) -> &'a str {
    body.get(key).and_then(Value::as_str).unwrap_or("").trim()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A request with two rules, each refusing its own field.
    #[derive(Debug)]
    struct Pair {
        name: String,
        count: i64,
    }

    impl FromBody for Pair {
        fn parse(body: &Map<String, Value>) -> Result<Self, FieldErrors> {
            let mut e = FieldErrors::new();
            let name: Verdict<String> = match text(body, "name") {
                "" => Err("A name.".into()),
                s => Ok(s.to_string()),
            };
            let count = body.get("count").and_then(Value::as_i64).ok_or(Refusal::from("A count."));
            let (name, count) = (take(&mut e, "name", &name), take(&mut e, "count", &count));
            match (name, count) {
                (Some(name), Some(count)) => Ok(Pair { name, count }),
                _ => Err(e),
            }
        }
    }

    #[test]
    fn every_refused_field_is_answered_at_once() {
        let p = Pair::parse_value(&json!({"name": " a ", "count": 2})).unwrap();
        assert_eq!((p.name.as_str(), p.count), ("a", 2));
        let e = Pair::parse_value(&json!({"count": "x"})).unwrap_err();
        assert_eq!(e, one("name", "A name.").into_iter().chain(one("count", "A count.")).collect());
        for not_object in [json!([1]), json!("x"), json!(null), json!(3)] {
            assert_eq!(
                Pair::parse_value(&not_object).unwrap_err(),
                one("body", "Expected a JSON object.")
            );
        }
        assert!(done(FieldErrors::new()).is_ok());
        assert!(matches!(done(one("a", "b")), Err(AppError::Fields(m)) if m["a"] == "b"));
    }
}
