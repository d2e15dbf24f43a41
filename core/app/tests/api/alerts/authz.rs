//! The alerts authorization matrix: every alerts route × position × department ×
//! company × zone (and anonymous), against the decision table of docs/alerts.md,
//! restated here independently of the code. Changing requests are sent so that an
//! allowed caller stops at validation (400) or a state check (409): the fixtures stay.
use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{add, send_bytes};


struct Subject {
    label: String,
    position: &'static str,
    department: &'static str,
    same: bool,
    in_zone: bool,
    client: Client,
}

impl Subject {
    fn staff(&self) -> bool {
        self.position != "operator"
    }
    fn sees(&self) -> bool {
        self.same && self.in_zone
    }
    fn uploader(&self) -> bool {
        self.department == "process" && matches!(self.position, "engineer" | "manager")
    }
    /// The engineer stage (open on the pending fixture).
    fn engineer_reviewer(&self) -> bool {
        self.sees() && self.position == "engineer" && matches!(self.department, "process" | "quality")
    }
    /// Either stage: the manager stage answers 409 while the engineer stage is open.
    fn reviewer(&self) -> bool {
        self.engineer_reviewer() || (self.sees() && self.position == "manager" && matches!(self.department, "process" | "quality" | "production"))
    }
    fn manages(&self) -> bool {
        self.sees() && self.position == "manager"
    }
}

type Rule = fn(&Subject) -> bool;

struct Route {
    name: &'static str,
    method: Method,
    path: String,
    body: Option<(Vec<u8>, &'static str)>,
    console: bool,
    allow: Rule,
    shows: Option<(String, Rule)>,
}

fn r(name: &'static str, method: Method, path: String, body: Option<Value>, console: bool, allow: Rule) -> Route {
    let body = body.map(|b| (b.to_string().into_bytes(), "application/json"));
    Route { name, method, path, body, console, allow, shows: None }
}

#[tokio::test]
async fn alerts_authorization_matrix() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    let dep = deployed(&crew, json!({})).await["_id"].as_str().unwrap().to_string();
    let pend = submit(&crew.eng, json!({})).await["_id"].as_str().unwrap().to_string();
    let upload_x = upload_ok(&crew.eng, "X").await;
    let op = add(&app, "op@matrix.plant", "operator", "production", "mpk", &["A1"]).await;

    let subjects: Vec<Subject> = crate::matrix::people(&app)
        .await
        .into_iter()
        .map(|m| Subject { label: m.label(), position: m.position, department: m.department, same: m.company == "mpk", in_zone: m.zones == "in", client: m.client })
        .collect();

