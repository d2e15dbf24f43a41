//! A Plantdoc user as a SCIM User resource (RFC 7643 §4.1) and back. Core attributes:
//! `userName` (the sign-in e-mail), `name.givenName`/`familyName`, `emails`, `active`,
//! `preferredLanguage` (the person's language), `externalId`. The enterprise extension
//! (§4.3) carries `department`, `employeeNumber` (the operator number) and
//! `organization` (the company code); Plantdoc's own extension `badge`, `position`,
//! `zones` and `temporary`.
use plantdoc_core::auth::users::{User, UserInput};
use plantdoc_core::clock::iso;
use serde_json::{json, Map, Value};

pub const USER: &str = "urn:ietf:params:scim:schemas:core:2.0:User";
pub const ENTERPRISE: &str = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
pub const PLANTDOC: &str = "urn:ietf:params:scim:schemas:extension:plantdoc:2.0:User";
pub const EXTENSIONS: [&str; 2] = [ENTERPRISE, PLANTDOC];

/// A user as SCIM sees it: the row and SCIM's own facts.
pub struct Seen {
    pub user: User,
    pub created: i64,
    pub modified: i64,
    pub external_id: Option<String>,
}

pub fn to_scim(s: &Seen, base: &str) -> Value {
    let u = &s.user;
    let mut v = json!({
        "schemas": [USER, ENTERPRISE, PLANTDOC],
        "id": u.id,
        "userName": u.email,
        "name": {"givenName": u.firstname, "familyName": u.lastname, "formatted": u.full_name()},
        "displayName": u.full_name(),
        "active": !u.disabled,
        "preferredLanguage": u.lang,
        ENTERPRISE: {"department": u.department.as_str(), "organization": u.company_code},
        PLANTDOC: {"position": u.position.as_str(), "zones": u.zones, "temporary": u.temporary},
        "meta": {
            "resourceType": "User",
            "created": iso(s.created),
            "lastModified": iso(s.modified),
            "location": format!("{base}/scim/v2/Users/{}", u.id),
            "version": format!("W/\"{}\"", s.modified),
        },
    });
    if !u.is_badge_only() {
        v["emails"] = json!([{"value": u.email, "type": "work", "primary": true}]);
    }
    if let Some(x) = &s.external_id {
        v["externalId"] = json!(x);
    }
    if let Some(n) = &u.op_no {
        v[ENTERPRISE]["employeeNumber"] = json!(n);
    }
    if let Some(b) = &u.badge {
        v[PLANTDOC]["badge"] = json!(b);
    }
    v
}

/// What a SCIM User document asks: the user's fields, `active` and the `externalId`.
pub struct Asked {
    pub input: UserInput,
    pub active: bool,
    pub external_id: Option<String>,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn opt(v: &Value) -> Option<String> {
    Some(text(v)).filter(|s| !s.trim().is_empty())
}

/// `true`, `false`, or their text (some providers send `"False"`).
pub fn boolean(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if s.eq_ignore_ascii_case("true") => Some(true),
        Value::String(s) if s.eq_ignore_ascii_case("false") => Some(false),
        _ => None,
    }
}

/// A key of `doc`, found without regard to case (SCIM attribute names are case-insensitive).
pub fn get<'a>(doc: &'a Value, key: &str) -> &'a Value {
    doc.as_object()
        .and_then(|m| m.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v))
        .unwrap_or(&Value::Null)
}

/// The sign-in e-mail: `userName` when it is an address, else the primary (or first) of
/// `emails`; none for a badge-only operator.
fn email(doc: &Value) -> String {
    let user_name = text(get(doc, "userName"));
    if user_name.contains('@') {
        return user_name;
    }
    let emails = get(doc, "emails").as_array().cloned().unwrap_or_default();
    let primary = emails.iter().find(|e| get(e, "primary") == &Value::Bool(true));
    primary.or(emails.first()).map(|e| text(get(e, "value"))).unwrap_or_default()
}

/// A document's fields. `company`: the token's, when the document names none.
pub fn from_scim(doc: &Value, company: &str) -> Asked {
    let name = get(doc, "name");
    let ent = get(doc, ENTERPRISE);
    let own = get(doc, PLANTDOC);
    let lang = opt(get(doc, "preferredLanguage"))
        .map(|l| l.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase());
    let input = UserInput {
        firstname: text(get(name, "givenName")),
        lastname: text(get(name, "familyName")),
        email: email(doc),
        company_code: opt(get(ent, "organization")).unwrap_or_else(|| company.to_string()),
        position: text(get(own, "position")),
        department: text(get(ent, "department")),
        zones: match get(own, "zones") {
            Value::Array(a) => a.iter().map(text).collect(),
            Value::String(s) => {
                s.split([' ', ',', ';']).filter(|z| !z.is_empty()).map(Into::into).collect()
            }
            _ => Vec::new(),
        },
        badge: opt(get(own, "badge")),
        op_no: opt(get(ent, "employeeNumber")),
        lang,
        temporary: boolean(get(own, "temporary")),
        ..Default::default()
    };
    Asked {
        input,
        active: boolean(get(doc, "active")).unwrap_or(true),
        external_id: opt(get(doc, "externalId")),
    }
}

/// The SCIM attribute a Plantdoc field error is about (for `detail`).
pub fn attribute(field: &str) -> &str {
    match field {
        "firstname" => "name.givenName",
        "lastname" => "name.familyName",
        "email" => "userName",
        "companyCode" => "organization",
        "opNo" => "employeeNumber",
        "lang" => "preferredLanguage",
        f => f,
    }
}

/// A replacement (PUT) keeps what the document does not speak of: an extension it leaves
/// out, and `active` (an identity provider that knows nothing of Plantdoc's positions and
/// zones must not blank them).
pub fn keep_unsaid(doc: &mut Value, current: &Value) {
    let Some(m) = doc.as_object_mut() else { return };
    for ext in EXTENSIONS {
        if !m.keys().any(|k| k.eq_ignore_ascii_case(ext)) {
            m.insert(ext.into(), current[ext].clone());
        }
    }
    if !m.keys().any(|k| k.eq_ignore_ascii_case("active")) {
        m.insert("active".into(), current["active"].clone());
    }
    if !m.keys().any(|k| k.eq_ignore_ascii_case("preferredLanguage")) {
        m.insert("preferredLanguage".into(), current["preferredLanguage"].clone());
    }
}

/// An empty object for a key of `doc` that is not one (PATCH writes into it).
pub fn object_at<'a>(doc: &'a mut Value, key: &str) -> &'a mut Map<String, Value> {
    let m = doc.as_object_mut().expect("a SCIM document is an object");
    let k = m.keys().find(|k| k.eq_ignore_ascii_case(key)).cloned().unwrap_or(key.to_string());
    let slot = m.entry(k).or_insert_with(|| json!({}));
    if !slot.is_object() {
        *slot = json!({});
    }
    slot.as_object_mut().expect("just made an object")
}
