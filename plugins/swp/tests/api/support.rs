//! Helpers of the SWP tests: people of any company/zones, real PDFs (lopdf) and MP4
//! headers, uploads as FilePond sends them, and a whole review round.
use plantdoc_core::auth::users::UserInput;
use plantdoc_swp::lopdf::content::{Content, Operation};
use plantdoc_swp::lopdf::{dictionary, Document, Object, Stream};
use reqwest::header::COOKIE;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;

/// Adds a user of `company` with `zones`; answers its id.
pub async fn add(
    app: &TestApp,
    email: &str,
    position: &str,
    department: &str,
    company: &str,
    z: &[&str],
) -> String {
    app.add(UserInput {
        company_code: company.into(),
        zones: zone_list(z),
        ..new_user(email, position, department)
    })
    .await
}

/// Adds a kiosk account (the island netbook's: operator, no badge, the kiosk flag) and
/// returns its id.
pub async fn kiosk(app: &TestApp, email: &str, company: &str, z: &[&str]) -> String {
    app.add(UserInput {
        firstname: "Island".into(),
        lastname: "Kiosk".into(),
        company_code: company.into(),
        zones: zone_list(z),
        kiosk: Some(true),
        ..new_user(email, "operator", "production")
    })
    .await
}

pub async fn login(app: &TestApp, email: &str) -> Client {
    app.login(email).await
}

/// A signed-in person of company mpk with zones A1, B2 (like `helpers::add_user`).
pub async fn person(
    app: &TestApp,
    email: &str,
    position: &str,
    department: &str,
) -> (Client, String) {
    let id = add(app, email, position, department, "mpk", &["A1", "B2"]).await;
    (login(app, email).await, id)
}

/// The people of one review round: an engineer and one reviewer per stage.
pub struct Crew {
    pub eng: Client,
    pub eng_id: String,
    pub process: Client,
    pub quality: Client,
    pub production: Client,
}

pub async fn crew(app: &TestApp) -> Crew {
    let (eng, eng_id) = person(app, "eng@demo.plant", "engineer", "process").await;
    let (process, _) = person(app, "rev.process@demo.plant", "supervisor", "process").await;
    let (quality, _) = person(app, "rev.quality@demo.plant", "manager", "quality").await;
    let (production, _) =
        person(app, "rev.production@demo.plant", "supervisor", "production").await;
    Crew { eng, eng_id, process, quality, production }
}

/// A real PDF with `pages` pages reading "<label> page N"; MediaBox and Resources are
/// inherited from the page tree, as many producers write them.
pub fn pdf(label: &str, pages: usize) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc
        .add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier"});
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font}});
    let mut kids: Vec<Object> = Vec::new();
    for i in 0..pages {
        let content = Content {
            operations: vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["F1".into(), 24.into()]),
                Operation::new("Td", vec![72.into(), 700.into()]),
                Operation::new(
                    "Tj",
                    vec![Object::string_literal(format!("{label} page {}", i + 1))],
                ),
                Operation::new("ET", vec![]),
            ],
        };
        let c = doc.add_object(Stream::new(dictionary! {}, content.encode().unwrap()));
        kids.push(
            doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => c})
                .into(),
        );
    }
    let media: Vec<Object> = vec![0.into(), 0.into(), 595.into(), 842.into()];
    doc.objects.insert(
        pages_id,
        Object::Dictionary(
            dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => pages as i64, "Resources" => resources, "MediaBox" => media},
        ),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut buf = Vec::new();
    doc.save_to(&mut buf).unwrap();
    buf
}

/// The text of each page of a PDF.
pub fn page_texts(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).expect("a readable PDF");
    let n = doc.get_pages().len() as u32;
    (1..=n).map(|p| doc.extract_text(&[p]).unwrap().trim().to_string()).collect()
}