    let long_note = "n".repeat(1001);
    let mut routes = vec![
        r("onBehalfOfUsers", Method::GET, "/api/alerts/onBehalfOfUsers".into(), None, true, |s| s.uploader()),
        r("part-numbers", Method::GET, "/api/alerts/part-numbers?searchTerm=AL".into(), None, true, |s| s.staff()),
        r("uploadS3", Method::POST, "/api/alerts/uploadS3".into(), Some(json!({})), true, |s| s.uploader()),
        r("uploadPond revert", Method::DELETE, format!("/api/alerts/uploadPond/{upload_x}"), None, true, |_| false),
        r("pending-my-approval", Method::GET, "/api/alerts/pending-my-approval".into(), None, true, |s| s.staff()),
        r("signed-url", Method::GET, format!("/api/alerts/signed-url/{pend}"), None, true, |s| s.staff() && s.sees()),
        r("alert", Method::GET, format!("/api/alerts/alert/{pend}"), None, true, |s| s.staff() && s.sees()),
        r("approve", Method::POST, format!("/api/alerts/approve/{pend}"), Some(json!({"reviewNote": long_note})), true, |s| s.reviewer()),
        r("reject", Method::POST, format!("/api/alerts/reject/{pend}"), Some(json!({})), true, |s| s.reviewer()),
        r("user-pending-alerts", Method::GET, "/api/alerts/user-pending-alerts".into(), None, true, |s| s.staff()),
        r("user-deployed-alerts", Method::GET, "/api/alerts/user-deployed-alerts".into(), None, true, |s| s.staff()),
        r("deployed", Method::GET, "/api/alerts/deployed".into(), None, true, |s| s.staff()),
        r("delete-pending", Method::POST, "/api/alerts/delete-pending".into(), Some(json!([pend, dep])), true, |s| s.staff() && s.manages()),
        r("delete-deployed", Method::POST, "/api/alerts/delete-deployed".into(), Some(json!([dep, pend])), true, |s| s.staff() && s.manages()),
        r("signed-ops", Method::GET, format!("/api/alerts/signed-ops/{dep}"), None, true, |s| s.staff() && s.sees()),
        // The kiosk feed: a zone of the caller's (umw has an A1 too, with none of mpk's alerts).
        r("operator-alerts/zone", Method::GET, "/api/alerts/operator-alerts/zone/A1".into(), None, false, |s| s.in_zone || !s.same),
        r("operator-alerts/op", Method::GET, format!("/api/alerts/operator-alerts/A1/{op}"), None, false, |s| s.sees()),
    ];
    routes.push(Route {
        name: "uploadPond",
        method: Method::POST,
        path: "/api/alerts/uploadPond?filename=x.pdf".into(),
        body: Some((b"not a document".to_vec(), "application/octet-stream")),
        console: true,
        allow: |s| s.uploader(),
        shows: None,
    });
    let show = |name: &str, id: &str, f: Rule, routes: &mut Vec<Route>| {
        routes.iter_mut().find(|r| r.name == name).unwrap().shows = Some((id.to_string(), f));
    };
    show("onBehalfOfUsers", &crew.eng_id, |s| s.same, &mut routes);
    show("part-numbers", "AL-100", |s| s.same, &mut routes);
    show("pending-my-approval", &pend, |s| s.engineer_reviewer(), &mut routes);
    show("user-pending-alerts", &pend, |s| s.sees(), &mut routes);
    show("user-deployed-alerts", &dep, |s| s.sees(), &mut routes);
    show("deployed", &dep, |s| s.sees(), &mut routes);
    show("operator-alerts/zone", &dep, |s| s.sees(), &mut routes);
    show("operator-alerts/op", &dep, |s| s.sees(), &mut routes);

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
                let resp = match &route.body {
                    Some((bytes, ct)) => send_bytes(&client, route.method.clone(), &route.path, bytes.clone(), ct).await,
                    None => client.send(route.method.clone(), &route.path, None, &[]).await,
                };
                let expected = s.map(|s| (route.allow)(s)).unwrap_or(false);
                let shown = match (&route.shows, s) {
                    (Some((id, f)), Some(s)) if resp.status == StatusCode::OK => Some(resp.text.contains(id.as_str()) == f(s)),
                    _ => None,
                };
                let exact = match s {
                    None => resp.status == StatusCode::UNAUTHORIZED,
                    Some(s) if route.console && !s.staff() => resp.status == StatusCode::FORBIDDEN,
                    _ => true,
                };
                (route.name.to_string(), s.map(|s| s.label.clone()).unwrap_or_else(|| "anonymous".into()), resp.status, expected, shown, exact)
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;

    let mut allows = Vec::new();
    let mut denials = Vec::new();
    for (route, who, status, expected, shown, exact) in &results {
        assert!(!status.is_server_error(), "{route} as {who}: {status}");
        let allowed = !matches!(*status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND);
        let line = format!("{route} as {who}: {status} shown-ok={shown:?} exact={exact}");
        if (allowed && !expected) || *shown == Some(false) || !exact {
            allows.push(line);
        } else if !allowed && *expected {
            denials.push(line);
        }
    }
    println!(
        "alerts authorization matrix: {} cases ({} routes × {} subjects + anonymous), {} unexpected allows, {} unexpected denials",
        results.len(),
        routes.len(),
        subjects.len(),
        allows.len(),
        denials.len()
    );
    assert!(allows.is_empty(), "unexpected allows:\n{}", allows.join("\n"));
    assert!(denials.is_empty(), "unexpected denials:\n{}", denials.join("\n"));
    // Nothing changed.
    let p = crew.eng.get(&format!("/api/alerts/alert/{pend}")).await.body["alert"].clone();
    assert_eq!((p["status"].as_str(), p["approvals"]["engineer"]["status"].as_str()), (Some("pending"), Some("Pending")));
    let d = crew.eng.get(&format!("/api/alerts/alert/{dep}")).await.body["alert"].clone();
    assert_eq!(d["status"], "deployed");
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{upload_x}' AND state = 'pending'")).await, 1);
}
