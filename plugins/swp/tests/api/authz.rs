//! The SWP authorization matrix: every SWP and island route × position × department ×
//! company × zone (and anonymous), against the decision table of plugins/swp/README.md,
//! restated here independently of the code. Requests that would change something are
//! sent so that an allowed caller stops at validation (400) or a state check (409), so
//! the fixtures stay as they are and every case runs against the same data.
use reqwest::Method;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::matrix::{check, people, route, show, upload, Person};

/// The SWP rules of plugins/swp/README.md, over the matrix's people.
trait Swp {
    fn uploader(&self) -> bool;
    fn reviewer(&self) -> bool;
    fn manages(&self) -> bool;
}

impl Swp for Person {
    fn uploader(&self) -> bool {
        self.department == "process" && (self.position == "engineer" || self.position == "manager")
    }
    fn reviewer(&self) -> bool {
        self.sees()
            && (self.position == "manager" || self.position == "supervisor")
            && self.department != "paint"
    }
    fn manages(&self) -> bool {
        self.sees() && self.position == "manager"
    }
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

    let people = people(&app).await;

    let long_note = "n".repeat(1001);
    let mut routes = vec![
        route(
            "part-numbers",
            Method::GET,
            "/api/swps/deployed-swp-part-numbers?searchTerm=MX&limit=10".into(),
            None,
            false,
            |_| true,
        ),
        route(
            "catalogue-part-numbers",
            Method::GET,
            "/api/swps/catalogue-part-numbers?searchTerm=MX&limit=10".into(),
            None,
            true,
            |s| s.uploader(),
        ),
        route(
            "onBehalfOfUsers",
            Method::GET,
            "/api/swps/onBehalfOfUsers".into(),
            None,
            true,
            |s| s.uploader(),
        ),
        route("uploadS3", Method::POST, "/api/swps/uploadS3".into(), Some(json!({})), true, |s| {
            s.uploader()
        }),
        route(
            "uploadPond",
            Method::DELETE,
            format!("/api/swps/uploadPond/{upload_x}"),
            None,
            true,
            |_| false,
        ),
        route(
            "pending-my-approval",
            Method::GET,
            "/api/swps/pending-my-approval".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "signed-urls",
            Method::GET,
            format!("/api/swps/signed-urls/{pend}"),
            None,
            true,
            |s| s.staff() && s.sees(),
        ),
        route("swp", Method::GET, format!("/api/swps/swp/{pend}"), None, true, |s| {
            s.staff() && s.sees()
        }),
        route(
            "approve",
            Method::POST,
            format!("/api/swps/approve/{pend}"),
            Some(json!({"reviewNote": long_note})),
            true,
            |s| s.staff() && s.reviewer(),
        ),
        route(
            "reject",
            Method::POST,
            format!("/api/swps/reject/{pend}"),
            Some(json!({})),
            true,
            |s| s.staff() && s.reviewer(),
        ),
        route(
            "user-pending-swps",
            Method::GET,
            "/api/swps/user-pending-swps".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route("pending-swps", Method::GET, "/api/swps/pending-swps".into(), None, true, |s| {
            s.staff()
        }),
        route(
            "delete-pending",
            Method::POST,
            "/api/swps/delete-pending".into(),
            Some(json!([pend, dep])),
            true,
            |s| s.staff() && s.manages(),
        ),
        route(
            "user-deployed-swps",
            Method::GET,
            "/api/swps/user-deployed-swps".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "delete-deployed",
            Method::POST,
            "/api/swps/delete-deployed".into(),
            Some(json!([dep, pend])),
            true,
            |s| s.staff() && s.manages(),
        ),
        route(
            "deployed-swps-paginated",
            Method::GET,
            "/api/swps/deployed-swps-paginated?page=1&limit=10".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "deployed-swp-list",
            Method::GET,
            "/api/swps/deployed-swp-list".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "edit",
            Method::POST,
            format!("/api/swps/edit/{dep}"),
            Some(json!({"zones": ["ZZ"]})),
            true,
            |s| s.staff() && s.manages(),
        ),
        route("signed-ops", Method::GET, format!("/api/swps/signed-ops/{dep}"), None, true, |s| {
            s.staff() && s.sees()
        }),
        route(
            "deployed-swp",
            Method::GET,
            format!("/api/swps/deployed-swp?partId={dep_part}"),
            None,
            false,
            |s| s.sees(),
        ),
        route(
            "swp-with-urls",
            Method::GET,
            format!("/api/swps/swp-with-urls/{dep}"),
            None,
            false,
            |s| s.sees(),
        ),
        route(
            "sign-history",
            Method::GET,
            format!("/api/island/sign-history/{dep}"),
            None,
            false,
            |s| s.sees(),
        ),
        route(
            "obsolete-sign-history",
            Method::GET,
            "/api/island/obsolete-sign-history/MX-2".into(),
            None,
            true,
            |s| s.staff(),
        ),
    ];
    routes.push(upload("uploadPdf", "/api/swps/uploadPdf?filename=x.pdf", |s| s.uploader()));
    routes.push(upload("uploadVideo", "/api/swps/uploadVideo?filename=x.mp4", |s| s.uploader()));
    show(&mut routes, "part-numbers", &dep_part, |s| s.sees());
    show(&mut routes, "onBehalfOfUsers", &crew.eng_id, |s| s.same());
    show(&mut routes, "pending-my-approval", &pend, |s| s.reviewer());
    show(&mut routes, "user-pending-swps", &pend, |_| false);
    show(&mut routes, "pending-swps", &pend, |s| s.sees());
    show(&mut routes, "user-deployed-swps", &dep, |_| false);
    show(&mut routes, "deployed-swps-paginated", &dep, |s| s.sees());
    show(&mut routes, "deployed-swp-list", &dep, |s| s.sees());
    show(&mut routes, "obsolete-sign-history", &old, |s| s.sees());

    check("SWP", &app, &routes, &people).await;

    // Nothing changed.
    let p = crew.eng.get(&format!("/api/swps/swp/{pend}")).await.body["swp"].clone();
    assert_eq!(p["status"], "pending");
    for st in ["process", "quality", "production"] {
        assert_eq!(p["approvals"][st]["status"], "Pending");
    }
    let d = crew.eng.get(&format!("/api/swps/swp/{dep}")).await.body["swp"].clone();
    assert_eq!((d["status"].as_str(), d["zones"].clone()), (Some("deployed"), json!(["A1", "B2"])));
    assert_eq!(
        scalar(
            &app,
            &format!("SELECT COUNT(*) FROM files WHERE id = '{upload_x}' AND state = 'pending'")
        )
        .await,
        1
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM files WHERE owner_id <> (SELECT id FROM users WHERE email = 'eng@demo.plant')").await,
        0,
        "no refused upload stored"
    );
}
