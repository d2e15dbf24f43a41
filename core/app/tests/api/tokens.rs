//! API tokens: made, listed and revoked by plant administrators, audited; a token reads
//! only the routes whose scope it holds, within its company, never signs or approves,
//! needs no CSRF token, is limited per minute, and is refused once expired or revoked.
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;
use crate::swp::support::{crew, deployed};

/// A request with only the token: no cookie, no CSRF header.
pub(crate) async fn with_token(app: &TestApp, method: Method, path: &str, token: &str) -> Resp {
    let c = app.client();
    let r = c
        .http
        .request(method, format!("{}{path}", app.base))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .body("{}")
        .send()
        .await
        .unwrap();
    c.absorb(r).await
}

pub(crate) async fn make(admin: &Client, scopes: &[&str], days: i64) -> (String, String) {
    let r = admin
        .post(
            "/api/tokens",
            &json!({"name": "MES line 3", "scopes": scopes, "expiresInDays": days}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    (r.body["id"].as_str().unwrap().into(), r.body["token"].as_str().unwrap().into())
}

#[tokio::test]
async fn a_plant_administrator_makes_lists_and_revokes_tokens_audited() {
    let app = spawn().await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let manager = app.signed_in("boss@demo.plant", "manager", "production").await;

    let r = manager
        .post(
            "/api/tokens",
            &json!({"name": "x", "scopes": ["documents:read"], "expiresInDays": 1}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(manager.get("/api/tokens").await.status, StatusCode::FORBIDDEN);

    let r = admin
        .post("/api/tokens", &json!({"name": " ", "scopes": ["root"], "expiresInDays": 0}))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    for f in ["name", "scopes", "expiresInDays"] {
        assert!(r.body[f].is_string(), "{f}: {}", r.text);
    }
    let r = admin.post("/api/tokens", &json!({"name": "x", "scopes": "documents:read"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);

    let (id, token) = make(&admin, &["documents:read", "signatures:read"], 30).await;
    assert!(token.starts_with("pd_") && token.len() >= 45, "{token}");
    assert_eq!(audit_count(&app, "token.create").await, 1);
    let stored =
        scalar(&app, &format!("SELECT COUNT(*) FROM api_tokens WHERE token_hash = '{token}'"))
            .await;
    assert_eq!(stored, 0, "only the hash is stored");

    let list = admin.get("/api/tokens").await;
    assert_eq!(list.status, StatusCode::OK);
    let row = &list.body[0];
    assert_eq!(row["id"], id.as_str());
    assert_eq!(row["scopes"], json!(["documents:read", "signatures:read"]));
    assert_eq!(row["companyCode"], "mpk");
    assert!(row["lastUsedAt"].is_null() && row.get("token").is_none(), "{row}");

    assert_eq!(with_token(&app, Method::GET, "/api/zones", &token).await.status, StatusCode::OK);
    let list = admin.get("/api/tokens").await;
    assert!(list.body[0]["lastUsedAt"].is_string(), "last use shown: {}", list.text);

    let r = admin.delete(&format!("/api/tokens/{id}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(audit_count(&app, "token.revoke").await, 1);
    // Refused from the next request on (each token request reads its row).
    assert_eq!(
        with_token(&app, Method::GET, "/api/zones", &token).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(admin.delete(&format!("/api/tokens/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(admin.get("/api/tokens").await.body, json!([]));
    // A token cannot manage tokens.
    let (_, other) = make(&admin, &["documents:read"], 1).await;
    assert_eq!(
        with_token(&app, Method::GET, "/api/tokens", &other).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_token_reads_what_its_scopes_allow_and_never_signs_or_approves() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let swp = deployed(&crew, "7101", json!({})).await;
    let pending = crate::swp::support::submit(&crew.eng, "7102", json!({})).await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, token) = make(&admin, &["documents:read"], 2).await;

    let r = with_token(&app, Method::GET, &format!("/api/swps/swp/{swp}"), &token).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let r = with_token(&app, Method::GET, &format!("/api/swps/signed-ops/{swp}"), &token).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "wrong scope: {}", r.text);
    // A route that declares no scope never takes a token.
    let r = with_token(&app, Method::GET, "/api/swps/pending-swps", &token).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    // Approving and the kiosk's acts: refused as acts a token cannot do (not as a
    // missing CSRF token: a bearer request needs none).
    for path in [format!("/api/swps/approve/{pending}"), "/api/island/operator-read-swp".into()] {
        let r = with_token(&app, Method::POST, &path, &token).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}: {}", r.text);
        assert_eq!(r.body["error"], "An API token cannot do this.", "{path}");
    }

    // A cookie request still needs its CSRF token, with or without a token beside it.
    let r =
        admin.send(Method::POST, "/api/tokens", Some("{}".into()), &[("x-csrf-token", "")]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let bearer = format!("Bearer {token}");
    let r = admin
        .send(
            Method::POST,
            "/api/tokens",
            Some("{}".into()),
            &[("x-csrf-token", ""), ("authorization", &bearer)],
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);

    // Past its days: refused.
    app.clock.advance_secs(2 * 86_400 + 1);
    let r = with_token(&app, Method::GET, &format!("/api/swps/swp/{swp}"), &token).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text);
    let r = with_token(&app, Method::GET, "/api/zones", "pd_notatoken").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_token_is_bound_to_its_makers_company() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let swp = deployed(&crew, "7101", json!({})).await;
    app.add(plantdoc_core::auth::users::UserInput {
        company_code: "umw".into(),
        zones: zone_list(&["A1"]),
        ..new_user("admin@umw.plant", "manager", "quality")
    })
    .await;
    plantdoc_core::seed::set_plant_admin(&app.state, "admin@umw.plant", true, "test")
        .await
        .unwrap();
    let admin = app.login("admin@umw.plant").await;
    let (_, token) = make(&admin, &["documents:read", "signatures:read"], 1).await;
    let r = with_token(&app, Method::GET, &format!("/api/swps/swp/{swp}"), &token).await;
    assert!(
        r.status == StatusCode::NOT_FOUND || r.status == StatusCode::FORBIDDEN,
        "{} {}",
        r.status,
        r.text
    );
    let r = with_token(&app, Method::GET, &format!("/api/swps/signed-ops/{swp}"), &token).await;
    assert_ne!(r.status, StatusCode::OK, "{}", r.text);
    let r = with_token(&app, Method::GET, "/api/swps/deployed-swp-list", &token).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body, json!([]), "no mpk SWP: {}", r.text);
    let zones = with_token(&app, Method::GET, "/api/zones", &token).await;
    let mpk = crew.eng.get("/api/zones").await;
    assert_ne!(zones.body, mpk.body, "umw's zones, not mpk's");
    // A maker who is no longer a plant administrator takes the token's reach with them.
    plantdoc_core::seed::set_plant_admin(&app.state, "admin@umw.plant", false, "test")
        .await
        .unwrap();
    let r = with_token(&app, Method::GET, "/api/zones", &token).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_token_is_limited_per_minute() {
    let app = spawn_with(&[("auth.token_requests_per_minute", "3")]).await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, a) = make(&admin, &["documents:read"], 1).await;
    let (_, b) = make(&admin, &["documents:read"], 1).await;
    for _ in 0..3 {
        assert_eq!(with_token(&app, Method::GET, "/api/zones", &a).await.status, StatusCode::OK);
    }
    let r = with_token(&app, Method::GET, "/api/zones", &a).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text);
    assert!(r.headers.get("retry-after").is_some());
    assert_eq!(with_token(&app, Method::GET, "/api/zones", &b).await.status, StatusCode::OK);
    app.clock.advance_secs(60);
    assert_eq!(with_token(&app, Method::GET, "/api/zones", &a).await.status, StatusCode::OK);
}
