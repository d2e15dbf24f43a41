//! The users module's authorization matrix: every route × every position (and
//! anonymous, and a manager who must still change the password). Only managers pass
//! (spec section 6); requests are sent so that a manager stops at validation (400) and
//! nothing changes, except the list (200).
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

const POSITIONS: [&str; 6] = ["manager", "engineer", "supervisor", "clerk", "ojt", "operator"];

#[tokio::test]
async fn users_authorization_matrix() {
    let app = spawn_with(&[("auth.ip_attempts_per_minute", "1000")]).await;
    let routes: [(Method, &str, serde_json::Value, StatusCode); 5] = [
        (Method::GET, "/api/users/options", json!(null), StatusCode::OK),
        (Method::GET, "/api/users/all", json!(null), StatusCode::OK),
        (Method::POST, "/api/users/register", json!({"firstname": ""}), StatusCode::BAD_REQUEST),
        (
            Method::POST,
            "/api/users/edit",
            json!({"originalEmail": "nobody@x.y"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            Method::POST,
            "/api/users/delete",
            json!({"email": "nobody@x.y"}),
            StatusCode::BAD_REQUEST,
        ),
    ];
    let mut subjects = vec![("anonymous".to_string(), app.client(), StatusCode::UNAUTHORIZED)];
    for p in POSITIONS {
        for d in ["production", "process", "quality", "paint"] {
            let c = app.signed_in(&format!("{p}.{d}@demo.plant"), p, d).await;
            subjects.push((
                format!("{p}/{d}"),
                c,
                if p == "manager" { StatusCode::OK } else { StatusCode::FORBIDDEN },
            ));
        }
    }
    app.add_user_full("new.boss@demo.plant", "manager", "process", "Temp-Pass-12345", true).await;
    let restricted = app.client();
    restricted
        .post(
            "/api/users/login",
            &json!({"email": "new.boss@demo.plant", "password": "Temp-Pass-12345"}),
        )
        .await;
    subjects.push(("manager, password not yet set".into(), restricted, StatusCode::FORBIDDEN));

    let users_before = scalar(&app, "SELECT COUNT(*) FROM users").await;
    let mut cases = 0;
    for (who, client, expect) in &subjects {
        for (method, path, body, manager_answer) in &routes {
            let body = (!body.is_null()).then(|| body.to_string());
            let r = client.send(method.clone(), path, body, &[]).await;
            let want = if *expect == StatusCode::OK { *manager_answer } else { *expect };
            assert_eq!(r.status, want, "{who} {method} {path}: {}", r.text);
            if want == StatusCode::FORBIDDEN
                && !who.starts_with("operator")
                && !who.starts_with("manager")
            {
                assert_eq!(
                    r.body["error"], "User administration is for managers only.",
                    "{who} {path}: {}",
                    r.text
                );
            }
            cases += 1;
        }
    }
    assert_eq!(cases, 26 * 5);
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, users_before, "nothing was added");
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'user.%' AND actor_id IS NOT NULL"
        )
        .await,
        0
    );
}
