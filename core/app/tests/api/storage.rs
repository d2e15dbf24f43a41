//! Blob storage against both backends: the local folder, and S3 through aws-sdk-s3
//! against a real S3-compatible server (s3s-fs) started here.
use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bytes::Bytes;
use plantdoc_core::storage::PutError;
use reqwest::StatusCode;
use sha2_hex::sha256_hex;

use crate::helpers::*;

mod sha2_hex {
    pub fn sha256_hex(b: &[u8]) -> String {
        use std::io::Write;
        use std::process::{Command, Stdio};
        // An independent SHA-256 (coreutils), not the code under test.
        let mut c =
            Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        c.stdin.take().unwrap().write_all(b).unwrap();
        let out = c.wait_with_output().unwrap();
        String::from_utf8(out.stdout).unwrap().split_whitespace().next().unwrap().to_string()
    }
}

pub struct S3Server {
    child: Child,
    pub endpoint: String,
    _dir: tempfile::TempDir,
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

pub const S3_KEY: &str = "plantdoc-test";
pub const S3_SECRET: &str = "plantdoc-test-secret-key";

fn s3s_binary() -> String {
    let home = std::env::var("HOME").unwrap_or_default();
    let cargo_bin = format!("{home}/.cargo/bin/s3s-fs");
    if std::path::Path::new(&cargo_bin).exists() {
        cargo_bin
    } else {
        "s3s-fs".into()
    }
}

pub async fn start_s3() -> S3Server {
    let dir = tempfile::tempdir().unwrap();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = s3_on(dir.path(), port).await;
    S3Server { child, endpoint: format!("http://127.0.0.1:{port}"), _dir: dir }
}

/// s3s-fs serving `dir` on `port` (the drills restart it on the same folder and port).
pub async fn s3_on(dir: &std::path::Path, port: u16) -> Child {
    let child = Command::new(s3s_binary())
        .args([
            "--host",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--access-key",
            S3_KEY,
            "--secret-key",
            S3_SECRET,
        ])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("s3s-fs (cargo install s3s-fs --features binary; `make test` does it)");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    child
}

pub async fn s3_app(s3: &S3Server, extra: &[(&str, &str)]) -> TestApp {
    let mut o: Vec<(&str, &str)> = vec![
        ("storage.backend", "s3"),
        ("storage.s3.bucket", "plantdoc-test"),
        ("storage.s3.endpoint", &s3.endpoint),
        ("storage.s3.access_key_id", S3_KEY),
        ("storage.s3.secret_access_key", S3_SECRET),
        ("storage.s3.path_style", "true"),
    ];
    o.extend_from_slice(extra);
    spawn_with(&o).await
}

fn chunks(
    data: &[u8],
) -> impl futures::Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static {
    let parts: Vec<Result<Bytes, std::io::Error>> =
        data.chunks(7000).map(|c| Ok(Bytes::copy_from_slice(c))).collect();
    futures::stream::iter(parts)
}

fn absolute(app: &TestApp, link: &str) -> String {
    if link.starts_with("http") {
        link.to_string()
    } else {
        format!("{}{}", app.base, link)
    }
}

/// What both backends must do.
async fn exercise(app: &TestApp) {
    let data: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
    let blob = app
        .state
        .storage
        .put_stream("swp", chunks(&data), 1_000_000, "application/pdf")
        .await
        .unwrap();
    assert_eq!(blob.size, 100_000);
    assert_eq!(blob.sha256, sha256_hex(&data), "SHA-256 recorded while streaming");
    assert!(blob.key.starts_with("swp/"));
    assert!(app.state.storage.exists(&blob.key).await.unwrap());
    assert_eq!(app.state.storage.checksum(&blob.key).await.unwrap(), blob.sha256);
    assert_eq!(app.state.storage.list().await.unwrap(), vec![blob.key.clone()]);

    let link = app
        .state
        .storage
        .link(&blob.key, "../../Work Chart.pdf", "application/pdf", app.clock_now())
        .await
        .unwrap();
    let r = reqwest::get(absolute(app, &link)).await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "application/pdf");
    assert_eq!(r.headers()["content-disposition"], "inline; filename=\"Work Chart.pdf\"");
    assert_eq!(r.bytes().await.unwrap().as_ref(), &data[..]);

