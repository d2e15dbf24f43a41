//! `make bench` (operations): the server's memory with big files, PDF merging, idle RSS
//! and start time, against a release `plantdoc serve` process on a scratch SQLite plant.
//!   ops-bench [--small]   (--small: a 50 MB video and 5 MB of PDFs, for bench-smoke)
//! Targets (docs/operations.md, `make bench`): RSS growth ≤ 64 MB over a 2 GB video upload
//! and download; 10 PDFs totalling 50 MB merged in ≤ 1 s; idle RSS ≤ 40 MB; start ≤ 300 ms;
//! a 50-page PDF stamped as a controlled copy in ≤ 200 ms, then kept (copies.rs).
mod copies;

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures::StreamExt;

const PASSWORD: &str = "Bench-Password-Long-1";
const SECRET: &str = "ops-bench-secret-ops-bench-secret";

fn rss_kb(pid: u32, field: &str) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

/// Samples the process's RSS every 10 ms until stopped; answers the peak (kB).
fn sampler(pid: u32) -> (Arc<AtomicBool>, std::thread::JoinHandle<u64>) {
    let stop = Arc::new(AtomicBool::new(false));
    let s = stop.clone();
    let h = std::thread::spawn(move || {
        let mut peak = 0;
        while !s.load(Ordering::Relaxed) {
            peak = peak.max(rss_kb(pid, "VmRSS:"));
            std::thread::sleep(Duration::from_millis(10));
        }
        peak
    });
    (stop, h)
}

struct Plant {
    dir: tempfile::TempDir,
    bin: std::path::PathBuf,
}

impl Plant {
    fn cmd(&self) -> Command {
        let mut c = Command::new(&self.bin);
        let d = self.dir.path();
        c.env("PLANTDOC__DATABASE__URL", format!("sqlite://{}/pd.db", d.display()))
            .env("PLANTDOC__STORAGE__DIR", d.join("files"))
            .env("PLANTDOC__SERVER__SECRET", SECRET)
            .env("PLANTDOC__SERVER__UPLOAD_LIMIT", "4000000000")
            .env("PLANTDOC__LOG__LEVEL", "warn")
            .env("PLANTDOC__LOG__FORMAT", "pretty");
        c
    }

