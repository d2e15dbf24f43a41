//! The offline pack's files on S3 (aws-sdk-s3 against s3s-fs), stamping on (decision 126):
//! every link of the pack is same-origin and answers, to the kiosk account, the stored
//! bytes whose SHA-256 the pack names; nothing else is answered there (its links are
//! signed, decision 128).
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::header::COOKIE;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::helpers::*;
use crate::storage::{start_s3, S3_KEY, S3_SECRET};

/// A GET as `c` (its cookies): the status and the body's bytes.
async fn bytes(c: &Client, path: &str) -> (StatusCode, Vec<u8>) {
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let r = c.http.get(format!("{}{path}", c.base)).header(COOKIE, cookies.join("; "));
    let r = r.send().await.expect("request");
    (r.status(), r.bytes().await.expect("body").to_vec())
}

/// Every (sha256, url) of the pack: the parts' and alerts' files, and each alert's `url`.
fn links(p: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let docs = p["parts"].as_array().unwrap().iter().chain(p["alerts"].as_array().unwrap());
    for d in docs {
        for f in d["files"].as_array().unwrap() {
            out.push((f["sha256"].as_str().unwrap().into(), f["url"].as_str().unwrap().into()));
        }
        if let Some(url) = d["url"].as_str() {
            out.push((d["files"][0]["sha256"].as_str().unwrap().into(), url.into()));
        }
    }
    out
}

#[tokio::test]
async fn on_s3_every_link_of_the_pack_is_same_origin_and_answers_the_named_bytes() {
    let s3 = start_s3().await;
    let app = spawn_with(&[
        ("storage.backend", "s3"),
        ("storage.s3.bucket", "plantdoc-offline"),
        ("storage.s3.endpoint", &s3.endpoint),
        ("storage.s3.access_key_id", S3_KEY),
        ("storage.s3.secret_access_key", S3_SECRET),
        ("storage.s3.path_style", "true"),
        ("storage.stamp", "true"),
    ])
    .await;
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let netbook = app.client();
    let login = json!({"email": "kiosk@demo.plant", "password": DEMO_PASSWORD});
    assert_eq!(netbook.post("/api/users/login", &login).await.status, StatusCode::OK);
    let r = netbook.get("/api/island/offline?zone=A1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let links = links(&r.body);
    assert!(links.len() > 10, "the demo's A1 documents and alerts: {}", links.len());
    assert!(r.body["alerts"][0]["url"].is_string(), "{}", r.body["alerts"]);
    for (sha, url) in &links {
        assert!(url.starts_with("/api/island/offline/file/") && !url.contains("//"), "{url}");
        let (status, body) = bytes(&netbook, url).await;
        assert_eq!(status, StatusCode::OK, "{url}");
        assert_eq!(&format!("{:x}", Sha256::digest(&body)), sha, "{url}");
    }
    // Only the pack's files, only to a kiosk account of that zone.
    let url = &links[0].1;
    let none = format!("/api/island/offline/file/{}?zone=A1", "0".repeat(64));
    assert_eq!(bytes(&netbook, &none).await.0, StatusCode::NOT_FOUND);
    // A link is signed for its file, company and zone (decision 128): altered, it is none.
    let (sha, _) = &links[0];
    let swapped = url.replacen(sha.as_str(), &links.iter().find(|l| &l.0 != sha).unwrap().0, 1);
    assert_eq!(bytes(&netbook, &swapped).await.0, StatusCode::NOT_FOUND, "{swapped}");
    let key = url.replacen("&k=", "&k=x", 1);
    assert_eq!(bytes(&netbook, &key).await.0, StatusCode::NOT_FOUND, "{key}");
    let other = netbook.get(&url.replace("zone=A1", "zone=Z9")).await;
    assert_eq!(other.status, StatusCode::BAD_REQUEST, "{}", other.text);
    assert!(other.body["zone"].is_string(), "{}", other.text);
    let manager = app.client();
    let login = json!({"email": "manager.process@demo.plant", "password": DEMO_PASSWORD});
    assert_eq!(manager.post("/api/users/login", &login).await.status, StatusCode::OK);
    assert_eq!(bytes(&manager, url).await.0, StatusCode::FORBIDDEN);
    assert_eq!(bytes(&app.client(), url).await.0, StatusCode::UNAUTHORIZED);
}
