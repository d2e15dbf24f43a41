//! Rolling badge + PIN out (decision 100): a manager's sheet of one-time PINs for every
//! operator of one of their zones (`POST /api/users/pin/issue-zone`), each audited and
//! told; a person with no PIN is told so at the kiosk whatever PIN is typed (no guess is
//! counted, so it is no oracle); a chosen PIN is never the badge, the operator number, one
//! digit repeated or a run.
use plantdoc_core::auth::pin;
use plantdoc_core::auth::users::UserInput;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{login, person};

const PIN_MODE: &[(&str, &str)] =
    &[("auth.ip_attempts_per_minute", "1000"), ("modules.island.signature", "badge+pin")];
const NO_PIN: &str = "You have no PIN yet — ask your team lead";
const WRONG: &str =
    "This PIN is not correct. If you have no PIN yet, please ask your manager for one.";
const LOCKED: &str =
    "This PIN is locked after 5 wrong tries. Please ask your manager for a new one.";

/// A person of `company` in `zones`, with a badge and an operator number.
async fn worker(
    app: &TestApp,
    email: &str,
    position: &str,
    company: &str,
    zones: &[&str],
    badge: &str,
    op_no: &str,
) -> String {
    app.add(UserInput {
        firstname: "Worker".into(),
        lastname: badge.into(),
        company_code: company.into(),
        zones: zone_list(zones),
        badge: Some(badge.into()),
        op_no: Some(op_no.into()),
        ..new_user(email, position, "production")
    })
    .await
}

fn field(r: &Resp, name: &str, text: &str) {
    assert_eq!(
        (r.status, r.body[name].as_str()),
        (StatusCode::BAD_REQUEST, Some(text)),
        "{}",
        r.text
    );
}

fn refused(r: &Resp, text: &str) {
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some(text)),
        "{}",
        r.text
    );
}

