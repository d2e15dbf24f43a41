//! Whose account a provider sign-in is: jit on and off, linking by e-mail, the claim and
//! group mapping (department, position, zones), updates audited, a disabled account, the
//! session that follows (cookie, CSRF, logout to the provider), password sign-in off and
//! the break-glass account.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::provider::{
    browser, full_claims, location, new_login, provider, set_account, sign_in, spawn_oidc,
};
use crate::helpers::{scalar, PASSWORD};

async fn audit_after(app: &crate::helpers::TestApp, action: &str) -> Vec<(String, Value)> {
    let rows: Vec<(String, Option<String>)> =
        sqlx::query_as("SELECT target, after_json FROM audit_log WHERE action = $1 ORDER BY seq")
            .bind(action)
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    rows.into_iter()
        .map(|(t, a)| (t, a.and_then(|a| serde_json::from_str(&a).ok()).unwrap_or(Value::Null)))
        .collect()
}

#[tokio::test]
async fn oidc_jit_makes_the_account_and_claims_keep_it_current() {
    let app = spawn_oidc("plantdoc", &[("auth.oidc.jit", "true")]).await;
    let login = new_login();
    let email = format!("{login}@example.com");
    set_account(
        &login,
        json!({"email": email, "email_verified": true, "given_name": "Ada", "family_name": "Lind", "department": "Quality",
        "position": "engineer", "company": "mpk", "zones": ["A1"]}),
    )
    .await;
    let b = browser(&app);
    let r = sign_in(&b, &login).await;
    assert_eq!(r.status, StatusCode::FOUND, "{}", r.text);
    assert_eq!(location(&r), "/main");
    // Plantdoc's own session: the same cookies as a password sign-in.
    assert!(r
        .headers
        .get_all("set-cookie")
        .iter()
        .any(|c| c.to_str().unwrap().starts_with("__Host-plantdoc_session=")));
    let me = b.get("/api/users/current").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(
        (
            me.body["email"].as_str(),
            me.body["firstname"].as_str(),
            me.body["department"].as_str(),
            me.body["position"].as_str()
        ),
        (Some(email.as_str()), Some("Ada"), Some("quality"), Some("engineer"))
    );
    assert_eq!(
        (me.body["companyCode"].clone(), me.body["zones"].clone()),
        (json!("mpk"), json!(["A1"]))
    );
    let made = audit_after(&app, "user.create").await;
    assert_eq!(made.len(), 1);
    assert_eq!(made[0].1["subject"], json!(login));
    // Unsafe requests need the session's CSRF token, as after a password sign-in.
    let no_csrf =
        b.send(reqwest::Method::POST, "/api/users/logout", None, &[("x-csrf-token", "")]).await;
    assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);

    // The provider's claims change: at the next sign-in the account follows, audited.
    set_account(
        &login,
        json!({"email": email, "email_verified": true, "given_name": "Ada", "family_name": "Lind-Berg", "department": "process",
        "position": "engineer", "company": "mpk", "zones": ["A1", "B2"]}),
    )
    .await;
    let b2 = browser(&app);
    assert_eq!(sign_in(&b2, &login).await.status, StatusCode::FOUND);
    let me = b2.get("/api/users/current").await;
    assert_eq!(
        (me.body["lastname"].clone(), me.body["department"].clone()),
        (json!("Lind-Berg"), json!("process"))
    );
    assert_eq!(me.body["zones"], json!(["A1", "B2"]));
    let updates = audit_after(&app, "user.update").await;
    assert_eq!(updates.len(), 1, "{updates:?}");
    assert_eq!(updates[0].1["department"], json!("process"));
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, 1);
    // Unchanged claims: no write, no audit row.
    assert_eq!(sign_in(&browser(&app), &login).await.status, StatusCode::FOUND);
    assert_eq!(audit_after(&app, "user.update").await.len(), 1);
}

