//! SCIM PATCH (RFC 7644 §3.5.2) on a User: each operation (`add`, `replace`, `remove`) is
//! applied to the user's current SCIM document, and the result is then written as a
//! replacement would be, through the same checks. Paths are parsed by `scim_v2`.
use std::str::FromStr;

use scim_v2::filter::{AttrPath, PatchPath};
use serde_json::{json, Value};

use super::resource::{get, object_at, EXTENSIONS};

/// Why a PATCH body cannot be applied: the SCIM error type and a detail.
#[derive(Debug)]
pub struct Bad(pub &'static str, pub &'static str);

const NO_OPERATIONS: &str = plantdoc_core::text!("A PATCH needs a list of Operations.");
const BAD_OP: &str = plantdoc_core::text!("An operation is add, replace or remove.");
const BAD_PATH: &str = plantdoc_core::text!("This attribute path cannot be changed.");
const NO_PATH: &str = plantdoc_core::text!("A remove names its path.");

/// Applies the operations of `body` to `doc`.
pub fn apply(doc: &mut Value, body: &Value) -> Result<(), Bad> {
    let ops = get(body, "Operations").as_array().ok_or(Bad("invalidSyntax", NO_OPERATIONS))?;
    for op in ops {
        let kind = get(op, "op").as_str().unwrap_or_default().to_ascii_lowercase();
        let value = get(op, "value").clone();
        let path = get(op, "path").as_str().map(str::trim).filter(|p| !p.is_empty());
        match (kind.as_str(), path) {
            ("add" | "replace", None) => {
                let Value::Object(m) = value else { return Err(Bad("invalidValue", BAD_OP)) };
                for (k, v) in m {
                    set(doc, &k, v)?;
                }
            }
            ("add" | "replace", Some(p)) => set(doc, p, value)?,
            ("remove", Some(p)) => set(doc, p, Value::Null)?,
            ("remove", None) => return Err(Bad("noTarget", NO_PATH)),
            _ => return Err(Bad("invalidSyntax", BAD_OP)),
        }
    }
    Ok(())
}

/// Sets one attribute named by a path (`active`, `name.givenName`, an extension's
/// `urn:…:User:department`, `emails[type eq "work"].value`), or an extension's whole
/// object (`urn:…:User` with an object: merged).
fn set(doc: &mut Value, path: &str, value: Value) -> Result<(), Bad> {
    if let Some(ext) = EXTENSIONS.iter().find(|e| e.eq_ignore_ascii_case(path)) {
        let Value::Object(m) = value else { return Err(Bad("invalidValue", BAD_PATH)) };
        let slot = object_at(doc, ext);
        slot.extend(m);
        return Ok(());
    }
    let parsed = PatchPath::from_str(path).map_err(|_| Bad("invalidPath", BAD_PATH))?;
    match parsed {
        PatchPath::Attr(AttrPath { uri, name, sub_attr }) => {
            let uri = uri.filter(|u| !u.eq_ignore_ascii_case(super::resource::USER));
            match (uri, sub_attr) {
                (Some(u), None) => {
                    let ext = EXTENSIONS
                        .iter()
                        .find(|e| e.eq_ignore_ascii_case(&u))
                        .ok_or(Bad("invalidPath", BAD_PATH))?;
                    object_at(doc, ext).insert(name, value);
                }
                (None, None) if value.is_object() && name.eq_ignore_ascii_case("name") => {
                    if let Value::Object(m) = value {
                        object_at(doc, "name").extend(m);
                    }
                }
                (None, None) => {
                    let m = doc.as_object_mut().ok_or(Bad("invalidPath", BAD_PATH))?;
                    let k = m.keys().find(|k| k.eq_ignore_ascii_case(&name)).cloned();
                    m.insert(k.unwrap_or(name), value);
                }
                (None, Some(sub)) if name.eq_ignore_ascii_case("name") => {
                    object_at(doc, "name").insert(sub, value);
                }
                _ => return Err(Bad("invalidPath", BAD_PATH)),
            }
        }
        // The one multi-valued attribute a person has here: their e-mail.
        PatchPath::Value(v) if v.attr.name.eq_ignore_ascii_case("emails") => {
            let addr = if v.sub_attr.is_some() { value } else { get(&value, "value").clone() };
            doc["emails"] = json!([{"value": addr, "type": "work", "primary": true}]);
        }
        PatchPath::Value(_) => return Err(Bad("invalidPath", BAD_PATH)),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scim::resource::{ENTERPRISE, PLANTDOC};
    const PATCH_OP: &str = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

    fn doc() -> Value {
        json!({"userName": "a@x.io", "active": true, "name": {"givenName": "A", "familyName": "B"},
               ENTERPRISE: {"department": "production"}, PLANTDOC: {"zones": ["a"]}})
    }

    #[test]
    fn paths_and_pathless_values_land_where_they_name() {
        let mut d = doc();
        let body = json!({"schemas": [PATCH_OP], "Operations": [
            {"op": "Replace", "path": "active", "value": "False"},
            {"op": "replace", "path": "name.familyName", "value": "C"},
            {"op": "add", "path": format!("{ENTERPRISE}:department"), "value": "quality"},
            {"op": "replace", "value": {"displayName": "x", PLANTDOC: {"badge": "B1"}}},
            {"op": "replace", "path": "emails[type eq \"work\"].value", "value": "n@x.io"},
            {"op": "remove", "path": format!("{PLANTDOC}:zones")},
        ]});
        apply(&mut d, &body).unwrap();
        assert_eq!(d["active"], "False");
        assert_eq!(d["name"]["familyName"], "C");
        assert_eq!(d[ENTERPRISE]["department"], "quality");
        assert_eq!(d[PLANTDOC]["badge"], "B1");
        assert_eq!(d[PLANTDOC]["zones"], Value::Null);
        assert_eq!(d["emails"][0]["value"], "n@x.io");
    }

    #[test]
    fn an_unknown_op_or_path_is_refused() {
        let mut d = doc();
        assert!(apply(&mut d, &json!({"Operations": [{"op": "move", "path": "a"}]})).is_err());
        assert!(apply(&mut d, &json!({"Operations": [{"op": "remove"}]})).is_err());
        assert!(apply(
            &mut d,
            &json!({"Operations": [{"op": "add", "path": "x.y.z", "value": 1}]})
        )
        .is_err());
        assert!(apply(&mut d, &json!({})).is_err());
    }
}
