//! The HTTP layer: errors in the spec's shapes, limits, gzip, request ids, health,
//! static serving, OpenAPI coverage.
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn malformed_json_and_wrong_types_are_field_errors() {
    let app = spawn().await;
    let c = app.client();
    let r = c.send(Method::POST, "/api/users/login", Some("{\"email\": ".into()), &[]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, json!({"body": "Malformed JSON."}));
    let r = c.send(Method::POST, "/api/users/login", Some("\"just a string\"".into()), &[]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["body"].as_str().unwrap().starts_with("Invalid value"), "{}", r.body);
    // serde reads a struct from an array by position: a body of object type must be an object.
    let r = c.send(Method::POST, "/api/users/login", Some("[\"a@b.c\", \"pw\"]".into()), &[]).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, json!({"body": "Expected a JSON object."}));
    let r = c
        .send(
            Method::POST,
            "/api/users/forgotPassword",
            Some("{\"email\": {\"a\": 1}}".into()),
            &[],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["email"].is_string(), "{}", r.body);
    let r = c
        .send(
            Method::POST,
            "/api/users/login",
            Some("email=a".into()),
            &[("content-type", "application/x-www-form-urlencoded")],
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body, json!({"body": "Expected a JSON body (Content-Type: application/json)."}));
}

#[tokio::test]
async fn oversize_bodies_get_413() {
    let app = spawn_with(&[("server.body_limit", "1024")]).await;
    let big = json!({"email": "a".repeat(5000), "password": "x"}).to_string();
    let r = app.client().send(Method::POST, "/api/users/login", Some(big), &[]).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(r.body, json!({"error": "The request body is too large."}));
}

