//! The readiness authorization matrix: every route × position × department × company ×
//! zone (and anonymous). The console reads are every staff member's (their company's
//! and zones' obligations: `shows`); the kiosk's list is the kiosk tier's (operator
//! accounts), in a zone of the caller's, for an operator of the caller's company.
use reqwest::{Method, StatusCode};
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::matrix::{check, people, route, show};
use crate::swp::support::{crew, deployed};

#[tokio::test]
async fn readiness_authorization_matrix() {
    let app = spawn_with(&[RELEASE[0], ("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    let v0 = deployed(&crew, "RD-500", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let op = operator(&app, "1801", "mpk", &["A1"]).await;
    signed_before(&app, &v0, &op, T0 - DAY * 1000, true).await;
    deployed(&crew, "RD-500", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let people = people(&app).await;
    let mut routes = vec![
        route("obligations", Method::GET, "/api/readiness/obligations".into(), None, true, |s| {
            s.staff()
        }),
        route(
            "obligations.csv",
            Method::GET,
            "/api/readiness/obligations.csv".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route("summary", Method::GET, "/api/readiness/summary?by=part".into(), None, true, |s| {
            s.staff()
        }),
        // The kiosk tier: kiosk accounts only (none of the matrix's people).
        route(
            "kiosk",
            Method::GET,
            format!("/api/island/obligations/A1/{op}"),
            None,
            false,
            |_| false,
        ),
    ];
    show(&mut routes, "obligations", "RD-500", |s| s.sees());
    show(&mut routes, "obligations.csv", "RD-500", |s| s.sees());
    show(&mut routes, "summary", "RD-500", |s| s.sees());
    check("readiness", &app, &routes, &people).await;
    // Kiosk accounts: their zone, their company's operators.
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = crate::swp::support::login(&app, "kiosk@demo.plant").await;
    let r = netbook.get(&format!("/api/island/obligations/A1/{op}")).await;
    assert_eq!((r.status, r.body[0]["partNumber"].as_str()), (StatusCode::OK, Some("RD-500")));
    assert!(r.body[0]["partId"].as_str().is_some_and(|p| !p.is_empty()));
    assert_eq!(
        netbook.get(&format!("/api/island/obligations/B2/{op}")).await.status,
        StatusCode::FORBIDDEN
    );
    let r = netbook.get(&format!("/api/island/obligations/Z9/{op}")).await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, json!({"zone": "This zone is not one of your company's zones."}))
    );
    assert_eq!(
        netbook.get("/api/island/obligations/A1/nobody").await.status,
        StatusCode::NOT_FOUND
    );
    let other = operator(&app, "9801", "umw", &["A1"]).await;
    assert_eq!(
        netbook.get(&format!("/api/island/obligations/A1/{other}")).await.status,
        StatusCode::NOT_FOUND
    );
    // A person of the company with nothing to read: an empty list, not 404.
    let idle = operator(&app, "9802", "mpk", &["A1"]).await;
    let r = netbook.get(&format!("/api/island/obligations/A1/{idle}")).await;
    assert_eq!((r.status, r.body), (StatusCode::OK, json!([])));
}

#[tokio::test]
async fn with_readiness_off_deployments_write_nothing_and_its_paths_are_not_found() {
    let app = spawn_with(&[("release", "1.0")]).await;
    let crew = crew(&app).await;
    let v0 = deployed(&crew, "RD-600", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let op = operator(&app, "1901", "mpk", &["A1"]).await;
    signed_before(&app, &v0, &op, T0 - DAY * 1000, true).await;
    deployed(&crew, "RD-600", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let r = crew.eng.get("/api/readiness/obligations").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = crate::swp::support::login(&app, "kiosk@demo.plant").await;
    assert_eq!(
        netbook.get(&format!("/api/island/obligations/A1/{op}")).await.status,
        StatusCode::NOT_FOUND
    );
}

/// The kiosk's list tells nothing of people who do not sign at the kiosk: a staff member
/// of the company (with or without a badge) and a netbook's account are answered as an
/// unknown id, exactly.
#[tokio::test]
async fn kiosk_obligations_answer_people_who_do_not_sign_as_unknown_ids() {
    let app = spawn_with(&[RELEASE[0], ("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    let staff = crew.eng_id.clone();
    let badged_staff = app
        .add(plantdoc_core::auth::users::UserInput {
            firstname: "Super".into(),
            lastname: "Visor".into(),
            zones: zone_list(&["A1"]),
            badge: Some("1850".into()),
            ..new_user("sup1850@mpk.plant", "supervisor", "production")
        })
        .await;
    let netbook_id = crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = crate::swp::support::login(&app, "kiosk@demo.plant").await;
    let unknown = netbook.get("/api/island/obligations/A1/nobody").await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    for id in [&staff, &badged_staff, &netbook_id] {
        let r = netbook.get(&format!("/api/island/obligations/A1/{id}")).await;
        assert_eq!((r.status, &r.body), (unknown.status, &unknown.body), "{id}: {}", r.text);
    }
    let op = operator(&app, "1851", "mpk", &["A1"]).await;
    assert_eq!(
        netbook.get(&format!("/api/island/obligations/A1/{op}")).await.status,
        StatusCode::OK,
        "an operator still has a list"
    );
}
