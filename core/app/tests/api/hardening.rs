//! The security decisions (docs/security.md) seen from outside: the JSON error shape for what axum
//! rejects itself, 405 before CSRF, the security headers (CSP, sandboxed files, Permissions-Policy,
//! COOP, HSTS on https), and the generated server secret kept across restarts.
use bytes::Bytes;
use reqwest::{Method, StatusCode};

use crate::helpers::*;

fn is_json(r: &Resp) -> bool {
    r.headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"))
}

#[tokio::test]
async fn bad_path_and_query_parameters_answer_the_json_error_shape() {
    let app = spawn().await;
    let c = app.signed_in("eng@demo.plant", "engineer", "process").await;
    for path in [
        "/api/swps/swp/%FF%FE",
        "/api/swps/deployed-swp?partId=a&partId=b",
        "/api/swps/deployed-paginated?page=x&page=y",
    ] {
        let r = c.get(path).await;
        assert!(r.status.is_client_error(), "{path}: {} {}", r.status, r.text);
        assert!(is_json(&r), "{path}: {:?} {}", r.headers.get("content-type"), r.text);
        assert!(r.body["error"].is_string(), "{path}: {}", r.text);
    }
}

#[tokio::test]
async fn unrouted_methods_answer_405_in_json_before_csrf() {
    let app = spawn().await;
    let signed_in = app.signed_in("eng@demo.plant", "engineer", "process").await;
    let session = signed_in.session_cookie().unwrap();
    // No CSRF token at all, anonymous or signed in: the method is what is wrong.
    let http = reqwest::Client::new();
    for cookie in ["", session.as_str()] {
        for (method, path) in [
            (Method::PUT, "/api/users/login"),
            (Method::DELETE, "/api/swps/uploadPdf"),
            (Method::PATCH, "/api/modules"),
            (Method::GET, "/api/swps/uploadS3"),
        ] {
            let r = http
                .request(method.clone(), format!("{}{path}", app.base))
                .header("cookie", format!("__Host-plantdoc_session={cookie}"))
                .send()
                .await
                .unwrap();
            let r = app.client().absorb(r).await;
            assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}: {}", r.text);
            assert!(is_json(&r) && r.body["error"].is_string(), "{method} {path}: {}", r.text);
            assert!(r.headers.get("allow").is_some(), "{method} {path}: Allow kept");
        }
    }
    // A routed unsafe method without the token is still refused by CSRF.
    let r = http
        .post(format!("{}/api/users/login", app.base))
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::FORBIDDEN);
}

async fn headers_of(app: &TestApp, path: &str) -> reqwest::header::HeaderMap {
    reqwest::get(format!("{}{path}", app.base)).await.unwrap().headers().clone()
}

#[tokio::test]
async fn the_app_and_files_carry_the_security_headers() {
    let app = spawn().await;
    std::fs::create_dir_all(app.tmp.path().join("web")).unwrap();
    std::fs::write(app.tmp.path().join("web/index.html"), "<!doctype html><title>t</title>")
        .unwrap();
    let h = headers_of(&app, "/").await;
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("script-src 'self';") && !csp.contains("unsafe-eval"), "{csp}");
    assert!(csp.contains("object-src 'none'") && csp.contains("frame-ancestors 'self'"), "{csp}");
    assert!(h["permissions-policy"].to_str().unwrap().contains("camera=()"));
    assert_eq!(h["cross-origin-opener-policy"], "same-origin");
    assert!(h.get("strict-transport-security").is_none(), "no HSTS on http");
    assert!(headers_of(&app, "/api/modules").await.contains_key("content-security-policy"));
    // A stored file opens sandboxed; a refused link stays JSON the viewer can read.
    let blob = app
        .state
        .storage
        .put_bytes("swp", Bytes::from_static(b"%PDF-1.4 x"), "application/pdf")
        .await
        .unwrap();
    let link = app
        .state
        .storage
        .link(&blob.key, "a.pdf", "application/pdf", app.clock_now())
        .await
        .unwrap();
    let r = reqwest::get(format!("{}{link}", app.base)).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    let csp = r.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert_eq!(csp, "sandbox allow-same-origin", "no scripts, forms or popups in a stored file");
    assert_eq!(r.headers()["x-content-type-options"], "nosniff");
    let bad = reqwest::get(format!("{}{}", app.base, link.replace("sig=", "sig=0"))).await.unwrap();
    assert_eq!(bad.status(), StatusCode::FORBIDDEN);
    assert!(!bad.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"));
}

#[tokio::test]
async fn hsts_and_the_s3_endpoint_follow_the_settings() {
    let app = spawn_with(&[("server.public_url", "https://docs.plant.example")]).await;
    assert_eq!(
        headers_of(&app, "/healthz").await["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    let s = settings(&[
        ("storage.backend", "s3"),
        ("storage.s3.bucket", "docs"),
        ("storage.s3.endpoint", "http://127.0.0.1:9000"),
        ("storage.s3.path_style", "true"),
    ]);
    let csp = plantdoc_core::http::guard::app_csp(&s);
    assert!(
        csp.contains("frame-src 'self' blob: http://127.0.0.1:9000;")
            && csp.contains("media-src 'self' blob: http://127.0.0.1:9000;"),
        "{csp}"
    );
    assert!(
        csp.contains("connect-src 'self' http://127.0.0.1:9000;"),
        "the viewer probes S3 links: {csp}"
    );
}

/// Without `server.secret` the key is made once and kept in the database: a signed link
/// made before a restart opens after it, and a second instance on the same database
/// opens it too.
#[tokio::test]
async fn a_generated_secret_survives_a_restart_and_is_shared() {
    let mut first = spawn_with(&[("server.secret", "")]).await;
    let blob = first
        .state
        .storage
        .put_bytes("swp", Bytes::from_static(b"%PDF-1.4 kept"), "application/pdf")
        .await
        .unwrap();
    let link = first
        .state
        .storage
        .link(&blob.key, "kept.pdf", "application/pdf", first.clock_now())
        .await
        .unwrap();
    assert_eq!(
        reqwest::get(format!("{}{link}", first.base)).await.unwrap().status(),
        StatusCode::OK
    );
    let files = first.tmp.path().join("files").display().to_string();
    let db = first.db_url.clone();
    let _ = first.stop.take().unwrap().send(());
    let _ = (&mut first.server).await;
    let again = spawn_on(
        tempfile::tempdir().unwrap(),
        db.clone(),
        &[("server.secret", ""), ("storage.dir", &files)],
    )
    .await;
    let twin = spawn_on(
        tempfile::tempdir().unwrap(),
        db,
        &[("server.secret", ""), ("storage.dir", &files)],
    )
    .await;
    for app in [&again, &twin] {
        let r = reqwest::get(format!("{}{link}", app.base)).await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "the link made before the restart still opens");
        assert_eq!(r.bytes().await.unwrap().as_ref(), b"%PDF-1.4 kept");
    }
    // A CSRF token from one instance is good on the other.
    let c = again.client();
    c.get("/api/users/current").await;
    let token = c.cookie("__Host-plantdoc_csrf").expect("csrf cookie");
    let other = twin.client();
    other.set_cookie("__Host-plantdoc_csrf", &token);
    let r = other
        .post(
            "/api/users/login",
            &serde_json::json!({"email": "nobody@demo.plant", "password": "x"}),
        )
        .await;
    assert_ne!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
}