    /// Starts `serve`; answers the process, its base URL and the ms until /healthz answered.
    async fn serve(&self) -> (Child, String, f64) {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let t0 = Instant::now();
        let child = self
            .cmd()
            .arg("serve")
            .env("PLANTDOC__SERVER__ADDR", format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let http = reqwest::Client::new();
        loop {
            if http
                .get(format!("{base}/healthz"))
                .send()
                .await
                .map(|r| r.status().is_success())
                .unwrap_or(false)
            {
                break;
            }
            assert!(t0.elapsed() < Duration::from_secs(30), "serve did not start");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        (child, base, t0.elapsed().as_secs_f64() * 1000.0)
    }
}

/// A signed-in session: cookie header and CSRF token (the page load hands out the CSRF
/// cookie; sign-in may replace both).
async fn login(base: &str) -> (String, String) {
    let http = reqwest::Client::new();
    let mut jar = std::collections::BTreeMap::new();
    let absorb = |jar: &mut std::collections::BTreeMap<String, String>, r: &reqwest::Response| {
        for v in r.headers().get_all("set-cookie") {
            let kv = v.to_str().unwrap().split(';').next().unwrap();
            if let Some((k, v)) = kv.split_once('=') {
                jar.insert(k.to_string(), v.to_string());
            }
        }
    };
    let r = http.get(format!("{base}/api/users/current")).send().await.unwrap();
    absorb(&mut jar, &r);
    let header = |jar: &std::collections::BTreeMap<String, String>| {
        jar.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("; ")
    };
    let csrf = jar.get("__Host-plantdoc_csrf").cloned().unwrap_or_default();
    let r = http
        .post(format!("{base}/api/users/login"))
        .header("cookie", header(&jar))
        .header("x-csrf-token", &csrf)
        .json(&serde_json::json!({"email": "eng@bench.plant", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "login: {}", r.status());
    absorb(&mut jar, &r);
    let csrf = jar.get("__Host-plantdoc_csrf").cloned().unwrap_or_default();
    (header(&jar), csrf)
}

/// ftyp, then an mdat of `size` bytes (64-bit size; the fixture's media, then zeros),
/// then the fixture's moov (H.264 avc1 + AAC): read by the upload check as it streams.
fn video_stream(size: u64) -> (u64, impl futures::Stream<Item = Result<Bytes, std::io::Error>>) {
    let fixture = include_bytes!("../../tests/fixtures/real/h264-aac.mp4");
    let (ftyp, media, moov) = (&fixture[..32], &fixture[48..17302], &fixture[17302..]);
    let mdat_total = 16 + size;
    let mut head = ftyp.to_vec();
    head.extend_from_slice(&1u32.to_be_bytes());
    head.extend_from_slice(b"mdat");
    head.extend_from_slice(&mdat_total.to_be_bytes());
    head.extend_from_slice(media);
    let zeros = size - media.len() as u64;
    let total = head.len() as u64 + zeros + moov.len() as u64;
    let chunk = Bytes::from(vec![0u8; 1 << 20]);
    let n = zeros / chunk.len() as u64;
    let rest = (zeros % chunk.len() as u64) as usize;
    let body = futures::stream::iter([Ok(Bytes::from(head))])
        .chain(futures::stream::iter((0..n).map(move |_| Ok(chunk.clone()))))
        .chain(futures::stream::iter([
            Ok(Bytes::from(vec![0u8; rest])),
            Ok(Bytes::from_static(moov)),
        ]));
    (total, body)
}

async fn big_video(plant: &Plant, pid: u32, base: &str, size: u64) {
    let (cookie, csrf) = login(base).await;
    let http = reqwest::Client::new();
    let before = rss_kb(pid, "VmRSS:");
    let (stop, h) = sampler(pid);
    let (total, body) = video_stream(size);
    let t0 = Instant::now();
    let r = http
        .post(format!("{base}/api/swps/uploadVideo?filename=big.mp4"))
        .header("cookie", &cookie)
        .header("x-csrf-token", &csrf)
        .header("content-type", "video/mp4")
        .header("content-length", total)
        .body(reqwest::Body::wrap_stream(body))
        .send()
        .await
        .unwrap();
    let status = r.status();
    let v: serde_json::Value = r.json().await.unwrap_or_default();
    assert!(status.is_success(), "upload: {status} {v}");
    let up = t0.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let up_peak = h.join().unwrap();
    // The download: a signed folder link, made with the plant's secret.
    let id = v["serverId"].as_str().unwrap().to_string();
    let link = signed_link(plant, &id).await;
    let (stop, h) = sampler(pid);
    let t0 = Instant::now();
    let r = http.get(format!("{base}{link}")).send().await.unwrap();
    assert!(r.status().is_success(), "download: {}", r.status());
    let got = AtomicU64::new(0);
    let mut s = r.bytes_stream();
    while let Some(c) = s.next().await {
        got.fetch_add(c.unwrap().len() as u64, Ordering::Relaxed);
    }
    let down = t0.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let down_peak = h.join().unwrap();
    assert_eq!(got.load(Ordering::Relaxed), total, "the whole video came back");
    let growth = (up_peak.max(down_peak).saturating_sub(before)) as f64 / 1024.0;
    let mb = total as f64 / 1e6;
    println!(
        "video {:.0} MB: upload {:.1} s ({:.0} MB/s), download {:.1} s ({:.0} MB/s); server RSS {:.1} MB before, growth {:.1} MB (target ≤ 64) {}",
        mb,
        up,
        mb / up,
        down,
        mb / down,
        before as f64 / 1024.0,
        growth,
        verdict(growth <= 64.0)
    );
}

async fn signed_link(plant: &Plant, id: &str) -> String {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let url = format!("sqlite://{}/pd.db", plant.dir.path().display());
    let mut c = sqlx::AnyConnection::connect(&url).await.unwrap();
    let (key,): (String,) = sqlx::query_as("SELECT storage_key FROM files WHERE id = $1")
        .bind(id)
        .fetch_one(&mut c)
        .await
        .unwrap();
    let settings = plantdoc_core::config::Settings::load_with(
        &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config"),
        &[("storage.dir", &plant.dir.path().join("files").display().to_string())],
    )
    .unwrap();
    let storage =
        plantdoc_core::storage::Storage::new(&settings.storage, SECRET.as_bytes().to_vec())
            .await
            .unwrap();
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis()
            as i64;
    storage.link(&key, "big.mp4", "video/mp4", now).await.unwrap()
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "OK"
    } else {
        "OVER"
    }
}

/// One PDF of about `bytes`, shaped like a scanned sheet: one page drawing one JPEG-coded
/// image (`DCTDecode`, random bytes: the merge never decodes images) plus a little text.
fn pdf(i: usize, bytes: usize) -> Vec<u8> {
    use plantdoc_core::pdf::lopdf::{dictionary, Document, Object, Stream};
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ i as u64;
    let scan: Vec<u8> = (0..bytes)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect();
    let image = doc.add_object(Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => 2480, "Height" => 3508, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8, "Filter" => "DCTDecode"},
        scan,
    ));
    let content =
        format!("q 612 0 0 792 0 0 cm /Im1 Do Q BT /F1 12 Tf 72 720 Td (Bench {i}) Tj ET\n")
            .into_bytes();
    let font = doc.add_object(
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"},
    );
    let c = doc.add_object(Stream::new(dictionary! {}, content));
    let page =
        doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => c});
    let media: Vec<Object> = vec![0.into(), 0.into(), 612.into(), 792.into()];
    let resources = dictionary! {"Font" => dictionary! {"F1" => font}, "XObject" => dictionary! {"Im1" => image}};
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => vec![Object::from(page)], "Count" => 1, "Resources" => resources, "MediaBox" => media}),
    );
    let cat = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", cat);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn merge(total: usize) {
    let files: Vec<(String, Vec<u8>)> =
        (0..10).map(|i| (format!("p{i}.pdf"), pdf(i, total / 10))).collect();
    let sum: usize = files.iter().map(|(_, b)| b.len()).sum();
    let pid = std::process::id();
    let before = rss_kb(pid, "VmRSS:");
    let (stop, h) = sampler(pid);
    let t0 = Instant::now();
    let merged = plantdoc_core::pdf::merge_blocking(files).expect("merge");
    let took = t0.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let peak = h.join().unwrap();
    drop(merged);
    let growth = peak.saturating_sub(before) as f64 / 1024.0;
    println!(
        "merge 10 PDFs, {:.1} MB together: {:.0} ms (target ≤ 1000) {}; RSS growth {:.0} MB ({:.1}× the input)",
        sum as f64 / 1e6,
        took * 1000.0,
        verdict(took <= 1.0),
        growth,
        growth * 1024.0 * 1024.0 / sum as f64
    );
}

