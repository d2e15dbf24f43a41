//! In force, for machines: `GET /api/parts/{partNumber}/in-force?zone=` answers the part's
//! deployed SWP in the zone with its files' SHA-256 and the part's alerts in force there,
//! to a token with `documents:read` or a session, never across companies or zones.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::alerts::support as al;
use crate::helpers::*;
use crate::swp::support::{crew, deployed, person};
use crate::tokens::{make, with_token};

async fn text(app: &TestApp, sql: &str, id: &str) -> String {
    sqlx::query_scalar(sql).bind(id).fetch_one(&app.state.db.pool).await.unwrap()
}

#[tokio::test]
async fn a_machine_reads_the_swp_and_alerts_in_force_with_their_sha256() {
    let app = spawn().await;
    let sc = crew(&app).await;
    let swp = deployed(&sc, "7101", json!({"zones": ["A1"]})).await;
    let (reviewer, _) = person(&app, "qe@demo.plant", "engineer", "quality").await;
    let (manager, _) = person(&app, "pm@demo.plant", "manager", "production").await;
    let ac = al::Crew { eng: sc.eng.clone(), eng_id: sc.eng_id.clone(), reviewer, manager };
    let alert = al::deployed(&ac, json!({"partNumber": "7101", "zones": ["A1"]})).await;
    al::deployed(&ac, json!({"partNumber": "7102", "zones": ["A1"]})).await;
    // Deployed, not yet effective: not in force.
    al::deployed(&ac, json!({"partNumber": "7101", "zones": ["A1"], "effectiveDate": al::at(8)}))
        .await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, token) = make(&admin, &["documents:read"], 1).await;

    let r = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=A1", &token).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let b = &r.body;
    assert_eq!((b["partNumber"].as_str(), b["zone"].as_str()), (Some("7101"), Some("A1")));
    assert_eq!(b["swp"]["id"], swp.as_str());
    assert_eq!(b["swp"]["revision"], 0);
    let hash = text(&app, "SELECT content_hash FROM swps WHERE id = $1", &swp).await;
    assert_eq!(b["swp"]["contentHash"], hash.as_str());
    for section in ["swc", "jes", "vis"] {
        let sql = format!(
            "SELECT f.sha256 FROM files f JOIN swps s ON f.id = s.{section}_file WHERE s.id = $1"
        );
        assert_eq!(
            b["swp"]["files"][section]["sha256"],
            text(&app, &sql, &swp).await.as_str(),
            "{section}"
        );
    }
    assert!(b["swp"]["deployDate"].is_string() && b["swp"]["effectiveDate"].is_string(), "{b}");
    let alerts = b["alerts"].as_array().unwrap();
    assert_eq!(alerts.len(), 1, "{b}");
    let id = alert["_id"].as_str().unwrap();
    assert_eq!(alerts[0]["tag"], alert["alertTag"]);
    assert_eq!(alerts[0]["type"], "Safety");
    assert_eq!(
        alerts[0]["contentHash"],
        text(&app, "SELECT file_hash FROM alerts WHERE id = $1", id).await.as_str()
    );
    assert_eq!(alerts[0]["effective"], al::at(0), "{b}");
    assert!(alerts[0]["sunset"].is_string());

    // A session reads the same; another zone has neither.
    let s = sc.eng.get("/api/parts/7101/in-force?zone=A1").await;
    assert_eq!(s.body, r.body);
    let other = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=B2", &token).await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!((other.body["swp"].clone(), other.body["alerts"].clone()), (json!(null), json!([])));
    // The zone's list is remembered (decision 35): an alert deployed after those reads is
    // answered at once, as the zone's kiosk shows it.
    let third = al::deployed(&ac, json!({"partNumber": "7101", "zones": ["A1"]})).await;
    let now = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=A1", &token).await;
    let tags: Vec<&Value> =
        now.body["alerts"].as_array().unwrap().iter().map(|a| &a["tag"]).collect();
    // (Both in force from the same instant of the test's clock: either order.)
    assert_eq!(tags.len(), 2, "{}", now.text);
    assert!(tags.contains(&&third["alertTag"]) && tags.contains(&&alert["alertTag"]));
    // Later, the not-yet-effective one is in force too, newest effective first.
    app.clock.advance_secs(2 * 3600);
    let later = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=A1", &token).await;
    assert_eq!(later.body["alerts"].as_array().unwrap().len(), 3, "{}", later.text);
    assert_ne!(later.body["alerts"][0]["tag"], alert["alertTag"]);
}

#[tokio::test]
async fn the_in_force_read_checks_its_zone_scope_and_company() {
    let app = spawn().await;
    let sc = crew(&app).await;
    deployed(&sc, "7101", json!({})).await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, token) = make(&admin, &["documents:read"], 1).await;
    let (_, signatures) = make(&admin, &["signatures:read"], 1).await;

    for (path, field) in
        [("/api/parts/7101/in-force", "zone"), ("/api/parts/7101/in-force?zone=Q9", "zone")]
    {
        let r = with_token(&app, Method::GET, path, &token).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}: {}", r.text);
        assert!(r.body[field].is_string(), "{path}: {}", r.text);
    }
    let r = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=A1", &signatures).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(
        app.client().get("/api/parts/7101/in-force?zone=A1").await.status,
        StatusCode::UNAUTHORIZED
    );

    // A person of zone B2 only is refused zone A1.
    let (b2, _) = crate::swp::support::person(&app, "b2@demo.plant", "engineer", "process").await;
    sqlx::query("UPDATE users SET zones = '[\"B2\"]' WHERE email = 'b2@demo.plant'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    after_out_of_band_write().await;
    assert_eq!(b2.get("/api/parts/7101/in-force?zone=A1").await.status, StatusCode::FORBIDDEN);
    assert_eq!(b2.get("/api/parts/7101/in-force?zone=B2").await.body["swp"]["revision"], 0);

    // Another company's token: mpk's part is not there.
    app.add(plantdoc_core::auth::users::UserInput {
        company_code: "umw".into(),
        zones: app.state.zones.codes("umw"),
        ..new_user("admin@umw.plant", "manager", "quality")
    })
    .await;
    plantdoc_core::seed::set_plant_admin(&app.state, "admin@umw.plant", true, "test")
        .await
        .unwrap();
    let umw = app.login("admin@umw.plant").await;
    let (_, theirs) = make(&umw, &["documents:read"], 1).await;
    let zone = app.state.zones.codes("umw").into_iter().find(|z| z != "A1").unwrap();
    let r =
        with_token(&app, Method::GET, &format!("/api/parts/7101/in-force?zone={zone}"), &theirs)
            .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["swp"], json!(null), "{}", r.text);
    // Even in a zone code both companies use.
    let r = with_token(&app, Method::GET, "/api/parts/7101/in-force?zone=A1", &theirs).await;
    assert_eq!(r.body["swp"], json!(null), "{}", r.text);
}