    // An altered link: another signature, or the same signature on another file.
    let tampered = flip_signature(&link);
    assert_ne!(tampered, link);
    assert_eq!(
        reqwest::get(absolute(app, &tampered)).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    let other = app
        .state
        .storage
        .put_bytes("swp", Bytes::from_static(b"%PDF-1.4 other"), "application/pdf")
        .await
        .unwrap();
    let swapped = link.replace(&blob.key, &other.key);
    assert_eq!(
        reqwest::get(absolute(app, &swapped)).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );

    // Too large: refused while streaming, nothing stored.
    let before = app.state.storage.list().await.unwrap();
    let e = app
        .state
        .storage
        .put_stream("swp", chunks(&data), 50_000, "application/pdf")
        .await
        .err()
        .unwrap();
    assert!(matches!(e, PutError::TooLarge { limit: 50_000 }), "{e}");
    assert_eq!(app.state.storage.list().await.unwrap(), before);

    app.state.storage.delete(&other.key).await.unwrap();
    assert!(!app.state.storage.exists(&other.key).await.unwrap());
}

/// The link with one hex digit of its signature changed.
fn flip_signature(link: &str) -> String {
    let key = if link.contains("X-Amz-Signature=") { "X-Amz-Signature=" } else { "sig=" };
    let at = link.find(key).unwrap() + key.len();
    let c = &link[at..at + 1];
    let new = if c == "0" { "1" } else { "0" };
    format!("{}{}{}", &link[..at], new, &link[at + 1..])
}

impl TestApp {
    pub fn clock_now(&self) -> i64 {
        use plantdoc_core::clock::Clock;
        self.clock.now_ms()
    }
}

#[tokio::test]
async fn folder_backend() {
    let app = spawn().await;
    exercise(&app).await;
    // No temporary file is left behind.
    let tmp = app.tmp.path().join("files/.tmp");
    assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0);
}

#[tokio::test]
async fn folder_links_expire_within_five_minutes() {
    let app = spawn().await;
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
    let c = app.client();
    assert_eq!(c.get(&link).await.status, StatusCode::OK);
    app.clock.advance_secs(299);
    assert_eq!(c.get(&link).await.status, StatusCode::OK);
    app.clock.advance_secs(2);
    let r = c.get(&link).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert_eq!(r.body["error"], "This link is invalid or has expired.");
    assert_eq!(
        c.get(&format!("/files/{}", blob.key)).await.status,
        StatusCode::FORBIDDEN,
        "no signature"
    );
    assert_eq!(
        c.get("/files/..%2F..%2Fetc/passwd?exp=1&name=a&ct=b&sig=c").await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn s3_backend() {
    let s3 = start_s3().await;
    let app = s3_app(&s3, &[]).await;
    exercise(&app).await;
}

#[tokio::test]
async fn s3_links_expire() {
    let s3 = start_s3().await;
    // 3 s: the signing time is whole seconds, so a 1 s link could be stale before its first
    // request on a loaded machine (it failed so once).
    let app = s3_app(&s3, &[("storage.link_ttl_secs", "3")]).await;
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
    assert!(link.contains("X-Amz-Expires=3"), "{link}");
    assert_eq!(reqwest::get(&link).await.unwrap().status(), StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(4500)).await;
    assert_eq!(reqwest::get(&link).await.unwrap().status(), StatusCode::FORBIDDEN);
}

#[test]
fn link_lifetime_over_five_minutes_is_a_config_error() {
    let e = plantdoc_core::config::Settings::load_with(
        &config_dir(),
        &[("storage.link_ttl_secs", "301")],
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("storage.link_ttl_secs"), "{e}");
}

#[tokio::test]
async fn no_file_row_without_its_blob_when_s3_goes_down() {
    use plantdoc_core::storage::FileMeta;
    let s3 = start_s3().await;
    let app = s3_app(&s3, &[]).await;
    let meta = || FileMeta {
        module: "swp",
        owner_id: None,
        filename: "../../a.pdf",
        content_type: "application/pdf",
        state: "pending",
    };
    let ok = app
        .state
        .storage
        .store_file(&app.state.db, T0, meta(), chunks(b"%PDF-1.4 ok"), 1000)
        .await
        .unwrap();
    assert_eq!(ok.filename, "a.pdf");
    assert!(app.state.storage.exists(&ok.key).await.unwrap());
    drop(s3); // the S3 server is killed
    let e = app
        .state
        .storage
        .store_file(&app.state.db, T0, meta(), chunks(b"%PDF-1.4 lost"), 1000)
        .await;
    assert!(e.is_err());
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM files").await,
        1,
        "only the stored file has a row"
    );
}

/// S3 out of reach (docs/security.md, "Second probe"): an upload is told to try again,
/// with the `file` field's message and `Retry-After`, not a 500.
#[tokio::test]
async fn an_upload_while_s3_is_unreachable_answers_503_and_when_to_try_again() {
    use crate::swp::support::{multipart, pdf, send_bytes};
    let s3 = start_s3().await;
    let app = s3_app(&s3, &[]).await;
    let eng = app.signed_in("eng@demo.plant", "engineer", "process").await;
    let upload = || async {
        let (ct, body) =
            multipart(&[("filepond", Some("a.pdf"), "application/pdf", &pdf("outage", 1))]);
        send_bytes(&eng, reqwest::Method::POST, "/api/swps/uploadPdf", body, &ct).await
    };
    assert_eq!(upload().await.status, StatusCode::OK);
    drop(s3); // the S3 server is killed: its port refuses connections
    let r = upload().await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text);
    assert_eq!(
        r.body,
        serde_json::json!({"file": "Document storage cannot be reached; try again in a minute."})
    );
    assert_eq!(r.headers["retry-after"], "60");
    assert_eq!(scalar(&app, "SELECT COUNT(*) FROM files").await, 1, "nothing recorded");
}
