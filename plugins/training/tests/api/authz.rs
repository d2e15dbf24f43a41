//! The training authorization matrix: every training route × position × department ×
//! company × zone (and anonymous), against the table of plugins/training/README.md, restated here
//! independently of the code. Changes are sent so that an allowed caller stops at
//! validation (400) or a state check (409): the fixtures stay as they are.
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::matrix::{check, people, route, show, Person};

/// The training rules of plugins/training/README.md, over the matrix's people.
trait Training {
    fn editor(&self) -> bool;
    fn edits(&self) -> bool;
}

impl Training for Person {
    fn editor(&self) -> bool {
        matches!(self.position, "manager" | "supervisor")
            && matches!(self.department, "production" | "process")
    }
    /// Edits matrix A1 of its own company (mpk "in", and umw, which has every umw zone).
    fn edits(&self) -> bool {
        self.editor() && self.zones != "out"
    }
}

#[tokio::test]
async fn training_authorization_matrix() {
    let app = app(&[]).await;
    let lead = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    let p = part(&app, "mpk", "P-1").await;
    assert_eq!(add_part(&lead, "P-1", 2).await.status, StatusCode::OK);
    assert_eq!(add_op(&lead, &op).await.status, StatusCode::OK);
    let b = block(&lead, 0, 0).await;
    const TRAINING_AUDIT: &str = "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'training.%'";
    let audit_before = scalar(&app, TRAINING_AUDIT).await;

    let people = people(&app).await;

    let m = |v: Value| Some(with(a1(), v));
    let mut routes = vec![
        route("swp-list", Method::GET, "/api/training/swp-list".into(), None, true, |s| s.staff()),
        route(
            "operator-list",
            Method::GET,
            "/api/training/operator-list".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route("matrix", Method::GET, MATRIX_A1.into(), None, true, |s| s.staff()),
        route(
            "export",
            Method::GET,
            "/api/training/matrix/export/shift/1/cell/A/zone/1".into(),
            None,
            true,
            |s| s.staff(),
        ),
        route(
            "add",
            Method::POST,
            "/api/training/add".into(),
            Some(json!({"squares": 9})),
            true,
            |s| s.editor(),
        ),
        route(
            "edit/block",
            Method::POST,
            "/api/training/matrix/edit/block".into(),
            Some(json!({"blockId": b, "squares": 9})),
            true,
            |s| s.edits() && s.same(),
        ),
        route(
            "genesis",
            Method::POST,
            "/api/training/matrix/add/genesis-block".into(),
            m(json!({})),
            true,
            |s| s.edits(),
        ),
        route(
            "add/part",
            Method::POST,
            "/api/training/matrix/add/part".into(),
            m(json!({"partNumber": "P-1"})),
            true,
            |s| s.edits(),
        ),
        route(
            "add/op",
            Method::POST,
            "/api/training/matrix/add/op".into(),
            m(json!({"opId": op})),
            true,
            |s| s.edits(),
        ),
        route(
            "delete/op",
            Method::DELETE,
            "/api/training/matrix/delete/op".into(),
            m(json!({"opId": "nobody"})),
            true,
            |s| s.edits(),
        ),
        route(
            "delete/part",
            Method::DELETE,
            "/api/training/matrix/delete/part".into(),
            m(json!({"partNumber": "NONE"})),
            true,
            |s| s.edits(),
        ),
        route(
            "certs/op",
            Method::POST,
            "/api/training/certs/op".into(),
            m(json!({"opNumber": "OP1", "certTargetOpHours": 99})),
            true,
            |s| s.edits(),
        ),
        route(
            "certs/part",
            Method::POST,
            "/api/training/certs/part".into(),
            m(json!({"partNumber": "P-1", "certTargetPartHours": 99})),
            true,
            |s| s.edits(),
        ),
        route(
            "kiosk squares",
            Method::GET,
            format!("/api/training/op/squares/opId/{op}/part-number/P-1"),
            None,
            false,
            |s| s.same(),
        ),
    ];
    show(&mut routes, "swp-list", &p, |s| s.same());
    show(&mut routes, "operator-list", &op, |s| s.same());
    show(&mut routes, "matrix", &b, |s| s.same());
    show(&mut routes, "export", "OP1", |s| s.same());

    check("training", &app, &routes, &people).await;
    assert_eq!(scalar(&app, TRAINING_AUDIT).await, audit_before, "nothing changed");
    let m = lead.get(MATRIX_A1).await.body;
    assert_eq!(
        (m["partList"][0]["certTarget"].clone(), m["matrix"][0]["rowData"][0]["squares"].clone()),
        (json!(2), json!(-1))
    );
}
