//! Search inside documents (decisions 85 and 86): the text of `docs` documents (one page
//! each, ~120 words, on the deployed SWPs' sections) written straight into the index
//! tables, then `GET /api/swps/search-text` at one client (p50 against the 20 ms target;
//! uncached: the search keeps no answers) for a rare word, two words and a common word;
//! and, when the PDF worker is at hand (the `plantdoc` binary beside this one), the
//! upload round (three PDFs and uploadS3) at one client with the text indexer idle and
//! then reading every upload.
use std::time::{Duration, Instant};

use plantdoc_core::db::Params;
use plantdoc_core::AppState;

use crate::load::{self, Session};
use crate::seed::Rng;

const WORDS: [&str; 12] = [
    "fasten", "bolt", "seal", "inspect", "gauge", "station", "panel", "door", "clip", "hose",
    "check", "label",
];

/// Writes `docs` pages of text over the deployed SWPs (`ids`), 200 rows a statement.
pub async fn seed(state: &AppState, ids: &[String], docs: usize) -> anyhow::Result<f64> {
    let started = Instant::now();
    let mut rng = Rng::new(31);
    let mut tx = state.db.begin().await?;
    let sections = ["swc", "jes", "vis"];
    for chunk in (0..docs).collect::<Vec<_>>().chunks(200) {
        let mut q = Params::default();
        let mut rows = Vec::new();
        for &i in chunk {
            let id = &ids[(i / 3) % ids.len()];
            let page = (i / (3 * ids.len())) as i64 + 1;
            // A common word on a third of the pages, a tool number shared by 1 in 500,
            // a defect code of its own, and filler.
            let mut body = format!("tool{} defect{i}", i % 500);
            if i % 3 == 0 {
                body.push_str(" torque");
            }
            for _ in 0..120 {
                body.push(' ');
                body.push_str(WORDS[rng.below(WORDS.len() as u64) as usize]);
                body.push_str(&rng.below(100).to_string());
            }
            let vals =
                [q.add(id.clone()), q.add(sections[i % 3]), q.add(page), q.add(0i64), q.add(body)]
                    .join(", ");
            rows.push(format!("({vals})"));
        }
        let sql = format!(
            "INSERT INTO swp_text_pages (doc_id, section, page, scanned, body) VALUES {}",
            rows.join(", ")
        );
        q.query(&sql).execute(&mut *tx).await?;
    }
    // Every seeded SWP counts as read (their files are rows without blobs).
    sqlx::raw_sql("INSERT INTO swp_text_docs (doc_id, version, pages, scanned_pages, failed, indexed_at) SELECT id, content_hash, 1, 0, '', 0 FROM swps")
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if state.db.dialect == plantdoc_core::db::Dialect::Postgres {
        sqlx::raw_sql("ANALYZE swp_text_pages").execute(&state.db.pool).await?;
    }
    Ok(started.elapsed().as_secs_f64())
}

/// The search rows at one client, printed with the floor at one client.
pub async fn measure(
    http: &reqwest::Client,
    base: &str,
    bare: &str,
    ids: std::sync::Arc<Vec<String>>,
    all: &Session,
    secs: f64,
) -> usize {
    let floor = load::run(http, bare, None, 1, secs, move |r: &mut Rng| {
        format!("/bare/{}", ids[r.below(ids.len() as u64) as usize])
    })
    .await;
    let rows: Vec<(&str, crate::cases::Make)> = vec![
        (
            "search-text: rare word, 1 page in 500",
            Box::new(|r: &mut Rng| format!("/api/swps/search-text?q=tool{}", r.below(500))),
        ),
        (
            "search-text: two words (rare + common)",
            Box::new(|r: &mut Rng| {
                format!("/api/swps/search-text?q=tool{}%20torque", r.below(500))
            }),
        ),
        (
            "search-text: common word, 1 page in 3",
            Box::new(|r: &mut Rng| {
                format!("/api/swps/search-text?q=torque&page={}", 1 + r.below(3))
            }),
        ),
    ];
    // Uncached: the search keeps no answers, every call reads the index.
    println!(
        "\n{:<46} {:>8} {:>8} {:>8} {:>6}",
        "search inside documents, 1 client, uncached", "req/s", "p50 ms", "p99 ms", "errors"
    );
    println!(
        "{:<46} {:>8.0} {:>8.2} {:>8.2} {:>6}",
        "bare axum+sqlx PK lookup (floor)",
        floor.rps(),
        floor.p50_ms,
        floor.p99_ms,
        floor.errors
    );
    let mut failed = floor.errors;
    for (name, make) in rows {
        let o = load::run(http, base, Some(all), 1, secs, make).await;
        let flag = if o.p50_ms > 20.0 { " >20ms" } else { "" };
        println!(
            "{name:<46} {:>8.0} {:>8.2} {:>8.2} {:>6}{flag}",
            o.rps(),
            o.p50_ms,
            o.p99_ms,
            o.errors
        );
        failed += o.errors;
    }
    failed
}

