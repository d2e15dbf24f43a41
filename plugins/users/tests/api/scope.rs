//! Decision 46: a manager administers their own company only (others' users are
//! answered as nobody), nobody moves a user to another company, nobody changes their own
//! position, department or zones; a plant administrator (CLI) administers every company.
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::swp::support::{add, login};

const NOBODY: &str = "There is no user with this e-mail.";

/// The edit body that changes nothing of `u` (an `/api/users/all` entry).
pub(crate) fn as_edit(u: &Value) -> Value {
    let mut e = json!({"originalEmail": u["email"]});
    for k in [
        "firstname",
        "lastname",
        "email",
        "companyCode",
        "position",
        "department",
        "zones",
        "badge",
        "opNo",
    ] {
        e[k] = u[k].clone();
    }
    e
}

pub(crate) async fn listed(c: &Client, email: &str) -> Value {
    let all = c.get("/api/users/all").await;
    all.body
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["email"] == email)
        .cloned()
        .unwrap_or(Value::Null)
}

fn emails(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|u| u["email"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn a_manager_administers_their_own_company_only() {
    let app = spawn().await;
    add(&app, "boss@umw.plant", "manager", "production", "umw", &["A1"]).await;
    add(&app, "eng@umw.plant", "engineer", "process", "umw", &["A1"]).await;
    add(&app, "erin@demo.plant", "engineer", "process", "mpk", &["A1"]).await;
    add(&app, "mgr@demo.plant", "manager", "process", "mpk", &["A1"]).await;
    let boss = login(&app, "boss@umw.plant").await;

    let opts = boss.get("/api/users/options").await;
    assert_eq!(
        (opts.body["companies"].clone(), opts.body["zones"].as_object().unwrap().len()),
        (json!(["umw"]), 1)
    );
    let all = boss.get("/api/users/all").await;
    assert_eq!(emails(&all.body), ["boss@umw.plant", "eng@umw.plant"], "no mpk e-mail or badge");

    // mpk's users are nobody to umw's manager: no edit, no delete, no new mpk manager.
    let users_before = scalar(&app, "SELECT COUNT(*) FROM users").await;
    let mpk_mgr = json!({"firstname": "Evil", "lastname": "Twin", "email": "twin@umw.plant", "companyCode": "mpk", "position": "manager", "department": "process", "zones": []});
    assert_eq!(
        boss.post("/api/users/register", &mpk_mgr).await.body,
        json!({"companyCode": "You can add users to your own company only."})
    );
    let erin = json!({"originalEmail": "erin@demo.plant", "firstname": "E", "lastname": "C", "email": "erin@demo.plant", "companyCode": "mpk", "position": "clerk", "department": "process", "zones": []});
    assert_eq!(boss.post("/api/users/edit", &erin).await.body, json!({"originalEmail": NOBODY}));
    assert_eq!(
        boss.post("/api/users/delete", &json!({"email": "erin@demo.plant"})).await.body,
        json!({"email": NOBODY})
    );
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM users").await, users_before);

    // Nobody moves a user, themself included, into another company.
    let mut me = as_edit(&listed(&boss, "boss@umw.plant").await);
    me["companyCode"] = json!("mpk");
    me["zones"] = json!([]);
    assert_eq!(
        boss.post("/api/users/edit", &me).await.body,
        json!({"companyCode": "A user's company cannot be changed."})
    );
    let mut eng = as_edit(&listed(&boss, "eng@umw.plant").await);
    eng["companyCode"] = json!("mpk");
    eng["zones"] = json!(["A1"]);
    assert_eq!(
        boss.post("/api/users/edit", &eng).await.body,
        json!({"companyCode": "A user's company cannot be changed."})
    );

    // Nobody changes their own position, department or zones; their name, yes.
    let me = as_edit(&listed(&boss, "boss@umw.plant").await);
    for (field, value, message) in [
        ("position", json!("engineer"), "You cannot change your own position."),
        ("department", json!("process"), "You cannot change your own department."),
        ("zones", json!(["A1", "B1"]), "You cannot change your own zones."),
    ] {
        let mut e = me.clone();
        e[field] = value;
        assert_eq!(boss.post("/api/users/edit", &e).await.body, json!({field: message}));
    }
    let mut e = me.clone();
    e["firstname"] = json!("Bea");
    assert_eq!(boss.post("/api/users/edit", &e).await.body["changed"], true);
    // ... and the other managers of their company change it for them.
    let mut eng = as_edit(&listed(&boss, "eng@umw.plant").await);
    eng["department"] = json!("quality");
    assert_eq!(boss.post("/api/users/edit", &eng).await.body["user"]["department"], "quality");

    // Plant-wide acts are not a company manager's.
    let r = boss.post("/api/modules/switch", &json!({"id": "kanban", "enabled": true})).await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("Switching modules is for plant administrators only."))
    );
    let mpk = app.signed_in("mpk.boss@demo.plant", "manager", "process").await;
    assert!(emails(&mpk.get("/api/users/all").await.body)
        .iter()
        .all(|e| !e.ends_with("@umw.plant")));
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action = 'user.edit'").await, 2);
}

#[tokio::test]
async fn a_plant_administrator_administers_every_company_but_moves_nobody() {
    let app = spawn().await;
    add(&app, "eng@umw.plant", "engineer", "process", "umw", &["A1"]).await;
    let mpk_boss = app.signed_in("mpk.boss@demo.plant", "manager", "process").await;
    let plant = app.signed_in_plant_admin("plant.it@demo.plant", "manager", "process").await;
    assert_eq!(plant.get("/api/users/current").await.body["plantAdmin"], true);
    assert_eq!(
        plant.get("/api/users/options").await.body["companies"].as_array().unwrap().len(),
        7
    );
    assert!(emails(&plant.get("/api/users/all").await.body).contains(&"eng@umw.plant".to_string()));

    let mut eng = as_edit(&listed(&plant, "eng@umw.plant").await);
    eng["lastname"] = json!("Moved");
    assert_eq!(plant.post("/api/users/edit", &eng).await.body["user"]["lastname"], "Moved");
    eng["companyCode"] = json!("mpk");
    assert_eq!(
        plant.post("/api/users/edit", &eng).await.body,
        json!({"companyCode": "A user's company cannot be changed."})
    );
    let umw = json!({"firstname": "Uma", "lastname": "Wolf", "email": "uma@umw.plant", "companyCode": "umw", "position": "manager", "department": "quality", "zones": ["A1"]});
    assert_eq!(plant.post("/api/users/register", &umw).await.status, StatusCode::OK);

    // A company's manager does not remove plant IT; plant IT removes a manager.
    let r = mpk_boss.post("/api/users/delete", &json!({"email": "plant.it@demo.plant"})).await;
    assert_eq!(
        r.body,
        json!({"email": "Only a plant administrator deletes a plant administrator."})
    );
    assert_eq!(
        plant.post("/api/users/delete", &json!({"email": "mpk.boss@demo.plant"})).await.status,
        StatusCode::OK
    );
    assert_eq!(
        plant.post("/api/users/delete", &json!({"email": "plant.it@demo.plant"})).await.body,
        json!({"email": "You cannot delete your own account."})
    );
}
