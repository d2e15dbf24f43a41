//! SCIM 2.0 provisioning (/scim/v2): create, filter, page, replace and patch through the
//! console's rules; active false and DELETE disable (sessions end, the record stays); a
//! token of scope scim only, bound to its company; errors in SCIM's shape.
use plantdoc_core::auth::users::UserInput;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::tokens::make;

const ENT: &str = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
const OWN: &str = "urn:ietf:params:scim:schemas:extension:plantdoc:2.0:User";
const ERROR: &str = "urn:ietf:params:scim:api:messages:2.0:Error";

/// A request with only the token (no cookie, no CSRF header), as an identity provider sends.
async fn scim(app: &TestApp, method: Method, path: &str, token: &str, body: Option<Value>) -> Resp {
    let c = app.client();
    let mut r = c
        .http
        .request(method, format!("{}{path}", app.base))
        .header("authorization", format!("Bearer {token}"));
    if let Some(b) = body {
        r = r.header("content-type", "application/scim+json").body(b.to_string());
    }
    c.absorb(r.send().await.unwrap()).await
}

fn person(user_name: &str, external: &str) -> Value {
    json!({
        "schemas": ["urn:ietf:params:scim:schemas:core:2.0:User", ENT, OWN],
        "userName": user_name, "externalId": external,
        "name": {"givenName": "Ada", "familyName": "Lovelace"},
        "active": true, "preferredLanguage": "es-ES",
        ENT: {"department": "production", "employeeNumber": "4711"},
        OWN: {"position": "operator", "zones": ["A1"], "badge": "B4711"},
    })
}

async fn plant(app: &TestApp) -> String {
    let admin = app.signed_in_plant_admin("it@demo.plant", "manager", "quality").await;
    make(&admin, &["scim"], 30).await.1
}

fn filter(q: &str) -> String {
    format!("/scim/v2/Users?filter={}", q.replace(' ', "%20").replace('"', "%22"))
}

