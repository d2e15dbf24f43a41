//! The hostile-file corpus (tests/fixtures/hostile, README there) against every PDF
//! upload route: each case is refused with a 400 field error naming the reason, and
//! nothing is stored (no files row, no blob). The corpus's valid control file passes.
use reqwest::{Method, StatusCode};

use crate::helpers::*;
use crate::swp::support::{multipart, person, send_bytes};

const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hostile");

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{HOSTILE}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// (upload name, corpus file, a phrase the refusal must contain).
pub const CASES: &[(&str, &str, &str)] = &[
    ("truncated.pdf", "truncated.pdf", "not a readable PDF"),
    ("truncated-no-xref.pdf", "truncated-no-xref.pdf", "damaged or incomplete"),
    ("encrypted.pdf", "encrypted.pdf", "needs a password"),
    ("encrypted-rc4.pdf", "encrypted-rc4.pdf", "needs a password"),
    ("bomb.pdf", "bomb.pdf", "decompression bomb"),
    ("js-openaction.pdf", "js-openaction.pdf", "JavaScript"),
    ("js-nametree.pdf", "js-nametree.pdf", "JavaScript"),
    ("js-page-aa.pdf", "js-page-aa.pdf", "JavaScript"),
    ("launch.pdf", "launch.pdf", "starts a program"),
    ("xfa-script.pdf", "xfa-script.pdf", "JavaScript"),
    ("openaction-submitform.pdf", "openaction-submitform.pdf", "JavaScript or an action"),
    ("openaction-uri.pdf", "openaction-uri.pdf", "JavaScript or an action"),
    ("gotor-unc.pdf", "gotor-unc.pdf", "JavaScript or an action"),
    ("embedded-exe.pdf", "embedded-exe.pdf", "files embedded in it"),
    ("bomb-hex-flate.pdf", "bomb-hex-flate.pdf", "decompression bomb"),
    ("pages-cycle.pdf", "pages-cycle.pdf", "damaged page tree"),
    ("page-twice.pdf", "page-twice.pdf", "damaged page tree"),
    ("parent-loop.pdf", "parent-loop.pdf", "damaged page tree"),
    ("polyglot.pdf", "polyglot.pdf", "not a readable PDF"),
    ("wrong-magic.pdf", "wrong-magic.pdf", "not a PDF"),
    ("../../etc/cron.d/x.pdf", "valid.pdf", "without folders"),
    ("..\\..\\boot.pdf", "valid.pdf", "without folders"),
    ("tab\there.pdf", "valid.pdf", "control characters"),
    // Direction controls: "invoice\u{202E}fdp.exe" reads as "invoiceexe.pdf"
    // (docs/security.md item 22).
    ("invoice\u{202E}fdp.exe.pdf", "valid.pdf", "text-direction"),
    ("a\u{2067}b.pdf", "valid.pdf", "text-direction"),
    ("a\u{200F}b.pdf", "valid.pdf", "text-direction"),
    ("a\u{061C}b.pdf", "valid.pdf", "text-direction"),
];

/// The PDF upload routes of every module that takes PDFs.
pub const ROUTES: &[&str] = &["/api/swps/uploadPdf", "/api/alerts/uploadPond"];

async fn stored(app: &TestApp) -> (i64, usize) {
    (scalar(app, "SELECT COUNT(*) FROM files").await, app.state.storage.list().await.unwrap().len())
}

