//! The kiosk flag in the users API (decision 49): only for an operator without a
//! badge; absent on a new user, no; an edit that leaves it out keeps it (and its rule).
//! Kiosk accounts and plant administrators are a plant administrator's to make, change and
//! delete (decision 107).
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const RULE: &str = "Only an operator account without a badge can be a kiosk account.";

/// What the audit row of the last user edit says the user became.
async fn last_edit(app: &TestApp) -> String {
    sqlx::query_scalar(
        "SELECT after_json FROM audit_log WHERE action = 'user.edit' ORDER BY seq DESC LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap()
}

fn netbook(email: &str) -> Value {
    json!({
        "firstname": "Line", "lastname": "Netbook", "email": email, "companyCode": "mpk",
        "position": "operator", "department": "production", "zones": ["A1"], "kiosk": true,
    })
}

#[tokio::test]
async fn the_kiosk_flag_is_for_operators_without_a_badge_and_edits_keep_it() {
    let app = spawn().await;
    let boss = app.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    let mut badged = netbook("badged@demo.plant");
    badged["badge"] = json!("5150");
    let mut staff = netbook("staff@demo.plant");
    staff["position"] = json!("supervisor");
    for body in [badged, staff] {
        let r = boss.post("/api/users/register", &body).await;
        assert_eq!(r.body, json!({"kiosk": RULE}), "{}", r.text);
    }
    let ok = boss.post("/api/users/register", &netbook("line1@demo.plant")).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.body["user"]["kiosk"], true);
    let plain = boss.post("/api/users/register", &json!({"firstname": "Plain", "lastname": "Op", "email": "plain@demo.plant", "companyCode": "mpk", "position": "operator", "department": "production", "zones": ["A1"]})).await;
    assert_eq!(plain.body["user"]["kiosk"], false, "absent: not a kiosk account");

    // An edit that does not send the flag keeps it, and its rule still holds.
    let mut edit = netbook("line1@demo.plant");
    edit.as_object_mut().unwrap().remove("kiosk");
    edit["originalEmail"] = json!("line1@demo.plant");
    edit["zones"] = json!(["A1", "B2"]);
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(
        (r.status, r.body["user"]["kiosk"].clone()),
        (StatusCode::OK, json!(true)),
        "{}",
        r.text
    );
    edit["badge"] = json!("5151");
    assert_eq!(boss.post("/api/users/edit", &edit).await.body, json!({"kiosk": RULE}));
    edit["kiosk"] = json!(false);
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(
        (r.status, r.body["user"]["kiosk"].clone()),
        (StatusCode::OK, json!(false)),
        "{}",
        r.text
    );
    let after = last_edit(&app).await;
    assert!(after.contains("\"kiosk\":false"), "{after}");
}

#[tokio::test]
async fn kiosk_accounts_and_plant_administrators_are_a_plant_administrators_to_set() {
    let app = spawn().await;
    let it = app.signed_in_plant_admin("it@demo.plant", "manager", "process").await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let kiosk_rule =
        "Only a plant administrator sets up a kiosk account or turns one into a person's.";
    let grant_rule = "Only a plant administrator makes someone a plant administrator or ends it.";

    // A company's manager makes neither.
    let r = boss.post("/api/users/register", &netbook("line1@demo.plant")).await;
    assert_eq!((r.status, r.body.clone()), (StatusCode::BAD_REQUEST, json!({"kiosk": kiosk_rule})));
    let mut admin = netbook("admin2@demo.plant");
    admin["kiosk"] = json!(false);
    admin["position"] = json!("manager");
    admin["plantAdmin"] = json!(true);
    let r = boss.post("/api/users/register", &admin).await;
    assert_eq!(r.body, json!({"plantAdmin": grant_rule}), "{}", r.text);
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM users WHERE email IN ('line1@demo.plant', 'admin2@demo.plant')"
        )
        .await,
        0
    );

    // The plant administrator makes both; the list says which is which.
    for body in [netbook("line1@demo.plant"), admin.clone()] {
        let r = it.post("/api/users/register", &body).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    let list = it.get("/api/users/all").await.body;
    let row = |email: &str| {
        list.as_array().unwrap().iter().find(|u| u["email"] == email).cloned().unwrap()
    };
    assert_eq!(
        (row("line1@demo.plant")["kiosk"].clone(), row("admin2@demo.plant")["plantAdmin"].clone()),
        (json!(true), json!(true))
    );

    // The company's manager may edit the netbook's zones but not turn it into a person's
    // account, nor end a plant administration, nor delete the netbook's account.
    let mut edit = netbook("line1@demo.plant");
    edit["originalEmail"] = json!("line1@demo.plant");
    edit["zones"] = json!(["A1", "B2"]);
    let r = boss.post("/api/users/edit", &edit).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    edit["kiosk"] = json!(false);
    assert_eq!(boss.post("/api/users/edit", &edit).await.body, json!({"kiosk": kiosk_rule}));
    admin["originalEmail"] = json!("admin2@demo.plant");
    admin["plantAdmin"] = json!(false);
    assert_eq!(boss.post("/api/users/edit", &admin).await.body, json!({"plantAdmin": grant_rule}));
    let r = boss.post("/api/users/delete", &json!({"email": "line1@demo.plant"})).await;
    assert_eq!(
        r.body,
        json!({"email": "Only a plant administrator deletes a kiosk account."}),
        "{}",
        r.text
    );

    // A plant administrator does, audited; but never ends their own administration.
    let r = it.post("/api/users/edit", &admin).await;
    assert_eq!(
        (r.status, r.body["user"]["plantAdmin"].clone()),
        (StatusCode::OK, json!(false)),
        "{}",
        r.text
    );
    let after = last_edit(&app).await;
    assert!(after.contains("\"plantAdmin\":false"), "{after}");
    let me = json!({"originalEmail": "it@demo.plant", "firstname": "Test", "lastname": "it", "email": "it@demo.plant",
        "companyCode": "mpk", "position": "manager", "department": "process", "zones": ["A1"], "plantAdmin": false});
    let r = it.post("/api/users/edit", &me).await;
    assert_eq!(r.body["plantAdmin"], "You cannot end your own plant administration.", "{}", r.text);
    let r = it.post("/api/users/delete", &json!({"email": "line1@demo.plant"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
}
