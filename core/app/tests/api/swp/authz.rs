//! The SWP authorization matrix: every SWP and island route × position × department ×
//! company × zone (and anonymous), against the decision table of docs/swp-decisions.md,
//! restated here independently of the code. Requests that would change something are
//! sent so that an allowed caller stops at validation (400) or a state check (409), so
//! the fixtures stay as they are and every case runs against the same data.
use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use super::support::*;


struct Subject {
    label: String,
    position: &'static str,
    department: &'static str,
    /// Same company as the fixtures (mpk).
    same: bool,
    /// Zones overlapping the fixtures' (A1, B2).
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
        self.department == "process" && (self.position == "engineer" || self.position == "manager")
    }
    fn reviewer(&self) -> bool {
        self.sees() && (self.position == "manager" || self.position == "supervisor") && self.department != "paint"
    }
    fn manages(&self) -> bool {
        self.sees() && self.position == "manager"
    }
}

/// Whether a subject is allowed, or may see a fixture.
type Rule = fn(&Subject) -> bool;

/// One route: the request, who is allowed, and which fixture id an allowed answer may
/// show only to some (`Some((id, shown_to))`).
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
async fn swp_authorization_matrix() {
    // 73 people sign in from one address: lift the per-IP sign-in limit for this test.
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    let old = deployed(&crew, "MX-2", json!({})).await;
    let dep = deployed(&crew, "MX-2", json!({"newRelease": false, "changes": "v2"})).await;
    let dep_part = part_of(&app, &dep).await;
    let pend = submit(&crew.eng, "MX-3", json!({})).await;
    let upload_x = upload_ok(&crew.eng, "uploadPdf", "x.pdf", &pdf("X", 1)).await;
    sign(&app, &dep, "OP1", T0, true, None).await;

    // Subjects: 6 positions × 4 departments × (mpk in zone, mpk out of zone, umw with all its zones).
    let subjects: Vec<Subject> = crate::matrix::people(&app)
        .await
        .into_iter()
        .map(|m| Subject { label: m.label(), position: m.position, department: m.department, same: m.company == "mpk", in_zone: m.zones == "in", client: m.client })
        .collect();

    let long_note = "n".repeat(1001);
    let mut routes = vec![
        r("part-numbers", Method::GET, "/api/swps/deployed-swp-part-numbers?searchTerm=MX&limit=10".into(), None, false, |_| true),
        r("catalogue-part-numbers", Method::GET, "/api/swps/catalogue-part-numbers?searchTerm=MX&limit=10".into(), None, true, |s| s.uploader()),
        r("onBehalfOfUsers", Method::GET, "/api/swps/onBehalfOfUsers".into(), None, true, |s| s.uploader()),
        r("uploadS3", Method::POST, "/api/swps/uploadS3".into(), Some(json!({})), true, |s| s.uploader()),
        r("uploadPond", Method::DELETE, format!("/api/swps/uploadPond/{upload_x}"), None, true, |_| false),
        r("pending-my-approval", Method::GET, "/api/swps/pending-my-approval".into(), None, true, |s| s.staff()),
        r("signed-urls", Method::GET, format!("/api/swps/signed-urls/{pend}"), None, true, |s| s.staff() && s.sees()),
        r("swp", Method::GET, format!("/api/swps/swp/{pend}"), None, true, |s| s.staff() && s.sees()),
        r("approve", Method::POST, format!("/api/swps/approve/{pend}"), Some(json!({"reviewNote": long_note})), true, |s| s.staff() && s.reviewer()),
        r("reject", Method::POST, format!("/api/swps/reject/{pend}"), Some(json!({})), true, |s| s.staff() && s.reviewer()),
        r("user-pending-swps", Method::GET, "/api/swps/user-pending-swps".into(), None, true, |s| s.staff()),
        r("pending-swps", Method::GET, "/api/swps/pending-swps".into(), None, true, |s| s.staff()),
        r("delete-pending", Method::POST, "/api/swps/delete-pending".into(), Some(json!([pend, dep])), true, |s| s.staff() && s.manages()),
        r("user-deployed-swps", Method::GET, "/api/swps/user-deployed-swps".into(), None, true, |s| s.staff()),
        r("delete-deployed", Method::POST, "/api/swps/delete-deployed".into(), Some(json!([dep, pend])), true, |s| s.staff() && s.manages()),
        r("deployed-swps-paginated", Method::GET, "/api/swps/deployed-swps-paginated?page=1&limit=10".into(), None, true, |s| s.staff()),
        r("deployed-swp-list", Method::GET, "/api/swps/deployed-swp-list".into(), None, true, |s| s.staff()),
        r("edit", Method::POST, format!("/api/swps/edit/{dep}"), Some(json!({"zones": ["ZZ"]})), true, |s| s.staff() && s.manages()),
        r("signed-ops", Method::GET, format!("/api/swps/signed-ops/{dep}"), None, true, |s| s.staff() && s.sees()),
        r("deployed-swp", Method::GET, format!("/api/swps/deployed-swp?partId={dep_part}"), None, false, |s| s.sees()),
        r("swp-with-urls", Method::GET, format!("/api/swps/swp-with-urls/{dep}"), None, false, |s| s.sees()),
        r("sign-history", Method::GET, format!("/api/island/sign-history/{dep}"), None, false, |s| s.sees()),
        r("obsolete-sign-history", Method::GET, "/api/island/obsolete-sign-history/MX-2".into(), None, true, |s| s.staff()),
    ];
    for (name, route) in [("uploadPdf", "/api/swps/uploadPdf?filename=x.pdf"), ("uploadVideo", "/api/swps/uploadVideo?filename=x.mp4")] {
        routes.push(Route { name, method: Method::POST, path: route.into(), body: Some((b"not a document".to_vec(), "application/octet-stream")), console: true, allow: |s| s.uploader(), shows: None });
    }
    let show = |name: &str, id: &str, f: Rule, routes: &mut Vec<Route>| {
        routes.iter_mut().find(|r| r.name == name).unwrap().shows = Some((id.to_string(), f));
    };
    show("part-numbers", &dep_part, |s| s.sees(), &mut routes);
    show("onBehalfOfUsers", &crew.eng_id, |s| s.same, &mut routes);
    show("pending-my-approval", &pend, |s| s.reviewer(), &mut routes);
    show("user-pending-swps", &pend, |_| false, &mut routes);
    show("pending-swps", &pend, |s| s.sees(), &mut routes);
    show("user-deployed-swps", &dep, |_| false, &mut routes);
    show("deployed-swps-paginated", &dep, |s| s.sees(), &mut routes);
    show("deployed-swp-list", &dep, |s| s.sees(), &mut routes);
    show("obsolete-sign-history", &old, |s| s.sees(), &mut routes);

    let anonymous = app.client();
    let mut cases = Vec::new();
    for route in &routes {
        for s in &subjects {
            cases.push((route, Some(s)));
        }
        cases.push((route, None));
    }
    let results: Vec<(String, String, StatusCode, bool, Option<bool>, String)> = futures::stream::iter(cases)
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
                let who = s.map(|s| s.label.clone()).unwrap_or_else(|| "anonymous".into());
                // Console routes answer operators 403 and anonymous callers 401, exactly.
                let exact = match s {
                    None => resp.status == StatusCode::UNAUTHORIZED,
                    Some(s) if route.console && !s.staff() => resp.status == StatusCode::FORBIDDEN,
                    _ => true,
                };
                let note = if exact { String::new() } else { format!("status {} not the expected exact refusal", resp.status) };
                (route.name.to_string(), who, resp.status, expected, shown, note)
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;

    let mut allows = Vec::new();
    let mut denials = Vec::new();
    for (route, who, status, expected, shown, note) in &results {
        assert!(!status.is_server_error(), "{route} as {who}: {status}");
        let allowed = !matches!(*status, StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::NOT_FOUND);
        let line = format!("{route} as {who}: {status}");
        if (allowed && !expected) || *shown == Some(false) || !note.is_empty() {
            allows.push(format!("{line} {note} shown-ok={shown:?}"));
        } else if !allowed && *expected {
            denials.push(line);
        }
    }
    println!(
        "authorization matrix: {} cases ({} routes × {} subjects: 6 positions × 4 departments × 3 company/zone groups + anonymous), {} unexpected allows, {} unexpected denials",
        results.len(),
        routes.len(),
        subjects.len() + 1,
        allows.len(),
        denials.len()
    );
    assert!(allows.is_empty(), "unexpected allows:\n{}", allows.join("\n"));
    assert!(denials.is_empty(), "unexpected denials:\n{}", denials.join("\n"));

    // Nothing changed.
    let p = crew.eng.get(&format!("/api/swps/swp/{pend}")).await.body["swp"].clone();
    assert_eq!(p["status"], "pending");
    for st in ["process", "quality", "production"] {
        assert_eq!(p["approvals"][st]["status"], "Pending");
    }
    let d = crew.eng.get(&format!("/api/swps/swp/{dep}")).await.body["swp"].clone();
    assert_eq!((d["status"].as_str(), d["zones"].clone()), (Some("deployed"), json!(["A1", "B2"])));
    assert_eq!(scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{upload_x}' AND state = 'pending'")).await, 1);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files WHERE owner_id <> (SELECT id FROM users WHERE email = 'eng@demo.plant')").await, 0, "no refused upload stored");
}
