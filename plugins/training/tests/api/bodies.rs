//! Request bodies read into typed requests (decision 124): one 400 names every bad field
//! of a change; a body that is not a JSON object, is malformed or is not JSON is refused
//! under `body` in the same JSON shape (never a 422 or text/plain); the OpenAPI document
//! shows the requests' own types.
use std::collections::BTreeSet;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

const LEVEL: &str = "Please select a training level from -1 to 4";

/// The property names of an object schema, through `allOf` (a flattened part).
fn props(schema: &Value, names: &mut BTreeSet<String>) {
    names.extend(schema["properties"].as_object().into_iter().flat_map(|p| p.keys().cloned()));
    for part in schema["allOf"].as_array().into_iter().flatten() {
        props(part, names);
    }
}

#[tokio::test]
async fn typed_bodies_answer_every_field_at_once_in_the_spec_shape() {
    let app = app(&[]).await;
    let c = leader(&app).await;
    let op = operator(&app, "OP1", "mpk").await;
    part(&app, "mpk", "P-1").await;
    assert_eq!(add_part(&c, "P-1", 4).await.status, StatusCode::OK);
    assert_eq!(add_op(&c, &op).await.status, StatusCode::OK);

    // Two bad fields of one change, and the database's verdict beside them: one 400.
    let r = c
        .post(
            "/api/training/matrix/add/op",
            &with(a1(), json!({"opId": "nobody", "certTargetOpHours": "x"})),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(
        r.body,
        json!({"opId": "Please select the operator number", "certTargetOpHours": "Hours must be between 0 and 24"})
    );
    let r =
        c.post("/api/training/add", &json!({"partNumber": "P-1", "op": "", "squares": 5})).await;
    assert_eq!(r.body, json!({"op": "Please select the operator number", "squares": LEVEL}));
    let r = c
        .post(
            "/api/training/waivers",
            &json!({"opId": op, "partNumber": "NOPE", "reason": " ", "days": "8"}),
        )
        .await;
    assert_eq!(
        r.body,
        json!({"partNumber": "Please select the part number", "reason": "Please give the reason (at most 500 characters).", "days": "A waiver lasts 1 to 7 days."})
    );
    // The matrix is checked (and its editor) before the other fields.
    let r = c
        .post("/api/training/certs/op", &json!({"opNumber": "OP1", "certTargetOpHours": 99}))
        .await;
    let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["cell", "shift", "zone"], "{}", r.text);

    // Not an object, malformed, not JSON at all: `body`, in JSON, 400.
    let routes = [
        (Method::POST, "/api/training/matrix/edit/block"),
        (Method::POST, "/api/training/matrix/add/genesis-block"),
        (Method::POST, "/api/training/matrix/add/part"),
        (Method::POST, "/api/training/matrix/add/op"),
        (Method::DELETE, "/api/training/matrix/delete/op"),
        (Method::DELETE, "/api/training/matrix/delete/part"),
        (Method::POST, "/api/training/certs/op"),
        (Method::POST, "/api/training/certs/part"),
        (Method::POST, "/api/training/add"),
        (Method::POST, "/api/training/waivers"),
        (Method::POST, "/api/swps/uploadS3"),
        (Method::POST, "/api/alerts/uploadS3"),
    ];
    let bodies = [
        ("[1]", "Expected a JSON object."),
        ("\"x\"", "Expected a JSON object."),
        ("null", "Expected a JSON object."),
        ("{", "Malformed JSON."),
        ("{} x", "Malformed JSON."),
    ];
    for (method, path) in &routes {
        for (body, want) in bodies {
            let r = c.send(method.clone(), path, Some(body.into()), &[]).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path} {body}: {}", r.text);
            assert_eq!(r.body, json!({"body": want}), "{path} {body}");
            let json = r.headers["content-type"].to_str().unwrap().starts_with("application/json");
            assert!(json, "{path} {body}: {:?}", r.headers["content-type"]);
        }
        let plain = [("content-type", "text/plain")];
        let r = c.send(method.clone(), path, None, &plain).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path} without JSON: {}", r.text);
        assert!(r.body["body"].as_str().unwrap().starts_with("Expected a JSON body"), "{path}");
    }
    // A batch of ids is a list: anything else in the kind's words.
    let r = c.post("/api/swps/delete-pending", &json!({"ids": ["a"]})).await;
    assert_eq!(r.body, json!({"body": "Send a list of SWP ids."}));
    let r = c.post("/api/alerts/delete-deployed", &json!([])).await;
    assert_eq!(r.body, json!({"body": "Select at least one alert."}));
    let written =
        scalar(&app, "SELECT COUNT(*) FROM audit_log WHERE action LIKE 'training.%'").await;
    assert_eq!(written, 2, "nothing refused was written");

    // The document shows the requests' own types.
    let doc = c.get("/api/openapi.json").await.body;
    let body = |path: &str, method: &str| {
        let s = &doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"];
        let mut names = BTreeSet::new();
        props(s, &mut names);
        names.into_iter().collect::<Vec<_>>()
    };
    let column = ["cell", "certTargetPartHours", "part", "partDesc", "partNumber", "partRotation"];
    assert_eq!(
        body("/api/training/matrix/add/part", "post"),
        [&column[..], &["shift", "zone"]].concat()
    );
    assert_eq!(body("/api/training/matrix/edit/block", "post"), ["blockId", "squares"]);
    let line = ["cell", "opId", "shift", "zone"];
    assert_eq!(body("/api/training/matrix/delete/op", "delete"), line);
    let target = ["cell", "certTargetPartHours", "partNumber", "shift", "zone"];
    assert_eq!(body("/api/training/certs/part", "post"), target);
    assert_eq!(
        body("/api/training/waivers", "post"),
        ["days", "opId", "part", "partNumber", "reason"]
    );
    for (path, some) in [
        ("/api/swps/uploadS3", ["fileIds", "translations", "changeRequest", "bypassManagement"]),
        ("/api/alerts/uploadS3", ["alertFile", "effectiveDate", "sunsetDate", "changeRequest"]),
    ] {
        let names = body(path, "post");
        for name in some.iter().chain(&["partNumber", "zones", "changes", "onBehalfOf", "corrects"])
        {
            assert!(names.iter().any(|n| n == name), "{path}: {name} not in {names:?}");
        }
        assert!(!names.iter().any(|n| n == "given"), "{path}: {names:?}");
    }
    let ids = &doc["paths"]["/api/swps/delete-pending"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"];
    assert_eq!((ids["type"].as_str(), ids["maxItems"].as_u64()), (Some("array"), Some(100)));
}
