//! The training authorization matrix: every training route × position × department ×
//! company × zone (and anonymous), against the table of docs/training.md, restated here
//! independently of the code. Changes are sent so that an allowed caller stops at
//! validation (400) or a state check (409): the fixtures stay as they are.
use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;


struct Subject {
    label: String,
    position: &'static str,
    department: &'static str,
    /// Company mpk (the fixtures'), else umw.
    same: bool,
    /// Holds zone A1 of its company (mpk "in", and umw, which has every umw zone).
    a1: bool,
    client: Client,
}

impl Subject {
    fn staff(&self) -> bool {
        self.position != "operator"
    }
    fn editor(&self) -> bool {
        matches!(self.position, "manager" | "supervisor") && matches!(self.department, "production" | "process")
    }
    /// Edits matrix A1 of its own company.
    fn edits(&self) -> bool {
        self.editor() && self.a1
    }
}

type Rule = fn(&Subject) -> bool;

struct Route {
    name: &'static str,
    method: Method,
    path: String,
    body: Option<Value>,
    console: bool,
    allow: Rule,
    /// Text an allowed answer holds exactly for these subjects.
    shows: Option<(String, Rule)>,
}

fn r(name: &'static str, method: Method, path: String, body: Option<Value>, console: bool, allow: Rule) -> Route {
    Route { name, method, path, body, console, allow, shows: None }
}

#[tokio::test]
async fn training_authorization_matrix() {
    let app = app(&[]).await;
    let lead = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    let p = part(&app, "mpk", "P-1").await;
    assert_eq!(add_part(&lead, "P-1", 2).await.status, StatusCode::OK);
    assert_eq!(add_op(&lead, &op).await.status, StatusCode::OK);
    let b = block(&lead, 0, 0).await;
    const TRAINING_AUDIT: &str = "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'training.%'";
    let audit_before = scalar(&app, TRAINING_AUDIT).await;

    let subjects: Vec<Subject> = crate::matrix::people(&app)
        .await
        .into_iter()
        .map(|m| Subject { label: m.label(), position: m.position, department: m.department, same: m.company == "mpk", a1: m.zones != "out", client: m.client })
        .collect();

    let m = |v: Value| Some(with(a1(), v));
    let mut routes = vec![
        r("swp-list", Method::GET, "/api/training/swp-list".into(), None, true, |s| s.staff()),
        r("operator-list", Method::GET, "/api/training/operator-list".into(), None, true, |s| s.staff()),
        r("matrix", Method::GET, MATRIX_A1.into(), None, true, |s| s.staff()),
        r("export", Method::GET, "/api/training/matrix/export/shift/1/cell/A/zone/1".into(), None, true, |s| s.staff()),
        r("add", Method::POST, "/api/training/add".into(), Some(json!({"squares": 9})), true, |s| s.editor()),
        r("edit/block", Method::POST, "/api/training/matrix/edit/block".into(), Some(json!({"blockId": b, "squares": 9})), true, |s| s.edits() && s.same),
        r("genesis", Method::POST, "/api/training/matrix/add/genesis-block".into(), m(json!({})), true, |s| s.edits()),
        r("add/part", Method::POST, "/api/training/matrix/add/part".into(), m(json!({"partNumber": "P-1"})), true, |s| s.edits()),
        r("add/op", Method::POST, "/api/training/matrix/add/op".into(), m(json!({"opId": op})), true, |s| s.edits()),
        r("delete/op", Method::DELETE, "/api/training/matrix/delete/op".into(), m(json!({"opId": "nobody"})), true, |s| s.edits()),
        r("delete/part", Method::DELETE, "/api/training/matrix/delete/part".into(), m(json!({"partNumber": "NONE"})), true, |s| s.edits()),
        r("certs/op", Method::POST, "/api/training/certs/op".into(), m(json!({"opNumber": "OP1", "certTargetOpHours": 99})), true, |s| s.edits()),
        r("certs/part", Method::POST, "/api/training/certs/part".into(), m(json!({"partNumber": "P-1", "certTargetPartHours": 99})), true, |s| s.edits()),
        r("kiosk squares", Method::GET, format!("/api/training/op/squares/opId/{op}/part-number/P-1"), None, false, |s| s.same),
    ];
    let show = |name: &str, text: &str, f: Rule, routes: &mut Vec<Route>| {
        routes.iter_mut().find(|r| r.name == name).unwrap().shows = Some((text.to_string(), f));
    };
    show("swp-list", &p, |s| s.same, &mut routes);
    show("operator-list", &op, |s| s.same, &mut routes);
    show("matrix", &b, |s| s.same, &mut routes);
    show("export", "OP1", |s| s.same, &mut routes);

    let anonymous = app.client();
    let mut cases = Vec::new();
    for route in &routes {
        for s in &subjects {
            cases.push((route, Some(s)));
        }
        cases.push((route, None));
    }
    let results: Vec<(String, String, StatusCode, bool, Option<bool>, bool)> = futures::stream::iter(cases)
        .map(|(route, s)| {
            let client = s.map(|s| s.client.clone()).unwrap_or_else(|| anonymous.clone());
            async move {
                let resp = client.send(route.method.clone(), &route.path, route.body.as_ref().map(Value::to_string), &[]).await;
                let expected = s.map(|s| (route.allow)(s)).unwrap_or(false);
                let shown = match (&route.shows, s) {
                    (Some((text, f)), Some(s)) if resp.status == StatusCode::OK => Some(resp.text.contains(text.as_str()) == f(s)),
                    _ => None,
                };
                let exact = match s {
                    None => resp.status == StatusCode::UNAUTHORIZED,
                    Some(s) if route.console && !s.staff() => resp.status == StatusCode::FORBIDDEN,
                    _ => true,
                };
                let who = s.map(|s| s.label.clone()).unwrap_or_else(|| "anonymous".into());
                (route.name.to_string(), who, resp.status, expected, shown, exact)
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;

    let mut allows = Vec::new();
    let mut denials = Vec::new();
    for (route, who, status, ..) in &results {
        assert!(!status.is_server_error(), "{route} as {who}: {status}");
    }
    for (route, who, status, expected, shown, exact) in &results {
        let allowed = !matches!(*status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND);
        let line = format!("{route} as {who}: {status} shown-ok={shown:?} exact={exact}");
        if (allowed && !expected) || *shown == Some(false) || !exact {
            allows.push(line);
        } else if !allowed && *expected {
            denials.push(line);
        }
    }
    println!(
        "training authorization matrix: {} cases ({} routes × {} subjects: 6 positions × 4 departments × 3 company/zone groups + anonymous), {} unexpected allows, {} unexpected denials",
        results.len(),
        routes.len(),
        subjects.len() + 1,
        allows.len(),
        denials.len()
    );
    assert!(allows.is_empty(), "unexpected allows:\n{}", allows.join("\n"));
    assert!(denials.is_empty(), "unexpected denials:\n{}", denials.join("\n"));
    assert_eq!(scalar(&app, TRAINING_AUDIT).await, audit_before, "nothing changed");
    let m = lead.get(MATRIX_A1).await.body;
    assert_eq!((m["partList"][0]["certTarget"].clone(), m["matrix"][0]["rowData"][0]["squares"].clone()), (json!(2), json!(-1)));
}
