//! The island's authorization matrix: every island route × anonymous, the kiosk account
//! (own company and another), an operator with a password but no kiosk flag, and staff of
//! each position in the process and production departments. Expectations are restated from the decisions (plugins/island/README.md), not read
//! from the code. Requests stop at validation (400) where they would change something.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{add, kiosk, login};

#[derive(Clone, Copy, PartialEq)]
enum Who {
    Anonymous,
    Kiosk,
    OtherKiosk,
    /// An operator account with a password, not flagged kiosk: no kiosk call, no settings.
    Operator,
    Staff {
        process_editor: bool,
    },
}

const READS: [&str; 2] = ["operator-from-badge", "operator-status"];

fn expected(who: Who, route: &str) -> StatusCode {
    let kiosk_route = !matches!(route, "settings-access" | "zone" | "revoke");
    match who {
        Who::Anonymous => StatusCode::UNAUTHORIZED,
        Who::Operator => StatusCode::FORBIDDEN,
        Who::Staff { .. } if kiosk_route => StatusCode::FORBIDDEN,
        Who::Staff { process_editor: true } => {
            if route == "revoke" {
                StatusCode::OK
            } else if route == "zone" {
                StatusCode::BAD_REQUEST
            } else {
                StatusCode::OK
            }
        }
        Who::Staff { process_editor: false } => StatusCode::FORBIDDEN,
        // Reads answer; the empty bodies of the signing and settings calls stop at validation.
        Who::Kiosk => {
            if READS.contains(&route) {
                StatusCode::OK
            } else {
                StatusCode::BAD_REQUEST
            }
        }
        // Another company's netbook: the badge and the operator are unknown there.
        Who::OtherKiosk => {
            if READS.contains(&route) {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::BAD_REQUEST
            }
        }
    }
}

#[tokio::test]
async fn island_routes_by_role() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    kiosk(&app, "kiosk@other.plant", "umw", &["A1"]).await;
    add(&app, "operator@authz.plant", "operator", "production", "mpk", &["A1"]).await;
    badged(&app, "badged.operator@authz.plant", "operator", "production", "mpk", "B1009").await;
    let mut subjects: Vec<(String, Who, Client)> = vec![
        ("anonymous".into(), Who::Anonymous, app.client()),
        ("kiosk".into(), Who::Kiosk, p.netbook.clone()),
        ("other kiosk".into(), Who::OtherKiosk, login(&app, "kiosk@other.plant").await),
        ("operator".into(), Who::Operator, login(&app, "operator@authz.plant").await),
        (
            "operator with a badge".into(),
            Who::Operator,
            login(&app, "badged.operator@authz.plant").await,
        ),
    ];
    for position in ["manager", "engineer", "supervisor", "clerk", "ojt"] {
        for department in ["process", "production"] {
            let email = format!("{position}.{department}@authz.plant");
            badged(&app, &email, position, department, "mpk", &format!("B{position}{department}"))
                .await;
            let editor =
                department == "process" && (position == "manager" || position == "engineer");
            subjects.push((
                format!("{position}/{department}"),
                Who::Staff { process_editor: editor },
                login(&app, &email).await,
            ));
        }
    }
    let routes: Vec<(&str, Method, String, Value)> = vec![
        (
            "operator-from-badge",
            Method::GET,
            "/api/island/operator-from-badge/1001".into(),
            Value::Null,
        ),
        (
            "operator-status",
            Method::GET,
            format!("/api/island/operator-status/{}/{}", p.op, p.swp_id),
            Value::Null,
        ),
        ("operator-read-swp", Method::POST, "/api/island/operator-read-swp".into(), json!({})),
        ("verify-swp", Method::POST, "/api/island/verify-swp".into(), json!({})),
        ("operator-read-alert", Method::POST, "/api/island/operator-read-alert".into(), json!({})),
        ("verify-alert", Method::POST, "/api/island/verify-alert".into(), json!({})),
        ("settings-access", Method::POST, "/api/island/settings-access".into(), json!({})),
        ("zone", Method::POST, "/api/island/zone".into(), json!({})),
        ("revoke", Method::POST, "/api/island/revoke".into(), json!({})),
    ];
    let mut cases = 0;
    let mut wrong = Vec::new();
    for (label, who, client) in &subjects {
        for (name, method, path, body) in &routes {
            let body = (*method == Method::POST).then(|| body.to_string());
            let r = client.send(method.clone(), path, body, &[]).await;
            cases += 1;
            let want = expected(*who, name);
            if r.status != want {
                wrong.push(format!("{label} {name}: got {} want {want}: {}", r.status, r.text));
            }
            assert_ne!(r.status, StatusCode::INTERNAL_SERVER_ERROR);
        }
    }
    assert!(wrong.is_empty(), "{} of {cases} cases wrong:\n{}", wrong.len(), wrong.join("\n"));
    let _ = p.sup;
}
