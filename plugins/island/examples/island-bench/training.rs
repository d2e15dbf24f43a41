//! The training matrix of `parts` × `ops` (target: 200 × 100 answers in
//! ≤ 20 ms p50 at one client), built through the module's own calls by a cell leader,
//! then read by one client: each read after a level change and each read repeated with
//! no change between, timed to the last byte; the client's parse is timed apart.
use std::time::Instant;

use serde_json::{json, Value};

use crate::load::Session;

/// A client that sends the session's cookies and, on POSTs, its CSRF token.
pub struct Staff<'a> {
    pub http: &'a reqwest::Client,
    pub base: &'a str,
    pub session: Session,
}

impl Staff<'_> {
    fn csrf(&self) -> String {
        self.session
            .cookie
            .split("; ")
            .find_map(|kv| {
                kv.split_once('=')
                    .filter(|(k, _)| k.ends_with("plantdoc_csrf"))
                    .map(|(_, v)| v.to_string())
            })
            .unwrap_or_default()
    }
    pub async fn post(&self, path: &str, body: &Value) -> anyhow::Result<Value> {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("cookie", &self.session.cookie)
            .header("x-csrf-token", self.csrf())
            .json(body)
            .send()
            .await?;
        let status = r.status();
        let text = r.text().await?;
        anyhow::ensure!(status.is_success(), "POST {path}: {status} {text}");
        Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
    }
    /// The answer's bytes, read to the last one.
    pub async fn get_bytes(&self, path: &str) -> anyhow::Result<impl AsRef<[u8]>> {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .header("cookie", &self.session.cookie)
            .send()
            .await?;
        let status = r.status();
        let bytes = r.bytes().await?;
        anyhow::ensure!(status.is_success(), "GET {path}: {status}");
        Ok(bytes)
    }
    pub async fn get(&self, path: &str) -> anyhow::Result<(Value, usize)> {
        let bytes = self.get_bytes(path).await?;
        Ok((serde_json::from_slice(bytes.as_ref())?, bytes.as_ref().len()))
    }
}

const MATRIX: &str = "/api/training/matrix/shift/1/cell/A/zone/1";

fn scope(extra: Value) -> Value {
    let mut v = json!({"shift": 1, "cell": "A", "zone": 1});
    for (k, x) in extra.as_object().expect("object") {
        v[k] = x.clone();
    }
    v
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 * p).ceil() as usize).clamp(1, v.len()) - 1]
}

