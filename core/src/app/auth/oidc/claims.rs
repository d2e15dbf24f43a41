//! From the provider's claims (the verified ID token's, then the user-info endpoint's)
//! to a person's account fields, through `[auth.oidc.claims]` and `[auth.oidc.groups]`.
use crate::msg;
use serde_json::{Map, Value};

use super::provider::{IdClaims, UserInfo};
use crate::base::auth_settings::OidcSettings;
use crate::plant::users::{Department, Position, DEPARTMENTS, POSITIONS};

/// What the claims say of a person. `None`: not mapped, or the claim was not sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Profile {
    pub email: Option<String>,
    /// Whether the e-mail may link an existing account by itself ([`email_verified`]).
    pub email_verified: bool,
    pub firstname: Option<String>,
    pub lastname: Option<String>,
    pub department: Option<Department>,
    pub position: Option<Position>,
    pub company: Option<String>,
    /// `Some` when a zones claim or a group with zones is mapped (then it replaces the
    /// account's zones, also with an empty list).
    pub zones: Option<Vec<String>>,
}

/// A claim the account needs that the provider did not send, or sent with a value
/// Plantdoc does not know. The text names the claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimProblem(pub String);

/// The account field's claim name, for messages: `'department'`, or the group claim.
pub fn claim_label(s: &OidcSettings, field: &str) -> String {
    let c = &s.claims;
    let name = match field {
        "email" => &c.email,
        "firstname" => &c.firstname,
        "lastname" => &c.lastname,
        "department" => &c.department,
        "position" => &c.position,
        "companyCode" | "company" => &c.company,
        "zones" => &c.zones,
        _ => "",
    };
    match (name.is_empty(), c.groups.is_empty()) {
        (false, _) => format!("'{name}'"),
        (true, false) => format!("'{}' (a group in [auth.oidc.groups] with {field})", c.groups),
        (true, true) => format!("for {field} (none is mapped in [auth.oidc.claims])"),
    }
}

fn text(claims: &Map<String, Value>, name: &str) -> Option<String> {
    if name.is_empty() {
        return None;
    }
    match claims.get(name)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn list(claims: &Map<String, Value>, name: &str) -> Option<Vec<String>> {
    if name.is_empty() {
        return None;
    }
    match claims.get(name)? {
        Value::Array(a) => Some(
            a.iter()
                .filter_map(|v| v.as_str())
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect(),
        ),
        Value::String(s) => {
            Some(s.split([' ', ',']).filter(|w| !w.is_empty()).map(str::to_string).collect())
        }
        _ => None,
    }
}

fn parse_enum<T>(
    value: &str,
    parse: fn(&str) -> Option<T>,
    claim: &str,
    what: &str,
    allowed: &[&str],
) -> Result<T, ClaimProblem> {
    parse(&value.trim().to_lowercase()).ok_or_else(|| {
        ClaimProblem(msg!(
            "The claim {claim} is {value:?}, which is not a Plantdoc {what} ({}).",
            allowed.join(", ")
        ))
    })
}

/// Whether the provider's e-mail may link an existing account by itself: with
/// `trust_email` (a provider that sends verified addresses only), or when the answer that
/// gave the e-mail says `email_verified` as the JSON boolean `true` (the crate's typed
/// claims read nothing else as a boolean: the string "true" is no answer). A missing flag
/// is not verified. The flag is the standard `email` claim's: another mapped claim has none.
pub fn email_verified(s: &OidcSettings, id: &IdClaims, userinfo: Option<&UserInfo>) -> bool {
    if s.trust_email {
        return true;
    }
    if s.claims.email != "email" {
        return false;
    }
    let Some(email) = id.email().or(userinfo.and_then(|u| u.email())) else {
        return false;
    };
    let from_id = if id.email() == Some(email) { id.email_verified() } else { None };
    let from_userinfo =
        userinfo.filter(|u| u.email() == Some(email)).and_then(|u| u.email_verified());
    from_id.or(from_userinfo) == Some(true)
}

/// The account fields the claims give, by the configured mapping. A department or
/// position claim with an unknown value is a problem (never guessed).
pub fn profile(
    s: &OidcSettings,
    claims: &Map<String, Value>,
    email_verified: bool,
) -> Result<Profile, ClaimProblem> {
    let c = &s.claims;
    let mut p = Profile {
        email: text(claims, &c.email).map(|e| e.to_lowercase()),
        email_verified,
        firstname: text(claims, &c.firstname),
        lastname: text(claims, &c.lastname),
        company: text(claims, &c.company).map(|v| v.to_lowercase()),
        zones: list(claims, &c.zones),
        ..Default::default()
    };
    if let Some(v) = text(claims, &c.department) {
        p.department = Some(parse_enum(
            &v,
            Department::parse,
            &format!("'{}'", c.department),
            "department",
            DEPARTMENTS,
        )?);
    }
    if let Some(v) = text(claims, &c.position) {
        p.position = Some(parse_enum(
            &v,
            Position::parse,
            &format!("'{}'", c.position),
            "position",
            POSITIONS,
        )?);
    }
    // Groups fill in what the claims left open, in the order the provider lists them.
    let groups = list(claims, &c.groups).unwrap_or_default();
    let gives_zones = s.groups.values().any(|g| !g.zones.is_empty());
    let mut group_zones: Vec<String> = Vec::new();
    for g in groups.iter().filter_map(|name| s.groups.get(name)) {
        let label = format!("'{}'", c.groups);
        if let (None, Some(d)) = (p.department, &g.department) {
            p.department =
                Some(parse_enum(d, Department::parse, &label, "department", DEPARTMENTS)?);
        }
        if let (None, Some(v)) = (p.position, &g.position) {
            p.position = Some(parse_enum(v, Position::parse, &label, "position", POSITIONS)?);
        }
        if p.company.is_none() {
            p.company = g.company.as_ref().map(|v| v.to_lowercase());
        }
        group_zones.extend(g.zones.iter().cloned());
    }
    if gives_zones || p.zones.is_some() {
        let mut zones = p.zones.take().unwrap_or_default();
        zones.extend(group_zones);
        let mut seen = std::collections::BTreeSet::new();
        zones.retain(|z| seen.insert(z.clone()));
        p.zones = Some(zones);
    }
    if p.company.is_none() && !s.default_company.is_empty() {
        p.company = Some(s.default_company.to_lowercase());
    }
    Ok(p)
}

/// Every claim as one object: the ID token's, then the user-info answer's for the same
/// subject (which many providers send only there).
pub fn merge(id_token: Value, userinfo: Option<Value>) -> Map<String, Value> {
    let mut m = match id_token {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    if let Some(Value::Object(u)) = userinfo {
        for (k, v) in u {
            m.entry(k).or_insert(v);
        }
    }
    m
}
