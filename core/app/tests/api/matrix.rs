//! The people of every module's authorization matrix: each position × department, in
//! company mpk with zone A1 ("in") or C1 ("out"), and in company umw with all its zones.
use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::*;
use crate::swp::support::{add, login, send_bytes};

pub const POSITIONS: [&str; 6] = ["manager", "engineer", "supervisor", "clerk", "ojt", "operator"];
pub const DEPARTMENTS: [&str; 4] = ["production", "process", "quality", "paint"];

/// One signed-in person of the matrix.
pub struct Person {
    pub position: &'static str,
    pub department: &'static str,
    /// "mpk" (the fixtures' company) or "umw".
    pub company: &'static str,
    /// "in" (mpk, zone A1), "out" (mpk, zone C1) or "all" (umw, every umw zone).
    pub zones: &'static str,
    pub client: Client,
}

impl Person {
    pub fn label(&self) -> String {
        format!("{}/{}/{}/{}", self.position, self.department, self.company, self.zones)
    }
}

/// Adds and signs in the 72 people (four at a time).
pub async fn people(app: &TestApp) -> Vec<Person> {
    let umw_zones = app.state.zones.codes("umw");
    let mut specs = Vec::new();
    for p in POSITIONS {
        for d in DEPARTMENTS {
            specs.push((p, d, "mpk", "in", vec!["A1".to_string()]));
            specs.push((p, d, "mpk", "out", vec!["C1".to_string()]));
            specs.push((p, d, "umw", "all", umw_zones.clone()));
        }
    }
    futures::stream::iter(specs)
        .map(|(position, department, company, zones, list)| async move {
            let email = format!("{position}.{department}.{company}.{zones}@matrix.plant");
            let zs: Vec<&str> = list.iter().map(String::as_str).collect();
            add(app, &email, position, department, company, &zs).await;
            Person { position, department, company, zones, client: login(app, &email).await }
        })
        .buffer_unordered(4)
        .collect()
        .await
}

impl Person {
    /// Everyone but operators uses the console.
    pub fn staff(&self) -> bool {
        self.position != "operator"
    }
    /// Same company as the fixtures (mpk).
    pub fn same(&self) -> bool {
        self.company == "mpk"
    }
    /// Same company and zones overlapping the fixtures' (A1).
    pub fn sees(&self) -> bool {
        self.same() && self.zones == "in"
    }
}

/// Whether a person is allowed, or may see a fixture.
pub type Rule = fn(&Person) -> bool;

/// One route of a matrix: the request, who is allowed, and which text an allowed
/// answer holds exactly for some people (`shows`).
pub struct Route {
    pub name: &'static str,
    pub method: Method,
    pub path: String,
    pub body: Option<(Vec<u8>, &'static str)>,
    /// Console routes answer operators 403 and anonymous callers 401, exactly.
    pub console: bool,
    pub allow: Rule,
    pub shows: Option<(String, Rule)>,
}

/// A route with an optional JSON body.
pub fn route(
    name: &'static str,
    method: Method,
    path: String,
    body: Option<Value>,
    console: bool,
    allow: Rule,
) -> Route {
    let body = body.map(|b| (b.to_string().into_bytes(), "application/json"));
    Route { name, method, path, body, console, allow, shows: None }
}

/// A console upload route sent a body that is no document (allowed callers get 400).
pub fn upload(name: &'static str, path: &str, allow: Rule) -> Route {
    let body = Some((b"not a document".to_vec(), "application/octet-stream"));
    Route { name, method: Method::POST, path: path.into(), body, console: true, allow, shows: None }
}

/// Marks what the allowed answer of route `name` holds exactly for the people of `f`.
pub fn show(routes: &mut [Route], name: &str, text: &str, f: Rule) {
    routes.iter_mut().find(|r| r.name == name).expect("route of the matrix").shows =
        Some((text.to_string(), f));
}

/// Sends every route as every person and as anonymous; fails on any 5xx, unexpected
/// allow (or a shown text outside its rule, or an inexact refusal) and unexpected denial.
pub async fn check(title: &str, app: &TestApp, routes: &[Route], people: &[Person]) {
    let anonymous = app.client();
    let cases: Vec<(&Route, Option<&Person>)> = routes
        .iter()
        .flat_map(|r| people.iter().map(move |p| (r, Some(p))).chain(std::iter::once((r, None))))
        .collect();
    let results: Vec<(String, StatusCode, bool, Option<bool>, bool)> = futures::stream::iter(cases)
        .map(|(route, s)| {
            let client = s.map(|s| s.client.clone()).unwrap_or_else(|| anonymous.clone());
            async move {
                let resp = match &route.body {
                    Some((bytes, ct)) => {
                        send_bytes(&client, route.method.clone(), &route.path, bytes.clone(), ct)
                            .await
                    }
                    None => client.send(route.method.clone(), &route.path, None, &[]).await,
                };
                let expected = s.map(|s| (route.allow)(s)).unwrap_or(false);
                let shown = match (&route.shows, s) {
                    (Some((text, f)), Some(s)) if resp.status == StatusCode::OK => {
                        Some(resp.text.contains(text.as_str()) == f(s))
                    }
                    _ => None,
                };
                let exact = match s {
                    None => resp.status == StatusCode::UNAUTHORIZED,
                    Some(s) if route.console && !s.staff() => resp.status == StatusCode::FORBIDDEN,
                    _ => true,
                };
                let who = s.map(Person::label).unwrap_or_else(|| "anonymous".into());
                (format!("{} as {who}", route.name), resp.status, expected, shown, exact)
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    let (mut allows, mut denials) = (Vec::new(), Vec::new());
    for (case, status, expected, shown, exact) in &results {
        assert!(!status.is_server_error(), "{case}: {status}");
        let allowed = !matches!(
            *status,
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND
        );
        let line = format!("{case}: {status} shown-ok={shown:?} exact={exact}");
        if (allowed && !expected) || *shown == Some(false) || !exact {
            allows.push(line);
        } else if !allowed && *expected {
            denials.push(line);
        }
    }
    println!(
        "{title} authorization matrix: {} cases ({} routes × {} people: 6 positions × 4 departments × 3 company/zone groups + anonymous), {} unexpected allows, {} unexpected denials",
        results.len(),
        routes.len(),
        people.len() + 1,
        allows.len(),
        denials.len()
    );
    assert!(allows.is_empty(), "unexpected allows:\n{}", allows.join("\n"));
    assert!(denials.is_empty(), "unexpected denials:\n{}", denials.join("\n"));
}
