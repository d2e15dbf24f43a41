//! The alerts authorization matrix: every alerts route × position × department ×
//! company × zone (and anonymous), against the decision table of plugins/alerts/README.md,
//! restated here independently of the code. Changing requests are sent so that an
//! allowed caller stops at validation (400) or a state check (409): the fixtures stay.
use reqwest::Method;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::matrix::{check, people, route, show, upload, Person};
use crate::swp::support::add;

/// The alert rules of plugins/alerts/README.md, over the matrix's people.
trait Alerts {
    fn uploader(&self) -> bool;
    fn engineer_reviewer(&self) -> bool;
    fn reviewer(&self) -> bool;
    fn manages(&self) -> bool;
}

impl Alerts for Person {
    fn uploader(&self) -> bool {
        self.department == "process" && matches!(self.position, "engineer" | "manager")
    }
    /// The engineer stage (open on the pending fixture).
    fn engineer_reviewer(&self) -> bool {
        self.sees()
            && self.position == "engineer"
            && matches!(self.department, "process" | "quality")
    }
    /// Either stage: the manager stage answers 409 while the engineer stage is open.
    fn reviewer(&self) -> bool {
        self.engineer_reviewer()
            || (self.sees()
                && self.position == "manager"
                && matches!(self.department, "process" | "quality" | "production"))
    }
    fn manages(&self) -> bool {
        self.sees() && self.position == "manager"
    }
}

#[tokio::test]
async fn alerts_authorization_matrix() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    let dep = deployed(&crew, json!({})).await["_id"].as_str().unwrap().to_string();
    let pend = submit(&crew.eng, json!({})).await["_id"].as_str().unwrap().to_string();
    let upload_x = upload_ok(&crew.eng, "X").await;
    let op = add(&app, "op@matrix.plant", "operator", "production", "mpk", &["A1"]).await;

    let people = people(&app).await;

    let long_note = "n".repeat(1001);
    let mut routes = vec![
        route(
            "onBehalfOfUsers",
            Method::GET,
            "/api/alerts/onBehalfOfUsers".into(),
            None,
            true,
            |s| s.uploader(),
        ),
        route(
            "part-numbers",
            Method::GET,
            "/api/alerts/part-numbers?searchTerm=AL".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "uploadS3",
            Method::POST,
            "/api/alerts/uploadS3".into(),
            Some(json!({})),
            true,
            |s| s.uploader(),
        ),
        route(
            "uploadPond revert",
            Method::DELETE,
            format!("/api/alerts/uploadPond/{upload_x}"),
            None,
            true,
            |_| false,
        ),
        route(
            "pending-my-approval",
            Method::GET,
            "/api/alerts/pending-my-approval".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "signed-url",
            Method::GET,
            format!("/api/alerts/signed-url/{pend}"),
            None,
            true,
            |s| s.staff() && s.sees(),
        ),
        route("alert", Method::GET, format!("/api/alerts/alert/{pend}"), None, true, |s| {
            s.staff() && s.sees()
        }),
        route(
            "approve",
            Method::POST,
            format!("/api/alerts/approve/{pend}"),
            Some(json!({"reviewNote": long_note})),
            true,
            |s| s.reviewer(),
        ),
        route(
            "reject",
            Method::POST,
            format!("/api/alerts/reject/{pend}"),
            Some(json!({})),
            true,
            |s| s.reviewer(),
        ),
        route(
            "user-pending-alerts",
            Method::GET,
            "/api/alerts/user-pending-alerts".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "user-deployed-alerts",
            Method::GET,
            "/api/alerts/user-deployed-alerts".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route("deployed", Method::GET, "/api/alerts/deployed".into(), None, true, |s| s.staff()),
        route(
            "delete-pending",
            Method::POST,
            "/api/alerts/delete-pending".into(),
            Some(json!([pend, dep])),
            true,
            |s| s.staff() && s.manages(),
        ),
        route(
            "delete-deployed",
            Method::POST,
            "/api/alerts/delete-deployed".into(),
            Some(json!([dep, pend])),
            true,
            |s| s.staff() && s.manages(),
        ),
        route(
            "signed-ops",
            Method::GET,
            format!("/api/alerts/signed-ops/{dep}"),
            None,
            true,
            |s| s.staff() && s.sees(),
        ),
        // The kiosk feed: a zone of the caller's (umw has an A1 too, with none of mpk's alerts).
        route(
            "operator-alerts/zone",
            Method::GET,
            "/api/alerts/operator-alerts/zone/A1".into(),
            None,
            false,
            |s| s.zones == "in" || !s.same(),
        ),
        route(
            "operator-alerts/op",
            Method::GET,
            format!("/api/alerts/operator-alerts/A1/{op}"),
            None,
            false,
            |s| s.sees(),
        ),
    ];
    routes.push(upload("uploadPond", "/api/alerts/uploadPond?filename=x.pdf", |s| s.uploader()));
    show(&mut routes, "onBehalfOfUsers", &crew.eng_id, |s| s.same());
    show(&mut routes, "part-numbers", "AL-100", |s| s.same());
    show(&mut routes, "pending-my-approval", &pend, |s| s.engineer_reviewer());
    show(&mut routes, "user-pending-alerts", &pend, |s| s.sees());
    show(&mut routes, "user-deployed-alerts", &dep, |s| s.sees());
    show(&mut routes, "deployed", &dep, |s| s.sees());
    show(&mut routes, "operator-alerts/zone", &dep, |s| s.sees());
    show(&mut routes, "operator-alerts/op", &dep, |s| s.sees());

    check("alerts", &app, &routes, &people).await;
    // Nothing changed.
    let p = crew.eng.get(&format!("/api/alerts/alert/{pend}")).await.body["alert"].clone();
    assert_eq!(
        (p["status"].as_str(), p["approvals"]["engineer"]["status"].as_str()),
        (Some("pending"), Some("Pending"))
    );
    let d = crew.eng.get(&format!("/api/alerts/alert/{dep}")).await.body["alert"].clone();
    assert_eq!(d["status"], "deployed");
    assert_eq!(
        scalar(
            &app,
            &format!("SELECT COUNT(*) FROM files WHERE id = '{upload_x}' AND state = 'pending'")
        )
        .await,
        1
    );
}