#[tokio::test]
async fn oidc_jit_refuses_without_department_or_position_naming_the_claim() {
    let app = spawn_oidc("plantdoc", &[("auth.oidc.jit", "true")]).await;
    for (missing, claim) in [("department", "'department'"), ("position", "'position'")] {
        let login = new_login();
        let mut claims = full_claims(&format!("{login}@example.com"), "quality", "engineer");
        claims.as_object_mut().unwrap().remove(missing);
        set_account(&login, claims).await;
        let b = browser(&app);
        let r = sign_in(&b, &login).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
        assert!(
            r.text.contains(&format!("did not send the claim {}", claim.replace('\'', "&#39;"))),
            "{}",
            r.text
        );
        assert!(b.session_cookie().is_none());
    }
    // A value Plantdoc does not know is named too, never guessed.
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "Finance", "engineer")).await;
    let r = sign_in(&browser(&app), &login).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.text.contains("not a Plantdoc department"), "{}", r.text);
    // An e-mail the provider does not mark verified makes no account (false, or no
    // claim at all).
    for verified in [Some(json!(false)), None] {
        let login = new_login();
        let mut claims = full_claims(&format!("{login}@example.com"), "quality", "engineer");
        match verified {
            Some(v) => claims["email_verified"] = v,
            None => drop(claims.as_object_mut().unwrap().remove("email_verified")),
        }
        set_account(&login, claims).await;
        let r = sign_in(&browser(&app), &login).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
        assert!(r.text.contains("did not mark your e-mail address verified"), "{}", r.text);
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, 0);
}

#[tokio::test]
async fn oidc_groups_map_to_department_position_and_zones() {
    let app = spawn_oidc(
        "plantdoc",
        &[
            ("auth.oidc.jit", "true"),
            ("auth.oidc.claims.department", ""),
            ("auth.oidc.claims.position", ""),
            ("auth.oidc.claims.zones", ""),
            ("auth.oidc.groups.pd_paint.department", "paint"),
            ("auth.oidc.groups.pd_supervisors.position", "supervisor"),
            ("auth.oidc.groups.pd_zone_b2.zones", "B2"),
        ],
    )
    .await;
    let login = new_login();
    set_account(
        &login,
        json!({"email": format!("{login}@example.com"), "email_verified": true, "given_name": "Gus", "family_name": "Groups",
        "company": "mpk", "groups": ["everyone", "pd_paint", "pd_supervisors", "pd_zone_b2"]}),
    )
    .await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    let me = b.get("/api/users/current").await;
    assert_eq!(
        (me.body["department"].clone(), me.body["position"].clone()),
        (json!("paint"), json!("supervisor"))
    );
    assert_eq!(me.body["zones"], json!(["B2"]));
    // Leaving the zone's group at the provider takes the zone away at the next sign-in.
    set_account(
        &login,
        json!({"email": format!("{login}@example.com"), "email_verified": true, "given_name": "Gus", "family_name": "Groups",
        "company": "mpk", "groups": ["pd_paint", "pd_supervisors"]}),
    )
    .await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/current").await.body["zones"], json!([]));
}