#[tokio::main]
async fn main() {
    let small = std::env::args().any(|a| a == "--small");
    let exe = std::env::current_exe().unwrap();
    let bin = std::env::var_os("PLANTDOC_BIN")
        .map(Into::into)
        .unwrap_or_else(|| exe.parent().unwrap().parent().unwrap().join("plantdoc"));
    assert!(
        bin.exists(),
        "{} (build the binary: cargo build --release -p plantdoc)",
        bin.display()
    );
    let plant = Plant { dir: tempfile::tempdir().unwrap(), bin };
    let ok = |c: &mut Command| assert!(c.stdout(Stdio::null()).status().unwrap().success());
    ok(plant.cmd().arg("migrate"));
    ok(plant.cmd().args([
        "user",
        "add",
        "--email",
        "eng@bench.plant",
        "--password",
        PASSWORD,
        "--first",
        "Ben",
        "--last",
        "Ch",
        "--position",
        "engineer",
        "--department",
        "process",
        "--company",
        "mpk",
        "--zones",
        "A1",
    ]));
    println!("== ops-bench ({})", if small { "small" } else { "full" });
    // Start on an up-to-date database: the best of three (the first warms the page cache).
    let mut starts = Vec::new();
    for _ in 0..3 {
        let (mut c, _, ms) = plant.serve().await;
        starts.push(ms);
        let _ = c.kill();
        let _ = c.wait();
    }
    let start = starts.iter().cloned().fold(f64::MAX, f64::min);
    println!(
        "start on an up-to-date database: {start:.0} ms until /healthz answers (runs: {starts:.0?}; target ≤ 300) {}",
        verdict(start <= 300.0)
    );
    let (mut child, base, _) = plant.serve().await;
    let pid = child.id();
    let (cookie, _) = login(&base).await;
    let http = reqwest::Client::new();
    for p in ["/api/zones", "/api/modules", "/api/users/current"] {
        let _ = http.get(format!("{base}{p}")).header("cookie", &cookie).send().await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = rss_kb(pid, "VmRSS:") as f64 / 1024.0;
    println!(
        "idle RSS after start, sign-in and three pages: {idle:.1} MB (target ≤ 40) {}",
        verdict(idle <= 40.0)
    );
    big_video(&plant, pid, &base, if small { 50_000_000 } else { 2_000_000_000 }).await;
    copies::stamp(&plant, &base, &cookie, if small { 5 } else { 50 }).await;
    println!("server peak RSS (VmHWM): {:.1} MB", rss_kb(pid, "VmHWM:") as f64 / 1024.0);
    let _ = child.kill();
    let _ = child.wait();
    merge(if small { 5_000_000 } else { 50_000_000 });
}