#[tokio::test]
async fn hostile_pdfs_are_refused_by_every_upload_route_and_nothing_is_stored() {
    let app = spawn().await;
    let (eng, _) = person(&app, "eng@demo.plant", "engineer", "process").await;
    for route in ROUTES {
        let before = stored(&app).await;
        for (name, file, phrase) in CASES {
            let (ct, body) =
                multipart(&[("filepond", Some(name), "application/pdf", &fixture(file))]);
            let r = send_bytes(&eng, Method::POST, route, body, &ct).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{route} {name}: {}", r.text);
            let msg = r.body["file"]
                .as_str()
                .unwrap_or_else(|| panic!("{route} {name}: field error expected: {}", r.text));
            assert!(msg.contains(phrase), "{route} {name}: {msg}");
            // The raw-body form of the same route checks the same way.
            let raw = send_bytes(
                &eng,
                Method::POST,
                &format!("{route}?filename={}", urlencode(name)),
                fixture(file),
                "application/pdf",
            )
            .await;
            assert_eq!(raw.status, StatusCode::BAD_REQUEST, "{route} raw {name}: {}", raw.text);
        }
        assert_eq!(stored(&app).await, before, "{route}: nothing stored for a refused file");
        // The control file of the corpus is accepted by the same route.
        let (ct, body) =
            multipart(&[("filepond", Some("valid.pdf"), "application/pdf", &fixture("valid.pdf"))]);
        let r = send_bytes(&eng, Method::POST, route, body, &ct).await;
        assert_eq!(r.status, StatusCode::OK, "{route} valid.pdf: {}", r.text);
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b'.' || b == b'-' {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Peak memory of the served binary (VmHWM, Linux) after the corpus, three times over,
/// through every route: printed, and at most 200 MB.
/// A `plantdoc serve` process over a demo plant (its own database and folder), with an
/// engineer signed in.
async fn served_demo(tmp: &std::path::Path, env: &[(&str, &str)]) -> (std::process::Child, Client) {
    let db = fresh_database(tmp).await;
    let files = tmp.join("files").display().to_string();
    let seeded = std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc"))
        .args(["seed", "demo"])
        .current_dir(workspace())
        .env("PLANTDOC__DATABASE__URL", &db)
        .env("PLANTDOC__STORAGE__DIR", &files)
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{}", String::from_utf8_lossy(&seeded.stderr));
    let (child, addr) = serve_process(tmp, &db, env).await;
    let eng = Client {
        base: format!("http://{addr}"),
        http: crate::helpers::http_client().build().unwrap(),
        jar: Default::default(),
    };
    let r = eng
        .post(
            "/api/users/login",
            &serde_json::json!({"email": "engineer1@demo.plant", "password": "Demo-Plant-2026"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    (child, eng)
}

/// Peak memory of the served binary (VmHWM, Linux) after the corpus, three times over,
/// through every route: printed, and at most 200 MB.
#[tokio::test]
async fn the_server_stays_under_200_mb_through_the_hostile_corpus() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut child, eng) = served_demo(tmp.path(), &[("PLANTDOC__LOG__LEVEL", "error")]).await;
    let mut refused = 0;
    for _ in 0..3 {
        for route in ROUTES {
            for (name, file, _) in CASES {
                let (ct, body) =
                    multipart(&[("filepond", Some(name), "application/pdf", &fixture(file))]);
                let r = send_bytes(&eng, Method::POST, route, body, &ct).await;
                assert_eq!(r.status, StatusCode::BAD_REQUEST, "{route} {name}: {}", r.text);
                refused += 1;
            }
        }
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    println!(
        "hostile corpus: {refused} uploads refused, 0 stored; server peak RSS (VmHWM) {} MB",
        peak_kb / 1024
    );
    assert!(peak_kb <= 200 * 1024, "peak RSS {} MB over 200 MB", peak_kb / 1024);
}

/// A refused file is the user's input, not a server fault: the served binary's log of
/// the whole corpus has WARN lines (ours, and lopdf's own, demoted) and no ERROR line.
#[tokio::test]
async fn refused_hostile_pdfs_leave_no_error_line_in_the_log() {
    use std::io::Read;
    let tmp = tempfile::tempdir().unwrap();
    let (mut child, eng) =
        served_demo(tmp.path(), &[("PLANTDOC__LOG__LEVEL", "warn"), ("RUST_LOG", "warn")]).await;
    for (name, file, _) in CASES {
        let (ct, body) = multipart(&[("filepond", Some(name), "application/pdf", &fixture(file))]);
        let r = send_bytes(&eng, Method::POST, ROUTES[0], body, &ct).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut log = String::new();
    child.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    let errors: Vec<&str> = log.lines().filter(|l| l.contains("ERROR")).collect();
    assert!(errors.is_empty(), "ERROR lines for user files:\n{}", errors.join("\n"));
    assert!(log.lines().any(|l| l.contains("WARN") && l.contains("uploaded PDF refused")), "{log}");
    // lopdf parses in the PDF worker (decision 45), which logs nothing; any lopdf line that
    // reaches the server's log (an in-process use) is bridged at WARN.
    let lopdf = log.lines().filter(|l| l.contains("lopdf")).count();
    println!(
        "hostile corpus log: {} lines, {lopdf} from lopdf (at WARN), 0 ERROR",
        log.lines().count()
    );
    assert!(log.lines().filter(|l| l.contains("lopdf")).all(|l| l.contains("WARN")), "{log}");
}