#[tokio::test]
async fn scim_creates_filters_pages_and_replaces_with_the_consoles_rules() {
    let app = spawn().await;
    let t = plant(&app).await;
    for p in ["ServiceProviderConfig", "ResourceTypes", "Schemas"] {
        let r = scim(&app, Method::GET, &format!("/scim/v2/{p}"), &t, None).await;
        assert_eq!(r.status, StatusCode::OK, "{p}: {}", r.text);
    }

    let r = scim(&app, Method::POST, "/scim/v2/Users", &t, Some(person("ada@demo.plant", "hr-1")))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.headers["content-type"], "application/scim+json");
    let id = r.body["id"].as_str().unwrap().to_string();
    assert_eq!(r.body["userName"], "ada@demo.plant");
    assert_eq!(r.body["preferredLanguage"], "es");
    assert_eq!(r.body[ENT]["organization"], "mpk", "the token's company");
    assert_eq!(r.body[ENT]["employeeNumber"], "4711");
    assert_eq!(r.body[OWN]["badge"], "B4711");
    assert_eq!(r.body["meta"]["resourceType"], "User");
    assert_eq!(audit_count(&app, "user.create").await, 2, "the admin's and Ada's");

    // The console's rules, answered in SCIM's shape.
    let r =
        scim(&app, Method::POST, "/scim/v2/Users", &t, Some(person("ada@demo.plant", "x"))).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.text);
    assert_eq!(
        (r.body["scimType"].as_str(), r.body["status"].as_str()),
        (Some("uniqueness"), Some("409"))
    );
    assert_eq!(r.body["schemas"][0], ERROR);
    let mut same_badge = person("bob@demo.plant", "hr-2");
    same_badge[ENT]["employeeNumber"] = json!("1");
    let r = scim(&app, Method::POST, "/scim/v2/Users", &t, Some(same_badge)).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "badge unique: {}", r.text);
    let mut bad = person("cy@demo.plant", "hr-3");
    bad[OWN]["zones"] = json!(["Z9"]);
    bad[OWN]["position"] = json!("pilot");
    let r = scim(&app, Method::POST, "/scim/v2/Users", &t, Some(bad)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(r.body["scimType"], "invalidValue");
    assert!(r.body["detail"].as_str().unwrap().contains("position"), "{}", r.text);
    let mut elsewhere = person("di@demo.plant", "hr-4");
    elsewhere[ENT]["organization"] = json!("mpd");
    let r = scim(&app, Method::POST, "/scim/v2/Users", &t, Some(elsewhere)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "own company only: {}", r.text);

    // Filters and pages.
    let r = scim(&app, Method::GET, &filter("userName eq \"ADA@demo.plant\""), &t, None).await;
    assert_eq!(
        (r.body["totalResults"].as_i64(), r.body["Resources"][0]["id"].as_str()),
        (Some(1), Some(id.as_str())),
        "{}",
        r.text
    );
    let r = scim(&app, Method::GET, &filter("externalId eq \"hr-1\""), &t, None).await;
    assert_eq!(r.body["totalResults"], 1, "{}", r.text);
    let r = scim(&app, Method::GET, &filter("userName eq \"nobody@demo.plant\""), &t, None).await;
    assert_eq!(
        (r.body["totalResults"].as_i64(), r.body["Resources"].as_array().map(Vec::len)),
        (Some(0), Some(0))
    );
    let r = scim(&app, Method::GET, &filter("name.familyName co \"L\""), &t, None).await;
    assert_eq!(
        (r.status, r.body["scimType"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalidFilter"))
    );
    let mut eve = person("eve@demo.plant", "hr-5");
    eve[OWN]["badge"] = json!("B5");
    eve[ENT]["employeeNumber"] = json!("5");
    let r = scim(&app, Method::POST, "/scim/v2/Users", &t, Some(eve)).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let all = scim(&app, Method::GET, "/scim/v2/Users", &t, None).await;
    let total = all.body["totalResults"].as_i64().unwrap();
    assert!(total >= 3, "{}", all.text);
    let r = scim(&app, Method::GET, "/scim/v2/Users?startIndex=2&count=1", &t, None).await;
    assert_eq!(
        (
            r.body["totalResults"].as_i64(),
            r.body["startIndex"].as_i64(),
            r.body["itemsPerPage"].as_i64()
        ),
        (Some(total), Some(2), Some(1))
    );
    assert_eq!(r.body["Resources"][0]["id"], all.body["Resources"][1]["id"]);

    // Replace: the extension left out is kept; the edit is audited as the console's.
    let put = json!({"schemas": ["urn:ietf:params:scim:schemas:core:2.0:User"], "userName": "ada@demo.plant",
                     "name": {"givenName": "Ada", "familyName": "King"}, "active": true});
    let r = scim(&app, Method::PUT, &format!("/scim/v2/Users/{id}"), &t, Some(put)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["name"]["familyName"], "King");
    assert_eq!(
        (r.body[OWN]["position"].as_str(), r.body[ENT]["department"].as_str()),
        (Some("operator"), Some("production"))
    );
    assert_eq!(audit_count(&app, "user.edit").await, 1);
}

#[tokio::test]
async fn scim_patch_active_false_ends_sessions_and_sign_in_and_delete_keeps_the_record() {
    let app = spawn().await;
    let t = plant(&app).await;
    let id = app.add(new_user("op.lead@demo.plant", "supervisor", "production")).await;
    let them = app.login("op.lead@demo.plant").await;
    assert_eq!(them.get("/api/users/current").await.status, StatusCode::OK);

    let off = json!({"schemas": ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
                     "Operations": [{"op": "Replace", "path": "active", "value": "False"}]});
    let r = scim(&app, Method::PATCH, &format!("/scim/v2/Users/{id}"), &t, Some(off)).await;
    assert_eq!((r.status, &r.body["active"]), (StatusCode::OK, &json!(false)), "{}", r.text);
    assert_eq!(them.get("/api/users/current").await.status, StatusCode::UNAUTHORIZED, "signed out");
    let again = app
        .client()
        .post("/api/users/login", &json!({"email": "op.lead@demo.plant", "password": PASSWORD}))
        .await;
    assert_ne!(again.status, StatusCode::OK, "cannot sign in");
    assert_eq!(audit_count(&app, "user.delete").await, 1);
    // Still SCIM's to see and to enable again.
    let r = scim(&app, Method::GET, &format!("/scim/v2/Users/{id}"), &t, None).await;
    assert_eq!(r.body["active"], false, "{}", r.text);
    let on = json!({"Operations": [{"op": "replace", "value": {"active": true, "name": {"givenName": "Olga"}}}]});
    let r = scim(&app, Method::PATCH, &format!("/scim/v2/Users/{id}"), &t, Some(on)).await;
    assert_eq!(
        (r.status, &r.body["active"], &r.body["name"]["givenName"]),
        (StatusCode::OK, &json!(true), &json!("Olga")),
        "{}",
        r.text
    );
    app.login("op.lead@demo.plant").await;
    let r = scim(
        &app,
        Method::PATCH,
        &format!("/scim/v2/Users/{id}"),
        &t,
        Some(json!({"Operations": [{"op": "jump"}]})),
    )
    .await;
    assert_eq!(
        (r.status, r.body["scimType"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalidSyntax"))
    );

    // DELETE disables and keeps the row and their signature (sign records name it).
    let signed = {
        use plantdoc_core::acks::{self, DocKind};
        let mut tx = app.state.db.begin().await.unwrap();
        let me = plantdoc_core::auth::users::find_by_id(&mut tx, &id).await.unwrap().unwrap();
        let sig = acks::sign(&mut tx, DocKind::new("swp"), "swp-1", "h1", &me, 1).await.unwrap();
        tx.commit().await.unwrap();
        sig
    };
    let r = scim(&app, Method::DELETE, &format!("/scim/v2/Users/{id}"), &t, None).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    let kept =
        scalar(&app, &format!("SELECT COUNT(*) FROM users WHERE id = '{id}' AND disabled = 1"))
            .await;
    assert_eq!(kept, 1);
    let sig = format!(
        "SELECT COUNT(*) FROM acknowledgements WHERE id = '{signed}' AND operator_id = '{id}'"
    );
    assert_eq!(scalar(&app, &sig).await, 1, "the signature keeps its person");
    assert_eq!(
        scim(&app, Method::GET, &format!("/scim/v2/Users/{id}"), &t, None).await.status,
        StatusCode::NOT_FOUND
    );
    let r = scim(&app, Method::DELETE, &format!("/scim/v2/Users/{id}"), &t, None).await;
    assert_eq!((r.status, &r.body["schemas"][0]), (StatusCode::NOT_FOUND, &json!(ERROR)));
}

#[tokio::test]
async fn scim_takes_only_a_scim_token_and_sees_only_its_company() {
    let app = spawn().await;
    let admin = app.signed_in_plant_admin("it@demo.plant", "manager", "quality").await;
    let t = make(&admin, &["scim"], 30).await.1;
    let (_, other_scope) = make(&admin, &["users:write"], 30).await;
    let r = scim(&app, Method::GET, "/scim/v2/Users", &other_scope, None).await;
    assert_eq!(
        (r.status, &r.body["schemas"][0], r.body["status"].as_str()),
        (StatusCode::FORBIDDEN, &json!(ERROR), Some("403")),
        "{}",
        r.text
    );
    let r = scim(&app, Method::GET, "/scim/v2/Users", "pd_nonsense", None).await;
    assert_eq!((r.status, &r.body["schemas"][0]), (StatusCode::UNAUTHORIZED, &json!(ERROR)));
    // A signed-in manager's cookie is no SCIM client.
    assert_eq!(admin.get("/scim/v2/Users").await.status, StatusCode::UNAUTHORIZED);

    // A plant administrator who is no manager administers no users, through SCIM neither.
    let eng = app.signed_in_plant_admin("eng.it@demo.plant", "engineer", "process").await;
    let (_, eng_token) = make(&eng, &["scim"], 30).await;
    let r = scim(&app, Method::GET, "/scim/v2/Users", &eng_token, None).await;
    assert_eq!(
        (r.status, r.body["detail"].as_str()),
        (StatusCode::FORBIDDEN, Some("User administration is for managers only.")),
        "{}",
        r.text
    );

    let other = app
        .add(UserInput {
            company_code: "mpd".into(),
            zones: vec![],
            ..new_user("far@demo.plant", "engineer", "process")
        })
        .await;
    let r = scim(&app, Method::GET, &format!("/scim/v2/Users/{other}"), &t, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = scim(&app, Method::GET, &filter("userName eq \"far@demo.plant\""), &t, None).await;
    assert_eq!(r.body["totalResults"], 0, "{}", r.text);
    let r = scim(
        &app,
        Method::PUT,
        &format!("/scim/v2/Users/{other}"),
        &t,
        Some(person("far@demo.plant", "x")),
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = scim(&app, Method::DELETE, &format!("/scim/v2/Users/{other}"), &t, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(scalar(&app, &format!("SELECT disabled FROM users WHERE id = '{other}'")).await, 0);
}