/// A level set in every cell (4, 100 days ago) and what effective levels are computed
/// from besides: a verified read of every cell, a new release of every part (so every
/// cell carries a reason) and a waiver per operator; each read of the matrix computes
/// them all (`[modules.training]` at its defaults: every rule on).
async fn seed_facts(
    state: &plantdoc_core::AppState,
    parts: &[String],
    ops: &[String],
) -> anyhow::Result<()> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO training_blocks (part_row, op_row, squares, prev_squares, notes, updated_at, updated_by) \
         SELECT p.id, o.id, 4, -1, '', $1, NULL FROM training_parts p JOIN training_ops o ON o.company_code = p.company_code \
         AND o.shift = p.shift AND o.cell = p.cell AND o.zone = p.zone ON CONFLICT (part_row, op_row) DO NOTHING",
    )
    .bind(now - 100 * 86_400_000)
    .execute(&mut *tx)
    .await?;
    for p in parts {
        sqlx::query("INSERT INTO training_releases (company_code, part_number, released_at) VALUES ('mpk', $1, $2)")
            .bind(p)
            .bind(now - 1000)
            .execute(&mut *tx)
            .await?;
        for o in ops {
            sqlx::query("INSERT INTO training_reads (company_code, op_id, part_number, verified_at, requalified_at) VALUES ('mpk', $1, $2, $3, NULL)")
                .bind(o)
                .bind(p)
                .bind(now - 500)
                .execute(&mut *tx)
                .await?;
        }
    }
    // The rows above were written around the module: its stored packs follow them.
    plantdoc_training::repack_all(&mut tx).await?;
    for (i, o) in ops.iter().enumerate() {
        sqlx::query("INSERT INTO training_waivers (id, company_code, op_id, part_number, reason, starts_at, ends_at, granted_by) VALUES ($1, 'mpk', $2, $3, 'bench', $4, $5, $2)")
            .bind(format!("bench-waiver-{i}"))
            .bind(o)
            .bind(&parts[i % parts.len()])
            .bind(now - 1000)
            .bind(now + 86_400_000)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Builds the matrix and prints its read figures; answers (p50 after a change, p50 repeated) in ms.
pub async fn bench(
    state: &plantdoc_core::AppState,
    leader: &Staff<'_>,
    parts: &[String],
    ops: &[String],
    reads: usize,
) -> anyhow::Result<(f64, f64)> {
    let t = Instant::now();
    for p in parts {
        leader
            .post(
                "/api/training/matrix/add/part",
                &scope(json!({"partNumber": p, "partDesc": "Bench", "partRotation": 4, "certTargetPartHours": 2})),
            )
            .await?;
    }
    for o in ops {
        leader
            .post(
                "/api/training/matrix/add/op",
                &scope(json!({"opId": o, "certTargetOpHours": 3, "opName": "x", "opNumber": "x"})),
            )
            .await?;
    }
    let (m, _) = leader.get(MATRIX).await?;
    let rows = m["matrix"].as_array().map(Vec::len).unwrap_or(0);
    let cols = m["partList"].as_array().map(Vec::len).unwrap_or(0);
    anyhow::ensure!(rows >= ops.len() && cols >= parts.len(), "matrix is {cols} × {rows}");
    let block = m["matrix"][0]["rowData"][0]["_id"].as_str().unwrap_or_default().to_string();
    seed_facts(state, parts, ops).await?;
    println!(
        "\ntraining matrix {} parts × {} operators built in {:.1} s ({cols} columns × {rows} rows with filler)",
        parts.len(),
        ops.len(),
        t.elapsed().as_secs_f64()
    );
    let (mut built, mut repeated, mut parsed) = (Vec::new(), Vec::new(), Vec::new());
    let (mut size, mut last, mut computed) = (0, Vec::new(), false);
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    for i in 0..reads {
        // A level change: the next read must show it.
        let level = (i % 5) as i64 - 1;
        leader
            .post("/api/training/matrix/edit/block", &json!({"blockId": block, "squares": level}))
            .await?;
        let t = Instant::now();
        let body = leader.get_bytes(MATRIX).await?;
        built.push(ms(t));
        // The client's own work, timed apart: parsing the answer (serde_json into a tree).
        let t = Instant::now();
        let m: Value = serde_json::from_slice(body.as_ref())?;
        parsed.push(ms(t));
        anyhow::ensure!(
            m["matrix"][0]["rowData"][0]["squares"] == level,
            "the read after a change shows the old level"
        );
        computed = m["matrix"][0]["rowData"][0].get("effective").is_some();
        size = body.as_ref().len();
        last = body.as_ref().to_vec();
        let t = Instant::now();
        leader.get_bytes(MATRIX).await?;
        repeated.push(ms(t));
    }
    // The floor: the same bytes answered from memory by a bare axum route.
    let bytes = axum::body::Bytes::from(last);
    let bare = crate::load::serve(
        axum::Router::new()
            .route("/floor", axum::routing::get(move || std::future::ready(bytes.clone()))),
    )
    .await?;
    let mut floor = Vec::new();
    for _ in 0..reads {
        let t = Instant::now();
        leader.http.get(format!("{bare}/floor")).send().await?.bytes().await?;
        floor.push(ms(t));
    }
    let (b50, r50) = (pct(&mut built, 0.5), pct(&mut repeated, 0.5));
    println!(
        "{:<44} {:>6} {:>9} {:>9} {:>12}",
        "training matrix GET, one client (last byte)", "reads", "p50 ms", "p99 ms", "bytes"
    );
    println!(
        "  effective levels: {}",
        if computed {
            "computed on every read, uncached (every rule on; a verified read of each cell, a new release of each part, a waiver per operator)"
        } else {
            "not computed (every rule of [modules.training] at 0: the spec's matrix)"
        }
    );
    println!(
        "{:<44} {:>6} {:>9.2} {:>9.2} {:>12}",
        "  floor: the same bytes from memory (bare)",
        reads,
        pct(&mut floor, 0.5),
        pct(&mut floor, 0.99),
        size
    );
    println!(
        "{:<44} {:>6} {:>9.2} {:>9.2} {:>12}",
        "  built (after a level change)",
        reads,
        b50,
        pct(&mut built, 0.99),
        size
    );
    println!(
        "{:<44} {:>6} {:>9.2} {:>9.2} {:>12}",
        "  repeated (no change between)",
        reads,
        r50,
        pct(&mut repeated, 0.99),
        size
    );
    println!(
        "{:<44} {:>6} {:>9.2} {:>9.2} {:>12}",
        "  client: parse the answer (not in the above)",
        reads,
        pct(&mut parsed, 0.5),
        pct(&mut parsed, 0.99),
        size
    );
    // What each read paid before the packs were stored (migration 5003): building them
    // from their rows, the matrix's columns at once, timed on the database alone.
    let (levels, reads_sql) = (plantdoc_training::packs::LEVELS, plantdoc_training::packs::READS);
    let unstored = format!(
        "SELECT {}, {} FROM training_parts p JOIN parts c ON c.id = p.part_id WHERE p.company_code = 'mpk'",
        levels.replace("$1", "p.id"),
        reads_sql.replace("$1", "p.company_code").replace("$2", "c.part_number")
    );
    let mut packing = Vec::new();
    for _ in 0..reads {
        let t = Instant::now();
        sqlx::query(&unstored).fetch_all(&state.db.pool).await?;
        packing.push(ms(t));
    }
    println!(
        "{:<44} {:>6} {:>9.2} {:>9.2}",
        "  packs built from rows (stored since 5003)",
        reads,
        pct(&mut packing, 0.5),
        pct(&mut packing, 0.99)
    );
    Ok((b50, r50))
}