/// `qpdf --check` on the bytes: (passed, output).
pub fn qpdf_check(bytes: &[u8]) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("merged.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("qpdf")
        .arg("--check")
        .arg(&path)
        .output()
        .expect("qpdf is installed");
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

/// A real two-second MP4 (H.264 + AAC, made with ffmpeg; tests/fixtures/real/README.md).
pub fn mp4() -> Vec<u8> {
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real/h264-aac.mp4"))
        .to_vec()
}

/// A real VP9 WebM (tests/fixtures/real): a WebM's header and track list are read, so
/// its magic bytes alone no longer pass (decision 51).
pub fn webm() -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/real/vp9.webm")).unwrap()
}

/// A multipart/form-data body: (content type, bytes). Parts: (field, filename, type, data).
pub fn multipart(parts: &[(&str, Option<&str>, &str, &[u8])]) -> (String, Vec<u8>) {
    let boundary = "----plantdocTestBoundary7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for (field, filename, ct, data) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match filename {
            Some(f) => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{field}\"; filename=\"{f}\"\r\n")
                    .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{field}\"\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(format!("Content-Type: {ct}\r\n\r\n").as_bytes());
        body.extend_from_slice(data);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// A request with a binary body, cookies and the CSRF header, like the browser's.
pub async fn send_bytes(
    c: &Client,
    method: Method,
    path: &str,
    body: Vec<u8>,
    content_type: &str,
) -> Resp {
    if c.cookie("__Host-plantdoc_csrf").is_none() {
        c.get("/api/users/current").await;
    }
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut req = c
        .http
        .request(method, format!("{}{}", c.base, path))
        .header("content-type", content_type)
        .body(body);
    if !cookies.is_empty() {
        req = req.header(COOKIE, cookies.join("; "));
    }
    if let Some(t) = c.cookie("__Host-plantdoc_csrf") {
        req = req.header("x-csrf-token", t);
    }
    c.absorb(req.send().await.expect("request")).await
}

/// FilePond's upload of one file to `uploadPdf`/`uploadVideo`.
pub async fn upload(c: &Client, route: &str, filename: &str, ct: &str, data: &[u8]) -> Resp {
    let (mct, body) = multipart(&[("filepond", Some(filename), ct, data)]);
    send_bytes(c, Method::POST, &format!("/api/swps/{route}"), body, &mct).await
}

pub async fn upload_ok(c: &Client, route: &str, filename: &str, data: &[u8]) -> String {
    let ct = if route == "uploadPdf" { "application/pdf" } else { "video/mp4" };
    let r = upload(c, route, filename, ct, data).await;
    assert_eq!(r.status, StatusCode::OK, "{route} {filename}: {}", r.text);
    r.body["serverId"].as_str().unwrap().to_string()
}

/// Uploads one PDF per section and answers the `fileIds` object.
pub async fn file_ids(c: &Client, tag: &str) -> Value {
    let swc = upload_ok(c, "uploadPdf", "swc.pdf", &pdf(&format!("{tag} SWC"), 1)).await;
    let jes = upload_ok(c, "uploadPdf", "jes.pdf", &pdf(&format!("{tag} JES"), 1)).await;
    let vis = upload_ok(c, "uploadPdf", "vis.pdf", &pdf(&format!("{tag} VIS"), 1)).await;
    json!({"swc": [swc], "jes": [jes], "vis": [vis], "video": null, "opin": []})
}

/// A submit payload with defaults, `extra` merged over it.
pub fn payload(files: Value, part: &str, extra: Value) -> Value {
    let mut p = json!({
        "fileIds": files, "partNumber": part, "format": "swp", "zones": ["A1", "B2"], "onBehalfOf": "CURRENT_USER",
        "newRelease": true, "referenceOnly": false, "changes": "", "bypassManagement": false,
    });
    for (k, v) in extra.as_object().unwrap() {
        p[k] = v.clone();
    }
    p
}

/// Uploads and submits an SWP; answers its id.
pub async fn submit(c: &Client, part: &str, extra: Value) -> String {
    let files = file_ids(c, part).await;
    let r = c.post("/api/swps/uploadS3", &payload(files, part, extra)).await;
    assert_eq!(r.status, StatusCode::OK, "uploadS3 {part}: {}", r.text);
    r.body["swp"]["_id"].as_str().unwrap().to_string()
}