async fn told(app: &TestApp, user_id: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND kind = 'users.pin-issued'",
    )
    .bind(user_id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

fn pins_of(sheet: &Value) -> Vec<(String, Option<String>, String)> {
    let lines = sheet["pins"].as_array().expect("pins");
    lines
        .iter()
        .map(|l| {
            (
                l["name"].as_str().unwrap().into(),
                l["opNo"].as_str().map(String::from),
                l["pin"].as_str().unwrap().into(),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_zone_sheet_gives_each_operator_of_the_zone_a_one_time_pin_once() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    let ojt =
        worker(&app, "ojt1003@demo.plant", "ojt", "mpk", &["B2", "A1"], "1003", "OP1003").await;
    let b2 = worker(&app, "op1004@demo.plant", "operator", "mpk", &["B2"], "1004", "OP1004").await;
    let umw =
        worker(&app, "op1005@other.plant", "operator", "umw", &["A1"], "1005", "OP1005").await;
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let r = manager.post("/api/users/pin/issue-zone", &json!({"zone": "A1"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["zone"], "A1");
    let sheet = pins_of(&r.body);
    let people: Vec<(&str, Option<&str>)> =
        sheet.iter().map(|(n, o, _)| (n.as_str(), o.as_deref())).collect();
    // The zone's operator and OJT of the manager's company, by name: not its staff, the
    // netbook, another zone's or another company's operator.
    assert_eq!(people, vec![("Badge 1001", Some("OP1001")), ("Worker 1003", Some("OP1003"))]);
    assert!(sheet.iter().all(|(_, _, p)| p.len() == 6 && pin::check_new(p).is_ok()), "{sheet:?}");
    assert_eq!(audit_count(&app, "auth.pin_set").await, 2, "one audit row per person");
    assert_eq!(
        (
            told(&app, &p.op).await,
            told(&app, &ojt).await,
            told(&app, &b2).await,
            told(&app, &umw).await
        ),
        (1, 1, 0, 0)
    );
    // Never kept in clear: not in the audit log, the rows, the events told.
    let kept: Vec<String> = sqlx::query_scalar(
        "SELECT COALESCE(after_json, '') FROM audit_log UNION ALL SELECT pin_hash FROM user_pins UNION ALL SELECT data FROM events",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    assert!(
        sheet.iter().all(|(_, _, p)| kept.iter().all(|k| !k.contains(p.as_str()))),
        "a PIN kept in clear"
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM user_pins WHERE one_time = 1").await, 2);
    // At the kiosk the sheet's PIN asks for the person's own, then signs.
    let one_time = &sheet[0].2;
    let read = |pin: &str, new_pin: Option<&str>| {
        let body = json!({"opId": p.op, "swpId": p.swp_id, "pin": pin, "newPin": new_pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    field(
        &read(one_time, None).await,
        "newPin",
        "This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.",
    );
    assert_eq!(read(one_time, Some("73914")).await.status, StatusCode::OK);
    // A second sheet replaces the PINs (the chosen one too): audited and told again.
    let again =
        pins_of(&manager.post("/api/users/pin/issue-zone", &json!({"zone": " A1 "})).await.body);
    assert_eq!(again.len(), 2);
    refused(&read("73914", None).await, WRONG);
    assert_eq!((audit_count(&app, "auth.pin_set").await, told(&app, &p.op).await), (5, 2));
}

#[tokio::test]
async fn only_a_manager_issues_a_sheet_and_only_for_a_zone_of_their_own() {
    let app = spawn().await;
    let _p = plant(&app, "7101-0001").await;
    worker(&app, "op1005@other.plant", "operator", "umw", &["A1"], "1005", "OP1005").await;
    let issue = |c: &Client, body: Value| {
        let c = c.clone();
        async move { c.post("/api/users/pin/issue-zone", &body).await }
    };
    assert_eq!(issue(&app.client(), json!({"zone": "A1"})).await.status, StatusCode::UNAUTHORIZED);
    let sup = login(&app, "sup2001@demo.plant").await;
    assert_eq!(issue(&sup, json!({"zone": "A1"})).await.status, StatusCode::FORBIDDEN);
    let netbook = login(&app, "kiosk@demo.plant").await;
    assert!(issue(&netbook, json!({"zone": "A1"})).await.status.is_client_error());
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    field(&issue(&manager, json!({})).await, "zone", "Please choose a zone.");
    field(&issue(&manager, json!({"zone": "  "})).await, "zone", "Please choose a zone.");
    let not_mine = "You can issue PINs only for the zones you are assigned to.";
    for zone in ["C1", "a1", "A1,B2", "../A1"] {
        field(&issue(&manager, json!({ "zone": zone })).await, "zone", not_mine);
    }
    field(
        &issue(&manager, json!({"zone": "B2"})).await,
        "zone",
        "There are no operators in this zone.",
    );
    let r = issue(&manager, json!({"zone": 42})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "a wrong type is a 400, never a 500: {}", r.text);
    // Another company's manager in the same zone gets their own company's operators only.
    worker(&app, "boss@other.plant", "manager", "umw", &["A1"], "9005", "M9005").await;
    let other = login(&app, "boss@other.plant").await;
    let sheet = pins_of(&issue(&other, json!({"zone": "A1"})).await.body);
    assert_eq!(sheet.iter().map(|(n, _, _)| n.as_str()).collect::<Vec<_>>(), vec!["Worker 1005"]);
    assert_eq!(audit_count(&app, "auth.pin_set").await, 1, "refusals set nothing");
}

#[tokio::test]
async fn a_person_with_no_pin_is_told_so_whatever_is_typed_and_nothing_is_counted() {
    let netbook_limit =
        [PIN_MODE, &[("modules.island.account_badge_failures_per_minute", "5")]].concat();
    let app = spawn_with(&netbook_limit).await;
    let p = plant(&app, "7101-0001").await;
    let read = |pin: Option<&str>| {
        let body = json!({"opId": p.op, "swpId": p.swp_id, "pin": pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    // The same answer for no PIN and for any PIN, more often than the netbook's and the
    // person's limits: nothing is guessed, nothing is counted, no lock.
    let first = read(Some("2580")).await;
    refused(&first, NO_PIN);
    for typed in
        [None, Some(""), Some("1"), Some("13579"), Some("2580"), Some("0000"), Some("9999")]
    {
        let r = read(typed).await;
        assert_eq!((r.status, &r.body), (first.status, &first.body), "{typed:?}");
    }
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM user_pins").await, 0);
    // The verifier's too, after the operator signed with their own PIN.
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let one_time =
        manager.post("/api/users/pin/issue", &json!({"email": "op1001@demo.plant"})).await.body
            ["pin"]
            .as_str()
            .unwrap()
            .to_string();
    // Manage Users shows each person's PIN state (never the PIN).
    let pin_of = |all: &serde_json::Value, email: &str| {
        all.as_array()
            .unwrap()
            .iter()
            .find(|u| u["email"] == email)
            .map(|u| u["pin"].clone())
            .unwrap_or_default()
    };
    let all = manager.get("/api/users/all").await.body;
    assert_eq!(
        (pin_of(&all, "op1001@demo.plant"), pin_of(&all, "sup2001@demo.plant")),
        (json!("one-time"), json!("none")),
        "{all}"
    );
    assert!(!all.to_string().contains(&one_time));
    let r = p
        .netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": p.op, "swpId": p.swp_id, "pin": one_time, "newPin": "73914"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(
        pin_of(&manager.get("/api/users/all").await.body, "op1001@demo.plant"),
        json!("set")
    );
    let r = p
        .netbook
        .post(
            "/api/island/verify-swp",
            &json!({"badgeNo": "2001", "opId": p.op, "swpId": p.swp_id, "pin": "73914"}),
        )
        .await;
    refused(&r, NO_PIN);
    // People with a PIN keep their answers: wrong, then locked at the fifth, right or wrong.
    for i in 0..5 {
        refused(&read(Some(&format!("1{i}{i}9"))).await, WRONG);
    }
    refused(&read(Some("73914")).await, LOCKED);
    assert_eq!(
        pin_of(&manager.get("/api/users/all").await.body, "op1001@demo.plant"),
        json!("locked")
    );
    let r = read(None).await;
    assert_eq!(
        (r.status, r.body["pin"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Please enter your PIN.")),
        "{}",
        r.text
    );
}

#[tokio::test]
async fn a_chosen_pin_is_not_the_badge_the_operator_number_nor_a_run() {
    let app = spawn_with(PIN_MODE).await;
    let p = plant(&app, "7101-0001").await;
    let op = worker(&app, "op5821@demo.plant", "operator", "mpk", &["A1"], "5821", "4719").await;
    let (manager, _) = person(&app, "boss@demo.plant", "manager", "production").await;
    let one_time =
        manager.post("/api/users/pin/issue", &json!({"email": "op5821@demo.plant"})).await.body
            ["pin"]
            .as_str()
            .unwrap()
            .to_string();
    let choose = |new_pin: &str| {
        let body = json!({"opId": op, "swpId": p.swp_id, "pin": one_time, "newPin": new_pin});
        let netbook = p.netbook.clone();
        async move { netbook.post("/api/island/operator-read-swp", &body).await }
    };
    for like_badge in ["5821", "4719"] {
        field(&choose(like_badge).await, "newPin", pin::LIKE_BADGE);
    }
    for simple in ["1111", "1234", "4321", "777777", "23456789", "87654"] {
        field(&choose(simple).await, "newPin", pin::TOO_SIMPLE);
    }
    assert_eq!(
        choose("582190").await.status,
        StatusCode::OK,
        "a PIN that only starts like the badge"
    );
    // Settings → Account, and the kiosk's supervisor: the same rules.
    let sup = login(&app, "sup2001@demo.plant").await;
    field(
        &sup.post("/api/users/pin", &json!({"pin": "2001", "password": PASSWORD})).await,
        "pin",
        pin::LIKE_BADGE,
    );
    field(
        &sup.post("/api/users/pin", &json!({"pin": "9876", "password": PASSWORD})).await,
        "pin",
        pin::TOO_SIMPLE,
    );
    assert_eq!(
        sup.post("/api/users/pin", &json!({"pin": "2010", "password": PASSWORD})).await.status,
        StatusCode::OK
    );
}
