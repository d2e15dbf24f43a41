//! Helpers of the training tests: a release 2.0 app, editors, operators with numbers,
//! catalogue parts and one matrix's body fields.
use plantdoc_core::auth::users::UserInput;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

pub async fn app(extra: &[(&str, &str)]) -> TestApp {
    let mut o = vec![("release", "2.0"), ("auth.ip_attempts_per_minute", "1000")];
    o.extend_from_slice(extra);
    spawn_with(&o).await
}

pub async fn add(
    app: &TestApp,
    email: &str,
    position: &str,
    department: &str,
    company: &str,
    zones: &[&str],
    op_no: Option<&str>,
) -> String {
    app.add(UserInput {
        company_code: company.into(),
        zones: zone_list(zones),
        badge: op_no.map(|n| format!("B{n}")),
        op_no: op_no.map(str::to_string),
        ..new_user(email, position, department)
    })
    .await
}

pub async fn login(app: &TestApp, email: &str) -> Client {
    app.login(email).await
}

/// A production supervisor of mpk with zone A1 (edits matrix A1 of every shift).
pub async fn leader(app: &TestApp) -> Client {
    add(app, "leader@demo.plant", "supervisor", "production", "mpk", &["A1"], None).await;
    login(app, "leader@demo.plant").await
}

/// An operator person of company `company`; answers the user id.
pub async fn operator(app: &TestApp, op_no: &str, company: &str) -> String {
    add(
        app,
        &format!("{}@ops.plant", op_no.to_lowercase()),
        "operator",
        "production",
        company,
        &["A1"],
        Some(op_no),
    )
    .await
}

/// A catalogue part; answers its id.
pub async fn part(app: &TestApp, company: &str, number: &str) -> String {
    let mut conn = app.state.db.pool.acquire().await.unwrap();
    plantdoc_core::parts::ensure(&mut conn, company, number, "desc", T0).await.unwrap()
}

/// Shift 1, cell A, zone 1.
pub fn a1() -> Value {
    json!({"shift": 1, "cell": "A", "zone": 1})
}

pub fn with(base: Value, more: Value) -> Value {
    let mut b = base;
    for (k, v) in more.as_object().unwrap() {
        b[k] = v.clone();
    }
    b
}

pub const MATRIX_A1: &str = "/api/training/matrix/shift/1/cell/A/zone/1";

pub async fn del(c: &Client, path: &str, body: &Value) -> Resp {
    c.send(Method::DELETE, path, Some(body.to_string()), &[]).await
}

pub async fn add_part(c: &Client, number: &str, rotation: i64) -> Resp {
    c.post(
        "/api/training/matrix/add/part",
        &with(a1(), json!({"partNumber": number, "partDesc": "Desc", "partRotation": rotation, "certTargetPartHours": 2})),
    )
    .await
}

pub async fn add_op(c: &Client, op_id: &str) -> Resp {
    c.post(
        "/api/training/matrix/add/op",
        &with(a1(), json!({"opId": op_id, "certTargetOpHours": 3, "opName": "x", "opNumber": "x"})),
    )
    .await
}

/// The block id of (operator row index, part column index) in matrix A1.
pub async fn block(c: &Client, row: usize, col: usize) -> String {
    let m = c.get(MATRIX_A1).await;
    m.body["matrix"][row]["rowData"][col]["_id"].as_str().unwrap().to_string()
}