#[tokio::test]
async fn health_readiness_request_ids_and_gzip() {
    let app = spawn().await;
    let c = app.client();
    let h = c.get("/healthz").await;
    assert_eq!(h.status, StatusCode::OK);
    assert_eq!(h.body, json!({"status": "ok"}));
    assert!(h.headers["x-request-id"].to_str().unwrap().len() >= 32);
    let r = c.get("/readyz").await;
    assert_eq!(r.body, json!({"status": "ready"}));
    let raw = reqwest::Client::builder()
        .no_gzip()
        .build()
        .unwrap()
        .get(format!("{}/api/openapi.json", app.base))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(raw.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn unknown_api_paths_are_json_404_and_the_spa_falls_back_to_index() {
    let app = spawn().await;
    std::fs::create_dir_all(app.tmp.path().join("web")).unwrap();
    std::fs::write(app.tmp.path().join("web/index.html"), "<!doctype html><title>Plantdoc</title>")
        .unwrap();
    std::fs::write(app.tmp.path().join("web/main.js"), "console.log(1)").unwrap();
    let c = app.client();
    let r = c.get("/api/nothing/here").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body, json!({"error": "Not found."}));
    // So under the other prefix modules serve (SCIM's), never the shell.
    let scim = c.get("/scim/v2/Nothing").await;
    assert_eq!((scim.status, &scim.body), (StatusCode::NOT_FOUND, &json!({"error": "Not found."})));
    let page = c.get("/main/swps").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.text.contains("<title>Plantdoc</title>"));
    assert!(c.get("/login/reset/abc").await.text.contains("Plantdoc"));
    let main = c.get("/main.js").await;
    assert_eq!(main.text, "console.log(1)");
    assert_eq!(main.headers["cache-control"], "no-cache", "unhashed names are revalidated");
    std::fs::write(app.tmp.path().join("web/617.3f9a2c1b.js"), "x").unwrap();
    assert_eq!(
        c.get("/617.3f9a2c1b.js").await.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(c.get("/healthz").await.headers["cache-control"], "no-cache");
    assert_eq!(r.headers["cache-control"], "no-store", "API answers are never cached");
}

#[tokio::test]
async fn openapi_describes_every_route() {
    let app = spawn().await;
    let doc = app.client().get("/api/openapi.json").await.body;
    assert_eq!(doc["info"]["title"], "Plantdoc");
    let routes = plantdoc_core::http::api_routes(&app.state);
    let mut n = 0;
    for d in routes.docs() {
        let op = &doc["paths"][&d.path][d.method.as_str().to_lowercase()];
        assert!(op.is_object(), "{} {} missing", d.method, d.path);
        // Every status of the route's declared set has a response with a JSON schema.
        let statuses = d.statuses();
        // 204 (SCIM's DELETE) has no content.
        for s in statuses.iter().filter(|s| **s != 204) {
            let r = &op["responses"][s.to_string()];
            let content = r["content"]
                .as_object()
                .unwrap_or_else(|| panic!("{} {}: no response {s}", d.method, d.path));
            assert!(
                content.values().all(|c| c["schema"].is_object()),
                "{} {}: {s} has no schema",
                d.method,
                d.path
            );
        }
        assert_eq!(
            op["responses"].as_object().unwrap().len(),
            statuses.len(),
            "{} {}: only the declared statuses",
            d.method,
            d.path
        );
        // Signed-in tiers answer 401 and 403; unsafe methods 403 (CSRF); a body 400 and 413.
        if d.access != plantdoc_core::api::Access::Public {
            assert!(statuses.contains(&401) && statuses.contains(&403), "{} {}", d.method, d.path);
        }
        if d.method != Method::GET {
            assert!(statuses.contains(&403), "{} {}", d.method, d.path);
        }
        // Every path parameter is declared, and every route that reads a body says which.
        for p in d.path_params() {
            assert!(
                op["parameters"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x["name"] == p && x["in"] == "path"),
                "{} {}: {p}",
                d.method,
                d.path
            );
        }
        if op.get("requestBody").is_some() {
            assert!(statuses.contains(&400) && statuses.contains(&413), "{} {}", d.method, d.path);
        }
        // Uploads may meet a full disk: 507 with the `file` message (decision 51).
        if op["requestBody"]["content"].get("multipart/form-data").is_some() {
            assert!(statuses.contains(&507), "{} {}: uploads declare 507", d.method, d.path);
        }
        n += 1;
    }
    // Every route mounted (switched-off modules' included) declares its 200 answer's
    // shape: a JSON answer is never "any value".
    let (_, all) = plantdoc_core::http::router(app.state.clone());
    assert!(all.len() > n, "{} routes mounted, {n} enabled", all.len());
    for d in &all {
        let op = &doc["paths"][&d.path][d.method.as_str().to_lowercase()];
        let ok = op["responses"]["200"]["content"]
            .as_object()
            .unwrap_or_else(|| panic!("{} {}: no 200", d.method, d.path));
        if let Some(json) = ok.get("application/json") {
            let schema = json["schema"].as_object().unwrap();
            assert!(
                ["type", "$ref", "oneOf", "anyOf", "allOf"].iter().any(|k| schema.contains_key(*k)),
                "{} {}: the 200 answer declares no schema",
                d.method,
                d.path
            );
            if schema.get("type") == Some(&json!("object")) && !d.path.starts_with("/api/openapi") {
                assert!(
                    schema.contains_key("properties"),
                    "{} {}: an object answer names its keys",
                    d.method,
                    d.path
                );
            }
        }
    }
    assert!(doc["paths"]["/api/openapi.json"]["get"].is_object());
    assert!(
        doc["paths"]["/api/users/resetPassword/{token}"]["post"]["parameters"][0]["name"]
            == "token"
    );
    // Bodies and queries come from the Rust types (utoipa derives).
    let login = &doc["paths"]["/api/users/login"]["post"];
    let props = &login["requestBody"]["content"]["application/json"]["schema"]["properties"];
    assert!(props["email"].is_object() && props["password"].is_object(), "{login}");
    assert!(login["responses"]["429"].is_object() && login["responses"]["400"].is_object());
    assert_eq!(
        doc["components"]["schemas"]["FieldErrors"]["additionalProperties"]["type"],
        "string"
    );
    assert!(n >= 12, "{n} routes");
}

/// Routes that read a body or a query declare them (a module's routes included).
#[tokio::test]
async fn openapi_declares_bodies_queries_and_uploads() {
    let app = spawn().await;
    let doc = app.client().get("/api/openapi.json").await.body;
    let routes = plantdoc_core::http::api_routes(&app.state);
    for d in routes.docs() {
        let op = &doc["paths"][&d.path][d.method.as_str().to_lowercase()];
        if d.method == Method::POST && !d.path.ends_with("/logout") {
            assert!(op["requestBody"].is_object(), "{} {} declares no body", d.method, d.path);
        }
    }
    for (path, method) in [("/api/swps/uploadPdf", "post"), ("/api/alerts/uploadPond", "post")] {
        let op = &doc["paths"][path][method];
        if op.is_null() {
            continue; // the module is not enabled in this release
        }
        assert!(
            op["requestBody"]["content"]["multipart/form-data"]["schema"]["properties"]["file"]
                .is_object(),
            "{path}"
        );
    }
    let page = &doc["paths"]["/api/swps/deployed-swps-paginated"]["get"]["parameters"];
    if !page.is_null() {
        let names: Vec<&str> =
            page.as_array().unwrap().iter().filter_map(|p| p["name"].as_str()).collect();
        assert!(names.contains(&"sortBy") && names.contains(&"page"), "{names:?}");
    }
}
