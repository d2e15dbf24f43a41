//! Answer shapes written short for the OpenAPI document (see [`shape`]).
use serde_json::{json, Map, Value};

/// A JSON Schema from a short description of a JSON answer (see
/// `ApiRouter::returns_shape`):
/// - `"string"`, `"integer"`, `"number"`, `"boolean"`, `"object"`, `"array"`: that type;
///   a trailing `?` (`"string?"`) also allows null; `"any"`: any value.
/// - `[x]`: an array of `x`.
/// - `{"key": x, "opt?": y}`: an object whose keys are all present except those ending
///   in `?`; further keys allowed.
/// - `{"=": schema}`: `schema` as written (an enum, a `oneOf`…).
pub fn shape(v: Value) -> Value {
    match v {
        Value::String(t) if t == "any" => json!({}),
        Value::String(t) => match t.strip_suffix('?') {
            Some(t) => json!({"type": [t, "null"]}),
            None => json!({"type": t}),
        },
        Value::Array(mut a) => json!({"type": "array", "items": a.pop().map(shape).unwrap_or_else(|| json!({}))}),
        Value::Object(mut m) => {
            if let Some(raw) = m.remove("=") {
                return raw;
            }
            let mut required = Vec::new();
            let mut props = Map::new();
            for (k, x) in m {
                let name = match k.strip_suffix('?') {
                    Some(n) => n.to_string(),
                    None => {
                        required.push(Value::String(k.clone()));
                        k
                    }
                };
                props.insert(name, shape(x));
            }
            json!({"type": "object", "required": required, "properties": props})
        }
        other => other,
    }
}

/// `shape`, allowing null: an object or array that may also be null.
pub fn nullable(v: Value) -> Value {
    let mut s = shape(v);
    if let Some(Value::String(t)) = s.get("type").cloned() {
        s["type"] = json!([t, "null"]);
    }
    s
}