/// The three reviews approve; answers the last approval's SWP.
pub async fn approve_all(crew: &Crew, id: &str) -> Value {
    let mut last = Value::Null;
    for c in [&crew.process, &crew.quality, &crew.production] {
        let r = c.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": ""})).await;
        assert_eq!(r.status, StatusCode::OK, "approve: {}", r.text);
        last = r.body["swp"].clone();
    }
    last
}

/// Submits and deploys an SWP of `part`; answers its id.
pub async fn deployed(crew: &Crew, part: &str, extra: Value) -> String {
    let id = submit(&crew.eng, part, extra).await;
    let swp = approve_all(crew, &id).await;
    assert_eq!(swp["status"], "deployed");
    id
}

/// The catalogue part an SWP belongs to (a kiosk suggestion's `_id`).
pub async fn part_of(app: &TestApp, swp_id: &str) -> String {
    sqlx::query_scalar("SELECT part_id FROM swps WHERE id = $1")
        .bind(swp_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

/// A person as the kiosk knows them (no account row needed by the sign store).
fn kiosk_person(
    id: &str,
    first: &str,
    last: &str,
    op_no: &str,
) -> plantdoc_core::auth::users::User {
    use plantdoc_core::auth::users::{Department, Position, User};
    User {
        firstname: first.into(),
        lastname: last.into(),
        op_no: Some(op_no.into()),
        ..User::sketch(id, "mpk", Position::Operator, Department::Production, &[])
    }
}

/// Records a sign (and a verification) through the core's acknowledgements store, as
/// the kiosk will (the kiosk issue adds its routes). `hash`: the version signed.
pub async fn sign(
    app: &TestApp,
    swp_id: &str,
    op: &str,
    signed_at: i64,
    verified: bool,
    hash: Option<&str>,
) -> String {
    use plantdoc_core::acks::{self, DocKind};
    let h: String = match hash {
        Some(h) => h.to_string(),
        None => sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
            .bind(swp_id)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap(),
    };
    let mut tx = app.state.db.begin().await.unwrap();
    let operator = kiosk_person(&format!("op-{op}"), "Operator", op, op);
    let id =
        acks::sign(&mut tx, DocKind::new("swp"), swp_id, &h, &operator, signed_at).await.unwrap();
    if verified {
        let lead = kiosk_person("cl-1", "Cell", "Lead", "CL1");
        assert!(acks::verify(&mut tx, &id, &lead, signed_at + 60_000).await.unwrap());
        assert!(
            !acks::verify(&mut tx, &id, &lead, signed_at + 60_000).await.unwrap(),
            "a signature is verified once"
        );
    }
    tx.commit().await.unwrap();
    id
}

/// Downloads a signed link (relative for the folder backend).
pub async fn fetch_link(app: &TestApp, link: &str) -> (StatusCode, Vec<u8>, String) {
    let url =
        if link.starts_with("http") { link.to_string() } else { format!("{}{}", app.base, link) };
    let r = reqwest::get(url).await.unwrap();
    let status = r.status();
    let ct = r
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, r.bytes().await.unwrap().to_vec(), ct)
}

/// Signs a client in again (after the test clock jumped past the session's lifetime).
pub async fn relogin(c: &Client, email: &str) {
    let r = c.post("/api/users/login", &json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "login {email}: {}", r.body);
}

impl Crew {
    pub async fn relogin(&self) {
        relogin(&self.eng, "eng@demo.plant").await;
        relogin(&self.process, "rev.process@demo.plant").await;
        relogin(&self.quality, "rev.quality@demo.plant").await;
        relogin(&self.production, "rev.production@demo.plant").await;
    }
}

/// Files rows and stored blobs: a refused upload changes neither.
pub async fn stored_files(app: &TestApp) -> (i64, usize) {
    let rows = scalar(app, "SELECT COUNT(*) FROM files").await;
    let blobs = app.state.storage.list().await.unwrap().len();
    (rows, blobs)
}
