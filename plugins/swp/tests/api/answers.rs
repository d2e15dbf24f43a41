//! The answers are the types the OpenAPI document shows: every key an SWP or alert answer
//! sends is a property of its route's 200 schema, and every required property is sent.
use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

/// The properties and the required ones of an object schema (through `allOf`, as a
/// flattened field is described).
fn props(schema: &Value, names: &mut BTreeSet<String>, required: &mut BTreeSet<String>) {
    if let Some(p) = schema["properties"].as_object() {
        names.extend(p.keys().cloned());
    }
    if let Some(r) = schema["required"].as_array() {
        required.extend(r.iter().filter_map(|x| x.as_str().map(String::from)));
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        props(part, names, required);
    }
}

/// Checks `answer` (an object) against `schema`; `what` names it in messages.
fn conforms(schema: &Value, answer: &Value, what: &str) {
    let (mut names, mut required) = (BTreeSet::new(), BTreeSet::new());
    props(schema, &mut names, &mut required);
    let sent: BTreeSet<String> = answer.as_object().unwrap().keys().cloned().collect();
    let undeclared: Vec<_> = sent.difference(&names).collect();
    assert!(undeclared.is_empty(), "{what}: {undeclared:?} not in the schema {names:?}");
    let missing: Vec<_> = required.difference(&sent).collect();
    assert!(missing.is_empty(), "{what}: required {missing:?} not sent");
}

/// The 200 schema of `GET path` (or `POST`).
fn ok_schema<'a>(doc: &'a Value, method: &str, path: &str) -> &'a Value {
    &doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"]
}

#[tokio::test]
async fn swp_and_alert_answers_are_their_documented_types() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let doc = crew.eng.get("/api/openapi.json").await.body;
    let id = deployed(&crew, "7300-C", json!({})).await;
    submit(&crew.eng, "7301-P", json!({})).await;

    let list = crew.eng.get("/api/swps/user-deployed-swps").await.body;
    let item = ok_schema(&doc, "get", "/api/swps/user-deployed-swps")["items"].clone();
    conforms(&item, &list[0], "an SWP of a list");
    assert!(list[0]["urls"].is_null() && list[0]["opsSigned"].is_array(), "{}", list[0]);
    let pending = crew.process.get("/api/swps/pending-my-approval").await.body;
    conforms(ok_schema(&doc, "get", "/api/swps/pending-my-approval"), &pending, "pending");
    let history = crew.eng.get(&format!("/api/swps/signed-ops/{id}")).await.body;
    conforms(ok_schema(&doc, "get", "/api/swps/signed-ops/{swpId}"), &history, "signed-ops");
    let links = crew.eng.get(&format!("/api/swps/signed-urls/{id}")).await.body;
    conforms(ok_schema(&doc, "get", "/api/swps/signed-urls/{swpId}"), &links, "signed-urls");
    let page = crew.eng.get("/api/swps/deployed-swps-paginated").await.body;
    conforms(ok_schema(&doc, "get", "/api/swps/deployed-swps-paginated"), &page, "a page");
    for (path, q) in [("/api/swps/search-text", "q=seal"), ("/api/alerts/search-text", "q=seal")] {
        let found = crew.eng.get(&format!("{path}?{q}")).await.body;
        conforms(ok_schema(&doc, "get", path), &found, path);
    }

    let a = crate::alerts::support::submit(&crew.eng, json!({})).await;
    let schema = &ok_schema(&doc, "post", "/api/alerts/uploadS3")["properties"]["alert"];
    conforms(schema, &a, "an alert submitted");
    let alerts = crew.eng.get("/api/alerts/user-pending-alerts").await.body;
    let item = &ok_schema(&doc, "get", "/api/alerts/user-pending-alerts")["items"];
    conforms(item, &alerts[0], "an alert of a list");
    assert_eq!(alerts[0]["mine"], true);
    let one = crew.eng.get(&format!("/api/alerts/alert/{}", a["_id"].as_str().unwrap())).await;
    let schema = &ok_schema(&doc, "get", "/api/alerts/alert/{alertId}")["properties"]["alert"];
    conforms(schema, &one.body["alert"], "an alert viewed");
}
