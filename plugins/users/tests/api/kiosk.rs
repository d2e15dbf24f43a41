//! The kiosk flag in the users API (decision 49): only for an operator without a
//! badge; absent on a new user, no; an edit that leaves it out keeps it (and its rule).
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

const RULE: &str = "Only an operator account without a badge can be a kiosk account.";

fn netbook(email: &str) -> Value {
    json!({
        "firstname": "Line", "lastname": "Netbook", "email": email, "companyCode": "mpk",
        "position": "operator", "department": "production", "zones": ["A1"], "kiosk": true,
    })
}

#[tokio::test]
async fn the_kiosk_flag_is_for_operators_without_a_badge_and_edits_keep_it() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
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
    let after: String = sqlx::query_scalar(
        "SELECT after_json FROM audit_log WHERE action = 'user.edit' ORDER BY seq DESC LIMIT 1",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert!(after.contains("\"kiosk\":false"), "{after}");
}
