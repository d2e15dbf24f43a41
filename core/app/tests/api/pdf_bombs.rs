//! Parsing-cost bombs (decision 45): PDFs within the upload cap that ask a parser for
//! gigabytes. Four are uploaded at once to the real binary; each is refused with a field
//! error, and the server's own memory (VmHWM) stays at most 300 MB, since the parsing
//! happens in worker processes under a memory limit (core::pdf::worker).
use std::time::Instant;

use reqwest::{Method, StatusCode};

use crate::helpers::*;
use crate::swp::support::send_bytes;

/// A PDF of `objects` (numbered from 1; 1 is the catalog, 2 the page tree) with its xref.
fn pdf(objects: impl ExactSizeIterator<Item = Vec<u8>>) -> Vec<u8> {
    let n = objects.len();
    let mut out = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::with_capacity(n);
    for (i, body) in objects.enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(&body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", n + 1).as_bytes());
    for o in offsets {
        out.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", n + 1)
            .as_bytes(),
    );
    out
}

fn one_page() -> Vec<Vec<u8>> {
    vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_vec(),
    ]
}

/// One page and an extra object: an array of `bytes / 2` integers.
fn integers(bytes: usize) -> Vec<u8> {
    let mut objs = one_page();
    let mut arr = Vec::with_capacity(bytes + 2);
    arr.push(b'[');
    arr.extend(std::iter::repeat_n(*b"7 ", bytes / 2).flatten());
    arr.push(b']');
    objs.push(arr);
    pdf(objs.into_iter())
}

/// One page and `n` null objects.
fn nulls(n: usize) -> Vec<u8> {
    let objs = one_page().into_iter().chain(std::iter::repeat_n(b"null".to_vec(), n));
    pdf(objs.collect::<Vec<_>>().into_iter())
}

/// `n` pages in one page-tree node.
fn pages(n: usize) -> Vec<u8> {
    let kids: String = (0..n).map(|i| format!("{} 0 R ", i + 3)).collect();
    let head = [
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!("<< /Type /Pages /Kids [{kids}] /Count {n} >>").into_bytes(),
    ];
    let leaves =
        std::iter::repeat_n(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_vec(), n);
    pdf(head.into_iter().chain(leaves).collect::<Vec<_>>().into_iter())
}

fn kb(status: &str, key: &str) -> u64 {
    status
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test]
async fn four_parsing_bombs_at_once_are_refused_and_the_server_stays_under_300_mb() {
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let seeded = std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc"))
        .args(["seed", "demo"])
        .current_dir(workspace())
        .env("PLANTDOC__DATABASE__URL", &db)
        .env("PLANTDOC__STORAGE__DIR", tmp.path().join("files"))
        .output()
        .unwrap();
    assert!(seeded.status.success(), "{}", String::from_utf8_lossy(&seeded.stderr));
    let (mut child, addr) =
        serve_process(tmp.path(), &db, &[("PLANTDOC__LOG__LEVEL", "error")]).await;
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
    let start_kb =
        kb(&std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap(), "VmRSS:");
    // The outside probe's four: 24.5 M integers in 49 MB, 16 MB of integers, a million
    // null objects, 100 000 pages. Each phrase is what the refusal must say.
    let bombs: Vec<(&str, Vec<u8>, &[&str])> = vec![
        ("ints-49mb.pdf", integers(49_000_000), &["too complex", "more than"]),
        ("ints-16mb.pdf", integers(16_000_000), &["too complex", "more than"]),
        ("nulls-1m.pdf", nulls(1_000_000), &["too complex", "more than"]),
        ("pages-100k.pdf", pages(100_000), &["too complex", "more than 2000 pages"]),
    ];
    let t0 = Instant::now();
    let sends = bombs.iter().map(|(name, bytes, _)| {
        let eng = &eng;
        async move {
            send_bytes(
                eng,
                Method::POST,
                &format!("/api/swps/uploadPdf?filename={name}"),
                bytes.clone(),
                "application/pdf",
            )
            .await
        }
    });
    let answers = futures::future::join_all(sends).await;
    let elapsed = t0.elapsed();
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak_kb = kb(&status, "VmHWM:");
    let _ = child.kill();
    let _ = child.wait();
    for ((name, bytes, phrases), r) in bombs.iter().zip(&answers) {
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{name}: {}", r.text);
        let msg = r.body["file"]
            .as_str()
            .unwrap_or_else(|| panic!("{name}: field error expected: {}", r.text));
        assert!(msg.contains(name) && phrases.iter().any(|p| msg.contains(p)), "{name}: {msg}");
        println!("  {name:<16} {:>5.1} MB → 400 {msg}", bytes.len() as f64 / 1e6);
    }
    println!(
        "pdf bombs: 4 uploads at once refused in {:.1} s; server RSS {} MB at start, peak (VmHWM) {} MB (target ≤ 300 MB)",
        elapsed.as_secs_f64(),
        start_kb / 1024,
        peak_kb / 1024
    );
    assert!(peak_kb <= 300 * 1024, "server peak RSS {} MB over 300 MB", peak_kb / 1024);
}
