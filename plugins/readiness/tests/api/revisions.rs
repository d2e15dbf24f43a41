//! `new-revision`: a deployment opens obligations for exactly the operators concerned;
//! the kiosk's verification closes them; the next revision voids the open ones and opens
//! its own; a disabled operator's and a removed zone's are void.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::island::support::badged;
use crate::swp::support::{add, crew, deployed, kiosk, login, person, relogin};

#[tokio::test]
async fn a_deployment_opens_for_exactly_the_operators_concerned_and_verification_closes() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let rev0 = deployed(&crew, "RD-100", json!({"changes": "Revised", "changes": "Revised"})).await; // zones A1, B2
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    assert_eq!(
        list(&mgr, "").await,
        json!({"results": [], "total": 0}),
        "rev 0 concerns nobody yet: nobody signed"
    );
    let a1 = operator(&app, "1101", "mpk", &["A1"]).await;
    let b2 = operator(&app, "1102", "mpk", &["B2"]).await;
    let c1 = operator(&app, "1103", "mpk", &["C1"]).await; // outside the SWP's zones
    let never = operator(&app, "1104", "mpk", &["A1"]).await; // never signed
    let unverified = operator(&app, "1105", "mpk", &["A1"]).await;
    let gone = operator(&app, "1106", "mpk", &["A1"]).await; // disabled below
    let other = operator(
        &app,
        "9101",
        "umw",
        &app.state.zones.codes("umw").iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .await;
    for op in [&a1, &b2, &c1, &gone, &other] {
        signed_before(&app, &rev0, op, T0 - 10 * DAY * 1000, true).await;
    }
    signed_before(&app, &rev0, &unverified, T0 - 10 * DAY * 1000, false).await;
    sqlx::query("UPDATE users SET disabled = 1 WHERE id = $1")
        .bind(&gone)
        .execute(&app.state.db.pool)
        .await
        .unwrap();

    app.clock.advance_secs(3600);
    let rev1 = deployed(&crew, "RD-100", json!({"changes": "Revised", "changes": "Revised"})).await;
    let got = list(&mgr, "").await;
    assert_eq!(
        rows(&got),
        want(&[(&a1, "new-revision", "open"), (&b2, "new-revision", "open")]),
        "{got}"
    );
    assert_eq!(got["total"], 2);
    let first = &got["results"][0];
    assert_eq!(first["kind"], "swp");
    assert_eq!(first["partNumber"], "RD-100");
    assert_eq!(first["docId"], rev1.as_str());
    assert_eq!(first["revision"], 1);
    assert_eq!(first["alertTag"], json!(null));
    assert_eq!(
        first["dueDate"]["date"],
        plantdoc_core::clock::iso(T0 + 3_600_000 + 7 * DAY * 1000),
        "swp_due_days after deployment"
    );
    assert_eq!(first["doneDate"], json!(null));
    let _ = never;

    // The kiosk's verification closes a1's.
    kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = login(&app, "kiosk@demo.plant").await;
    badged(&app, "sup2001@demo.plant", "supervisor", "production", "mpk", "2001").await;
    let zone = netbook.get(&format!("/api/island/obligations/A1/{a1}")).await;
    assert_eq!(zone.status, StatusCode::OK, "{}", zone.text);
    assert_eq!(zone.body[0]["partNumber"], "RD-100");
    assert_eq!(zone.body[0]["kind"], "swp");
    assert_eq!(zone.body[0]["overdue"], false);
    app.clock.advance_secs(60);
    kiosk_signs(&netbook, &a1, &rev1, "2001").await;
    let got = list(&mgr, "").await;
    assert_eq!(rows(&got), want(&[(&a1, "new-revision", "done"), (&b2, "new-revision", "open")]));
    let done =
        got["results"].as_array().unwrap().iter().find(|r| r["state"] == "done").unwrap().clone();
    assert_eq!(done["doneDate"]["date"], plantdoc_core::clock::iso(T0 + 3_660_000));
    assert_eq!(
        netbook.get(&format!("/api/island/obligations/A1/{a1}")).await.body,
        json!([]),
        "nothing left to read"
    );

    // Revision 2: b2's open revision-1 obligation is void; both must read revision 2.
    app.clock.advance_secs(8 * DAY);
    relogin(&mgr, "mgr@demo.plant").await;
    crew.relogin().await;
    assert_eq!(list(&mgr, "state=overdue").await["total"], 1, "b2's is overdue after 7 days");
    let rev2 = deployed(&crew, "RD-100", json!({"changes": "Revised", "changes": "Revised"})).await;
    let got = list(&mgr, "").await;
    assert_eq!(
        rows(&got),
        want(&[
            (&a1, "new-revision", "done"),
            (&b2, "new-revision", "void"),
            (&a1, "new-revision", "open"),
            (&b2, "new-revision", "open")
        ])
    );
    let open = list(&mgr, "state=open").await;
    assert!(
        open["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["docId"] == rev2.as_str() && r["revision"] == 2),
        "{open}"
    );
    assert_eq!(list(&mgr, "state=void").await["results"][0]["docId"], rev1.as_str());
}

#[tokio::test]
async fn a_disabled_operator_and_a_removed_zone_void_their_obligations() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let rev0 = deployed(&crew, "RD-200", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let rev0b = deployed(&crew, "RD-201", json!({"changes": "Revised", "zones": ["B2"]})).await;
    let x = operator(&app, "1201", "mpk", &["A1", "B2"]).await;
    let y = operator(&app, "1202", "mpk", &["A1"]).await;
    for (op, swp) in [(&x, &rev0), (&x, &rev0b), (&y, &rev0)] {
        signed_before(&app, swp, op, T0 - DAY * 1000, true).await;
    }
    deployed(&crew, "RD-200", json!({"changes": "Revised", "zones": ["A1"]})).await;
    deployed(&crew, "RD-201", json!({"changes": "Revised", "zones": ["B2"]})).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    assert_eq!(list(&mgr, "state=open").await["total"], 3);
    // A manager takes B2 from x: the RD-201 obligation (zone B2 only) is void.
    add(&app, "boss@demo.plant", "manager", "process", "mpk", &["A1", "B2"]).await;
    let boss = login(&app, "boss@demo.plant").await;
    let user = json!({"originalEmail": "op1201@mpk.plant", "firstname": "Oper", "lastname": "B1201", "email": "op1201@mpk.plant",
        "companyCode": "mpk", "position": "operator", "department": "production", "zones": ["A1"], "badge": "1201", "opNo": "OP1201"});
    let r = boss.post("/api/users/edit", &user).await;
    assert_eq!(r.status, StatusCode::OK, "edit: {}", r.text);
    let got = list(&mgr, "state=void").await;
    assert_eq!(rows(&got), want(&[(&x, "new-revision", "void")]));
    assert_eq!(got["results"][0]["partNumber"], "RD-201");
    // Deleting (disabling) y voids y's.
    let r = boss.post("/api/users/delete", &json!({"email": "op1202@mpk.plant"})).await;
    assert_eq!(r.status, StatusCode::OK, "delete: {}", r.text);
    assert_eq!(rows(&list(&mgr, "state=open").await), want(&[(&x, "new-revision", "open")]));
    assert_eq!(list(&mgr, "state=void").await["total"], 2);
}

#[tokio::test]
async fn with_training_on_a_trained_operator_who_never_signed_must_read_too() {
    let app = spawn_with(&[RELEASE[0], ("auth.ip_attempts_per_minute", "1000")]).await;
    let crew = crew(&app).await;
    deployed(&crew, "RD-700", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let trained = operator(&app, "2101", "mpk", &["A1"]).await;
    let untrained = operator(&app, "2102", "mpk", &["A1"]).await;
    let t = crate::training::support::leader(&app).await;
    let genesis = json!({"shift": 1, "cell": "A", "zone": 1, "partNumber": "RD-700", "partRotation": 2, "certTargetPartHours": 0,
        "opId": trained, "certTargetOpHours": 8});
    assert_eq!(
        t.post("/api/training/matrix/add/genesis-block", &genesis).await.status,
        StatusCode::OK
    );
    assert_eq!(crate::training::support::add_op(&t, &untrained).await.status, StatusCode::OK);
    let b = crate::training::support::block(&t, 0, 0).await; // the genesis operator's row
    let r = t.post("/api/training/matrix/edit/block", &json!({"blockId": b, "squares": 1})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    deployed(&crew, "RD-700", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    assert_eq!(
        rows(&list(&mgr, "").await),
        want(&[(&trained, "new-revision", "open")]),
        "level 1: trained; level -1 or none: not"
    );
}

#[tokio::test]
async fn a_deployed_swp_removed_from_the_floor_voids_its_obligations() {
    let app = spawn_with(&RELEASE).await;
    let crew = crew(&app).await;
    let v0 = deployed(&crew, "RD-800", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let op = operator(&app, "2201", "mpk", &["A1"]).await;
    signed_before(&app, &v0, &op, T0 - DAY * 1000, true).await;
    let v1 = deployed(&crew, "RD-800", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    assert_eq!(rows(&list(&mgr, "").await), want(&[(&op, "new-revision", "open")]));
    let r = mgr.post("/api/swps/delete-deployed", &json!([v1])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(rows(&list(&mgr, "").await), want(&[(&op, "new-revision", "void")]));
}