#[tokio::test]
async fn oidc_without_jit_links_by_email_and_refuses_strangers_and_disabled() {
    let app = spawn_oidc("plantdoc", &[]).await;
    let stranger = new_login();
    set_account(&stranger, full_claims(&format!("{stranger}@example.com"), "quality", "engineer"))
        .await;
    let r = sign_in(&browser(&app), &stranger).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.text.contains("There is no Plantdoc account"), "{}", r.text);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, 0);

    // An existing account is found by its e-mail at the first sign-in, then by subject.
    let login = new_login();
    let email = format!("{login}@example.com");
    let id = app.add_user(&email, "engineer", "process").await;
    set_account(&login, full_claims(&email, "process", "engineer")).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/current").await.body["_id"], json!(id));
    assert_eq!(audit_after(&app, "auth.oidc_link").await.len(), 1);
    let (sub,): (Option<String>,) = sqlx::query_as("SELECT oidc_subject FROM users WHERE id = $1")
        .bind(&id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(sub.as_deref(), Some(login.as_str()));
    // The e-mail changes at the provider: the subject still finds the account.
    set_account(&login, full_claims(&format!("new-{email}"), "process", "engineer")).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    assert_eq!(b.get("/api/users/current").await.body["_id"], json!(id));

    // Disabled in Plantdoc: refused, whatever the provider says.
    sqlx::query("UPDATE users SET disabled = 1 WHERE id = $1")
        .bind(&id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    crate::helpers::after_out_of_band_write().await;
    assert_eq!(b.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
    let c = browser(&app);
    let r = sign_in(&c, &login).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.text.contains("This account is disabled."), "{}", r.text);
    assert!(c.session_cookie().is_none());
}

#[tokio::test]
async fn oidc_logout_goes_on_to_the_providers_end_session() {
    let app = spawn_oidc("plantdoc", &[("auth.oidc.jit", "true")]).await;
    let login = new_login();
    set_account(&login, full_claims(&format!("{login}@example.com"), "quality", "manager")).await;
    let b = browser(&app);
    assert_eq!(sign_in(&b, &login).await.status, StatusCode::FOUND);
    let old = b.session_cookie().unwrap();
    let r = b.post("/api/users/logout", &json!({})).await;
    assert_eq!(r.status, StatusCode::OK);
    let to = url::Url::parse(r.body["redirect"].as_str().expect("redirect")).unwrap();
    assert_eq!(
        format!("{}{}", to.origin().ascii_serialization(), to.path()),
        format!("{}/session/end", provider().issuer)
    );
    let q: std::collections::HashMap<String, String> = to.query_pairs().into_owned().collect();
    assert_eq!(
        (q["client_id"].as_str(), q["post_logout_redirect_uri"].as_str()),
        ("plantdoc", "http://127.0.0.1:8080/login")
    );
    // The provider takes that sign-out request (its confirmation page).
    assert_eq!(reqwest::get(to).await.unwrap().status(), StatusCode::OK);
    b.set_cookie("__Host-plantdoc_session", &old);
    assert_eq!(b.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn oidc_password_login_off_leaves_only_the_break_glass_manager() {
    let app = spawn_oidc(
        "plantdoc",
        &[
            ("auth.password_login", "false"),
            ("auth.break_glass", "glass@demo.plant, clerk@demo.plant"),
        ],
    )
    .await;
    app.add_user("glass@demo.plant", "manager", "quality").await;
    app.add_user("clerk@demo.plant", "clerk", "quality").await;
    app.add_user("eve@demo.plant", "manager", "quality").await;
    let c = app.client();
    assert_eq!(
        c.get("/api/users/current").await.body["signIn"],
        json!({"sso": "Test IdP", "password": false})
    );
    let off = "Password sign-in is off. Please use 'Sign in with Test IdP'.";
    for who in ["eve@demo.plant", "clerk@demo.plant"] {
        let r = c.post("/api/users/login", &json!({"email": who, "password": PASSWORD})).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{who}");
        assert_eq!(r.body, json!({"email": off}), "{who}");
    }
    let r = c.post("/api/users/setPassword", &json!({"email": "eve@demo.plant", "tempPassword": PASSWORD, "password": "Another-Long-Pass-77", "password2": "Another-Long-Pass-77"})).await;
    assert_eq!(r.body, json!({"email": off}));
    // No reset mail either, but for the break-glass account.
    sqlx::query("DELETE FROM outbox").execute(&app.state.db.pool).await.unwrap();
    for who in ["eve@demo.plant", "glass@demo.plant"] {
        assert_eq!(
            c.post("/api/users/forgotPassword", &json!({"email": who})).await.status,
            StatusCode::OK
        );
    }
    let mut mailed = 0;
    for _ in 0..50 {
        mailed = scalar(&app, "SELECT COUNT(*) FROM outbox").await;
        if mailed > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let to: Vec<(String,)> =
        sqlx::query_as("SELECT to_addr FROM outbox").fetch_all(&app.state.db.pool).await.unwrap();
    assert_eq!((mailed, to), (1, vec![("glass@demo.plant".to_string(),)]));
    // The break-glass manager signs in with a password, and it is audited as such.
    let r = c
        .post("/api/users/login", &json!({"email": "glass@demo.plant", "password": PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(audit_after(&app, "auth.break_glass").await.len(), 1);
    // A wrong password is still a wrong password.
    let r = app
        .client()
        .post(
            "/api/users/login",
            &json!({"email": "glass@demo.plant", "password": "nope-nope-nope"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}
