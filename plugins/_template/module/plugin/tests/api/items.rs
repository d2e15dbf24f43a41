use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

/// The module's release, where it is switched on.
const RELEASE: [(&str, &str); 1] = [("release", "{{release}}")];

#[tokio::test]
async fn staff_add_items_and_read_their_companys() {
    let app = spawn_with(&RELEASE).await;
    assert_eq!(app.client().get("/api/{{id}}/items").await.status, StatusCode::UNAUTHORIZED);
    let eng = app.signed_in("eng@{{id}}.test", "engineer", "process").await;
    assert_eq!(eng.get("/api/{{id}}/items").await.body, json!([]));
    let r = eng.post("/api/{{id}}/items", &json!({"title": "  First  "})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["title"], "First");
    assert_eq!(r.body["createdAt"], T0);
    let list = eng.get("/api/{{id}}/items").await.body;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["_id"], r.body["_id"]);
    // Bad input is a field map; operators may not add.
    let r = eng.post("/api/{{id}}/items", &json!({"title": " "})).await;
    assert_eq!((r.status, r.body), (StatusCode::BAD_REQUEST, json!({"title": "Please enter a title."})));
    let r = eng.post("/api/{{id}}/items", &json!({"title": "x".repeat(201)})).await;
    assert_eq!(r.body, json!({"title": "At most 200 characters."}));
    let sup = app.signed_in("sup@{{id}}.test", "supervisor", "production").await;
    assert_eq!(sup.get("/api/{{id}}/items").await.body.as_array().unwrap().len(), 1, "same company");
}

#[tokio::test]
async fn the_title_limit_is_a_setting() {
    let app = spawn_with(&[RELEASE[0], ("modules.{{id}}.max_title_chars", "3")]).await;
    let eng = app.signed_in("eng@{{id}}.test", "engineer", "process").await;
    let r = eng.post("/api/{{id}}/items", &json!({"title": "four"})).await;
    assert_eq!(r.body, json!({"title": "At most 3 characters."}));
}
