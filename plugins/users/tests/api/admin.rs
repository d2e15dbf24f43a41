//! User administration: register (temporary password, forced change), field errors,
//! uniqueness, edit, soft delete keeping history and ending sessions, audit.
use plantdoc_core::acks::{self, DocKind};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

fn new_user(email: &str) -> Value {
    json!({
        "firstname": "Nora", "lastname": "Quinn", "email": email, "companyCode": "mpk",
        "position": "engineer", "department": "process", "zones": ["A1", "C2"],
        "badge": "4711", "opNo": "OP4711",
    })
}

async fn audit_count(app: &TestApp, action: &str) -> i64 {
    scalar(app, &format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await
}

#[tokio::test]
async fn register_gives_field_errors_and_a_temporary_password_that_must_be_changed() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;

    // A company's manager is offered their own company only (users/scope.rs has the rest).
    let opts = boss.get("/api/users/options").await;
    assert_eq!(opts.body["companies"], json!(["mpk"]));
    assert_eq!(opts.body["zones"].as_object().unwrap().keys().collect::<Vec<_>>(), ["mpk"]);
    let plant = app.signed_in_plant_admin("plant.it@demo.plant", "manager", "process").await;
    let opts = plant.get("/api/users/options").await;
    assert_eq!(opts.body["zones"]["mph"][0], json!({"value": "A1", "label": "A Zone 1"}));
    assert_eq!(opts.body["companies"].as_array().unwrap().len(), 7);

    // Every field wrong at once: one message per field.
    let bad = boss
        .post("/api/users/register", &json!({"firstname": " ", "lastname": "", "email": "nope", "companyCode": "xyz", "position": "king", "department": "hr", "zones": ["Z9"]}))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    let keys: Vec<&str> = bad.body.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["companyCode", "department", "email", "firstname", "lastname", "position"]);
    // A zone outside the company's list.
    let z = plant.post("/api/users/register", &json!({"firstname": "A", "lastname": "B", "email": "a@b.c", "companyCode": "mph", "position": "clerk", "department": "paint", "zones": ["A3"]})).await;
    assert_eq!(z.body, json!({"zones": "Zone A3 is not a zone of company mph."}));
    // A wrong type names the field; a body that is not JSON is a field error too.
    let t = boss.post("/api/users/register", &json!({"firstname": "A", "zones": "A1"})).await;
    assert_eq!(t.status, StatusCode::BAD_REQUEST);
    assert!(t.body["zones"].is_string(), "{}", t.body);

    let ok = boss.post("/api/users/register", &new_user(" Nora.Quinn@Demo.Plant ")).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    let temp = ok.body["tempPassword"].as_str().unwrap().to_string();
    assert_eq!(temp.len(), 16);
    let u = &ok.body["user"];
    assert_eq!(
        (u["email"].as_str(), u["fullName"].as_str(), u["status"].as_str()),
        (Some("nora.quinn@demo.plant"), Some("Nora Quinn"), Some("CHANGE_PASSWORD"))
    );
    assert_eq!((u["badge"].as_str(), u["opNo"].as_str()), (Some("4711"), Some("OP4711")));
    assert_eq!(
        audit_count(&app, "user.create").await,
        3,
        "the test's two managers (seed) and Nora"
    );
    let (actor, after): (Option<String>, String) =
        sqlx::query_as("SELECT actor_id, after_json FROM audit_log WHERE action = 'user.create' AND actor_id IS NOT NULL")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(actor.is_some());
    assert!(
        after.contains("\"badge\":true") && !after.contains("\"4711\""),
        "badge value not in the audit: {after}"
    );

    // Taken e-mail, badge, and operator number (per company).
    let dup = boss.post("/api/users/register", &new_user("nora.quinn@demo.plant")).await;
    assert_eq!(dup.body, json!({"opNo": "This operator number is already used in this company."}));
    let mut other = new_user("someone.else@demo.plant");
    other["opNo"] = json!("OP1");
    assert_eq!(
        boss.post("/api/users/register", &other).await.body,
        json!({"badge": "This badge is already assigned to another user."})
    );
    other["badge"] = json!(null);
    other["email"] = json!("nora.quinn@demo.plant");
    assert_eq!(
        boss.post("/api/users/register", &other).await.body,
        json!({"email": "A user with this e-mail already exists."})
    );
    let mut elsewhere = new_user("nils@demo.plant");
    elsewhere["companyCode"] = json!("umw");
    elsewhere["badge"] = json!("4712");
    assert_eq!(
        boss.post("/api/users/register", &elsewhere).await.body,
        json!({"companyCode": "You can add users to your own company only."})
    );
    assert_eq!(
        plant.post("/api/users/register", &elsewhere).await.status,
        StatusCode::OK,
        "same operator number in another company"
    );

    // The new user signs in with the temporary password and must set a new one.
    let nora = app.client();
    let r = nora
        .post("/api/users/login", &json!({"email": "nora.quinn@demo.plant", "password": temp}))
        .await;
    assert_eq!(r.body, json!({"status": "CHANGE_PASSWORD"}));
    let set = nora.post("/api/users/setPassword", &json!({"email": "nora.quinn@demo.plant", "password": "Fresh-Plant-Words-7", "password2": "Fresh-Plant-Words-7", "tempPassword": temp})).await;
    assert_eq!(set.status, StatusCode::OK, "{}", set.text);
    assert_eq!(nora.get("/api/users/current").await.body["status"], "ACTIVE");

    // The list: active users by full name, of the manager's company (every company for
    // the plant administrator).
    let names = |v: &Value| {
        v.as_array()
            .unwrap()
            .iter()
            .map(|u| u["fullName"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        names(&boss.get("/api/users/all").await.body),
        ["Nora Quinn", "Test boss", "Test plantit"]
    );
    assert_eq!(
        names(&plant.get("/api/users/all").await.body),
        ["Nora Quinn", "Nora Quinn", "Test boss", "Test plantit"]
    );
}

#[tokio::test]
async fn edit_changes_fields_and_refuses_what_it_must() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    assert_eq!(
        boss.post("/api/users/register", &new_user("nora@demo.plant")).await.status,
        StatusCode::OK
    );
    app.add_user("erin@demo.plant", "engineer", "process").await;

    let mut e = new_user("nora@demo.plant");
    e["originalEmail"] = json!("nora@demo.plant");
    let same = boss.post("/api/users/edit", &e).await;
    assert_eq!((same.status, same.body["changed"].clone()), (StatusCode::OK, json!(false)));
    assert_eq!(audit_count(&app, "user.edit").await, 0, "nothing changed, nothing audited");

    e["email"] = json!("erin@demo.plant");
    assert_eq!(
        boss.post("/api/users/edit", &e).await.body,
        json!({"email": "A user with this e-mail already exists."})
    );
    e["email"] = json!("nora.b@demo.plant");
    e["lastname"] = json!("");
    e["zones"] = json!(["Q1"]);
    let bad = boss.post("/api/users/edit", &e).await;
    assert_eq!(
        bad.body,
        json!({"lastname": "Last name is required.", "zones": "Zone Q1 is not a zone of company mpk."})
    );
    e["lastname"] = json!("Baker");
    e["zones"] = json!(["D3"]);
    e["position"] = json!("supervisor");
    let ok = boss.post("/api/users/edit", &e).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    // The fields change now; the e-mail waits for Nora's confirmation (users/email.rs).
    let u = &ok.body["user"];
    assert_eq!(
        (u["email"].as_str(), u["position"].as_str(), ok.body["changed"].as_bool()),
        (Some("nora@demo.plant"), Some("supervisor"), Some(true))
    );
    assert_eq!(ok.body["emailPending"], "nora.b@demo.plant");
    let (before, after): (String, String) =
        sqlx::query_as("SELECT before_json, after_json FROM audit_log WHERE action = 'user.edit'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(
        before.contains("engineer") && after.contains("supervisor") && after.contains("D3"),
        "{before} {after}"
    );

    // An unknown e-mail names nobody.
    e["originalEmail"] = json!("nora.b@demo.plant");
    assert_eq!(
        boss.post("/api/users/edit", &e).await.body,
        json!({"originalEmail": "There is no user with this e-mail."})
    );

    // A manager may edit their own name, but not their own position, department, zones
    // or company (users/scope.rs).
    let me = json!({"originalEmail": "boss@demo.plant", "firstname": "Big", "lastname": "Boss", "email": "boss@demo.plant", "companyCode": "mpk", "position": "engineer", "department": "process", "zones": ["A1", "B2"]});
    assert_eq!(
        boss.post("/api/users/edit", &me).await.body,
        json!({"position": "You cannot change your own position."})
    );
    let mut me2 = me.clone();
    me2["position"] = json!("manager");
    assert_eq!(boss.post("/api/users/edit", &me2).await.status, StatusCode::OK);
    assert_eq!(audit_count(&app, "user.edit").await, 2);
}