/// The `plantdoc` binary beside this example (target/<profile>/plantdoc), if built.
pub fn worker() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.parent()?.join("plantdoc");
    p.exists().then_some(p)
}

/// Upload rounds at one client, the indexer idle and then reading each upload's text.
pub async fn uploads(
    state: &AppState,
    http: &reqwest::Client,
    base: &str,
    eng: &Session,
    rounds: usize,
) -> anyhow::Result<()> {
    let before = round_times(http, base, eng, rounds, "UPB").await?;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (s, st) = (state.clone(), stop.clone());
    let reader = tokio::spawn(async move {
        let mut read = 0;
        while !st.load(std::sync::atomic::Ordering::Relaxed) {
            read += plantdoc_swp::index_text(&s).await.unwrap_or(0);
            // A pass every half second: far harsher than the module's task (a minute).
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        read
    });
    let after = round_times(http, base, eng, rounds, "UPA").await?;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let read = reader.await.unwrap_or(0) + plantdoc_swp::index_text(state).await?;
    let p50 = |v: &[f64]| v[v.len() / 2];
    println!(
        "upload round (3 PDFs + uploadS3), 1 client, {rounds} rounds: p50 {:.1} ms indexer idle, {:.1} ms indexer reading ({read} SWPs read), {:+.0} %",
        p50(&before),
        p50(&after),
        100.0 * (p50(&after) / p50(&before) - 1.0)
    );
    Ok(())
}

async fn round_times(
    http: &reqwest::Client,
    base: &str,
    eng: &Session,
    rounds: usize,
    tag: &str,
) -> anyhow::Result<Vec<f64>> {
    let csrf = eng.cookie.split("; ").find_map(|c| {
        c.split_once('=').filter(|(k, _)| k.ends_with("plantdoc_csrf")).map(|(_, v)| v)
    });
    let csrf = csrf.unwrap_or_default();
    let mut times = Vec::new();
    for i in 0..rounds {
        let t = Instant::now();
        let mut ids = Vec::new();
        for s in ["swc", "jes", "vis"] {
            let r = http
                .post(format!("{base}/api/swps/uploadPdf?filename={s}.pdf"))
                .header("cookie", &eng.cookie)
                .header("x-csrf-token", csrf)
                .header("content-type", "application/pdf")
                .body(pdf(&format!("{tag} {i} {s} torque wrench"), 3))
                .send()
                .await?;
            anyhow::ensure!(r.status().is_success(), "uploadPdf: {}", r.status());
            ids.push(r.json::<serde_json::Value>().await?["serverId"].clone());
        }
        let body = serde_json::json!({
            "fileIds": {"swc": [ids[0]], "jes": [ids[1]], "vis": [ids[2]], "video": null, "opin": []},
            "partNumber": format!("{tag}-{i}"), "format": "swp", "zones": ["A1"], "onBehalfOf": "CURRENT_USER",
            "newRelease": true, "referenceOnly": false, "changes": "", "bypassManagement": false,
        });
        let r = http
            .post(format!("{base}/api/swps/uploadS3"))
            .header("cookie", &eng.cookie)
            .header("x-csrf-token", csrf)
            .json(&body)
            .send()
            .await?;
        anyhow::ensure!(
            r.status().is_success(),
            "uploadS3: {} {}",
            r.status(),
            r.text().await.unwrap_or_default()
        );
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    Ok(times)
}

/// A PDF of `pages` pages reading "<text> page N" (Helvetica), as an office suite
/// writes a short instruction.
fn pdf(text: &str, pages: usize) -> Vec<u8> {
    use plantdoc_swp::lopdf::content::{Content, Operation};
    use plantdoc_swp::lopdf::{dictionary, Document, Object, Stream};
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"},
    );
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font}});
    let mut kids: Vec<Object> = Vec::new();
    for i in 0..pages {
        let ops = vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), 12.into()]),
            Operation::new("Td", vec![72.into(), 700.into()]),
            Operation::new("Tj", vec![Object::string_literal(format!("{text} page {}", i + 1))]),
            Operation::new("ET", vec![]),
        ];
        let c = doc.add_object(Stream::new(
            dictionary! {},
            Content { operations: ops }.encode().unwrap_or_default(),
        ));
        kids.push(
            doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => c})
                .into(),
        );
    }
    let media: Vec<Object> = vec![0.into(), 0.into(), 595.into(), 842.into()];
    let count = pages as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(
            dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count, "Resources" => resources, "MediaBox" => media},
        ),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut buf = Vec::new();
    let _ = doc.save_to(&mut buf);
    buf
}