#[tokio::test]
async fn delete_is_soft_keeps_history_and_ends_sessions_at_once() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "process").await;
    let erin = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let erin_id = scalar_text(&app, "SELECT id FROM users WHERE email = 'erin@demo.plant'").await;
    let erin_user = {
        let mut c = app.state.db.pool.acquire().await.unwrap();
        plantdoc_core::auth::users::find_by_id(&mut c, &erin_id).await.unwrap().unwrap()
    };
    // Some history of Erin's: a sign record and a reset link.
    let mut c = app.state.db.pool.acquire().await.unwrap();
    acks::sign(&mut c, DocKind::new("swp"), "doc1", "hash1", &erin_user, T0).await.unwrap();
    drop(c);
    erin.post("/api/users/forgotPassword", &json!({"email": "erin@demo.plant"})).await;
    // The link is made after the answer (same time for known and unknown e-mails): wait for it.
    let resets = format!("SELECT COUNT(*) FROM password_resets WHERE user_id = '{erin_id}'");
    for _ in 0..100 {
        if scalar(&app, &resets).await == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(scalar(&app, &resets).await, 1, "the reset link was never made");
    assert_eq!(erin.get("/api/users/current").await.status, StatusCode::OK);

    assert_eq!(
        boss.post("/api/users/delete", &json!({"email": "boss@demo.plant"})).await.body,
        json!({"email": "You cannot delete your own account."})
    );
    assert_eq!(
        boss.post("/api/users/delete", &json!({"email": "ghost@demo.plant"})).await.body,
        json!({"email": "There is no user with this e-mail."})
    );
    let audit_before = audit_count(&app, "user.delete").await;
    let ok = boss.post("/api/users/delete", &json!({"email": "erin@demo.plant"})).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(audit_before, 0);
    assert_eq!(audit_count(&app, "user.delete").await, 1);

    // Her session ended at once; she cannot sign in again; her row and history remain.
    assert_eq!(erin.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        scalar(&app, &format!("SELECT COUNT(*) FROM sessions WHERE user_id = '{erin_id}'")).await,
        0
    );
    assert_eq!(scalar(&app, &resets).await, 0);
    let again = app
        .client()
        .post("/api/users/login", &json!({"email": "erin@demo.plant", "password": PASSWORD}))
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        scalar(&app, &format!("SELECT disabled FROM users WHERE id = '{erin_id}'")).await,
        1
    );
    assert_eq!(
        scalar(
            &app,
            &format!("SELECT COUNT(*) FROM acknowledgements WHERE operator_id = '{erin_id}'")
        )
        .await,
        1
    );
    assert!(
        scalar(&app, &format!("SELECT COUNT(*) FROM audit_log WHERE actor_id = '{erin_id}'")).await
            >= 1,
        "her audit rows stay"
    );
    // Gone from the list; a second delete finds nobody.
    let all = boss.get("/api/users/all").await;
    assert!(all.body.as_array().unwrap().iter().all(|u| u["email"] != "erin@demo.plant"));
    assert_eq!(
        boss.post("/api/users/delete", &json!({"email": "erin@demo.plant"})).await.body,
        json!({"email": "There is no user with this e-mail."})
    );
    let verdict = plantdoc_core::audit::verify(&app.state.db).await.unwrap();
    assert!(matches!(verdict, plantdoc_core::audit::Verdict::Ok { .. }), "{verdict:?}");
}

async fn scalar_text(app: &TestApp, sql: &str) -> String {
    let (s,): (String,) = sqlx::query_as(sql).fetch_one(&app.state.db.pool).await.unwrap();
    s
}
