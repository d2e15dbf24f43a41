//! Seeds a plant straight into the database: parts with several revisions each (the
//! last deployed, the others obsolete), their zones, part counters and sign records.
//! Multi-row INSERTs of generated literals (no user text) in large transactions, so
//! 200 k revisions and 1 M sign records take about a minute.
use std::time::Instant;

use plantdoc_core::app::AppState;

/// A small deterministic generator (xorshift64*): the same plant every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

pub const REVISIONS_PER_PART: usize = 4;
const FIRST_NAMES: [&str; 10] =
    ["Erin", "Elias", "Maya", "Noah", "Ivy", "Liam", "Zoe", "Omar", "Ada", "Ravi"];
const ROWS_PER_INSERT: usize = 400;
const ROWS_PER_TX: usize = 40_000;

pub struct Seeded {
    /// Ids of deployed SWPs of company mpk, for the lookups.
    pub deployed_ids: Vec<String>,
    /// Part numbers of company mpk, for prefix searches.
    pub parts: Vec<String>,
    pub swps: usize,
    pub signs: usize,
    pub zones: usize,
    pub secs: f64,
}

/// One open transaction that takes multi-row INSERTs and commits every `ROWS_PER_TX`
/// rows (one writer at a time: SQLite allows no more).
struct Sink<'a> {
    state: &'a AppState,
    tx: Option<sqlx::Transaction<'static, sqlx::Any>>,
    in_tx: usize,
}

/// Rows waiting for one table.
struct Table {
    name: &'static str,
    columns: &'static str,
    rows: Vec<String>,
    total: usize,
}

impl Table {
    fn new(name: &'static str, columns: &'static str) -> Self {
        Self { name, columns, rows: Vec::new(), total: 0 }
    }
}

impl Sink<'_> {
    async fn write(&mut self, t: &mut Table) -> anyhow::Result<()> {
        if t.rows.is_empty() {
            return Ok(());
        }
        if self.tx.is_none() {
            self.tx = Some(self.state.db.begin().await?);
        }
        let sql = format!("INSERT INTO {} ({}) VALUES {}", t.name, t.columns, t.rows.join(", "));
        sqlx::raw_sql(&sql).execute(&mut **self.tx.as_mut().expect("open transaction")).await?;
        t.total += t.rows.len();
        self.in_tx += t.rows.len();
        t.rows.clear();
        Ok(())
    }
    /// Writes every table, parents first (the sign and zone rows name their SWP).
    async fn flush(&mut self, tables: &mut [&mut Table]) -> anyhow::Result<()> {
        for t in tables.iter_mut() {
            self.write(t).await?;
        }
        if self.in_tx >= ROWS_PER_TX {
            self.commit().await?;
        }
        Ok(())
    }
    async fn commit(&mut self) -> anyhow::Result<()> {
        if let Some(tx) = self.tx.take() {
            tx.commit().await?;
        }
        self.in_tx = 0;
        Ok(())
    }
}

fn hex_id(prefix: char, n: usize) -> String {
    format!("{prefix}{n:031x}")
}

/// Seeds `swps` revisions (rounded to whole parts) and about `signs` sign records.
pub async fn plant(
    state: &AppState,
    swps: usize,
    signs: usize,
    now: i64,
) -> anyhow::Result<Seeded> {
    let started = Instant::now();
    // Three stored documents shared by every seeded SWP (the lists never open them).
    for (i, name) in ["swc", "jes", "vis"].iter().enumerate() {
        sqlx::query("INSERT INTO files (id, storage_key, filename, content_type, size, sha256, owner_id, module, state, created_at) VALUES ($1, $2, $3, 'application/pdf', 1, 'x', NULL, 'swp', 'attached', $4)")
            .bind(hex_id('f', i))
            .bind(format!("swp/bench{name}"))
            .bind(format!("{name}.pdf"))
            .bind(now)
            .execute(&state.db.pool)
            .await?;
    }
    let parts_total = swps.div_ceil(REVISIONS_PER_PART);
    let signs_per_swp = signs.div_ceil(parts_total * REVISIONS_PER_PART).max(1);
    let mut rng = Rng::new(42);
    let mut sink = Sink { state, tx: None, in_tx: 0 };
    let mut w_swps = Table::new(
        "swps",
        "id, company_code, part_number, status, revision, format, owner_id, owner_firstname, owner_lastname, on_behalf_id, on_behalf_name, \
         part_id, zones, zone_mask, changes, new_release, reference_only, bypass, swc_file, jes_file, vis_file, content_hash, upload_date, deploy_date, obsolete_date, \
         process_status, quality_status, production_status",
    );
    let mut w_zones = Table::new("swp_zones", "swp_id, zone");
    let mut w_parts =
        Table::new("swp_parts", "company_code, part_number, last_revision, current_id");
    let mut w_catalogue =
        Table::new("parts", "id, part_number, description, company_code, created_at");
    let mut w_signs = Table::new(
        "acknowledgements",
        "id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, cl_full_name, cl_op_no, verified_at, verify_meaning",
    );
    let mut out = Seeded {
        deployed_ids: Vec::new(),
        parts: Vec::new(),
        swps: 0,
        signs: 0,
        zones: 0,
        secs: 0.0,
    };
    let day = 86_400_000i64;
    let mut n = 0usize;
    let mut sign_n = 0usize;
    for p in 0..parts_total {
        // One part in ten belongs to another company (the company filter must skip them).
        let company = if p % 10 == 9 { "umw" } else { "mpk" };
        let part = format!("{}{:03}-{:04}", 7 + p % 3, (p / 3) % 1000, p / 3000);
        let all_zones = state.zones.codes(company);
        let part_id = hex_id('p', p);
        w_catalogue.rows.push(format!("('{part_id}', '{part}', '', '{company}', {now})"));
        let mut current = String::new();
        for rev in 0..REVISIONS_PER_PART {
            let id = hex_id('s', n);
            n += 1;
            let deployed = rev + 1 == REVISIONS_PER_PART;
            let upload = now - 3 * 365 * day
                + (p as i64 % 500) * day / 4
                + rev as i64 * 60 * day
                + rng.below(3_600_000) as i64;
            let deploy = upload + 2 * day;
            let obsolete =
                if deployed { "NULL".to_string() } else { (upload + 60 * day).to_string() };
            let owner = rng.below(FIRST_NAMES.len() as u64) as usize;
            let (behalf_id, behalf_name) = if rng.below(3) == 0 {
                let b = rng.below(FIRST_NAMES.len() as u64) as usize;
                (format!("'e{b}'"), format!("{} Park", FIRST_NAMES[b]))
            } else {
                ("NULL".to_string(), String::new())
            };
            let mut zones: Vec<&String> = Vec::new();
            for _ in 0..1 + rng.below(3) {
                let z = &all_zones[rng.below(all_zones.len() as u64) as usize];
                if !zones.contains(&z) {
                    zones.push(z);
                }
            }
            let zones_json = serde_json::to_string(&zones).unwrap_or_default();
            let hash = format!("{:064x}", n);
            w_swps.rows.push(format!(
                    "('{id}', '{company}', '{part}', '{}', {rev}, 'swp', 'e{owner}', '{}', 'Cole', {behalf_id}, '{behalf_name}', '{part_id}', '{zones_json}', {mask}, '', {}, 0, 0, \
                     '{f0}', '{f1}', '{f2}', '{hash}', {upload}, {deploy}, {obsolete}, 'Approved', 'Approved', 'Approved')",
                    if deployed { "deployed" } else { "obsolete" },
                    FIRST_NAMES[owner],
                    i64::from(rev == 0),
                    f0 = hex_id('f', 0),
                    f1 = hex_id('f', 1),
                    f2 = hex_id('f', 2),
                    mask = plantdoc_core::zones::zone_mask(&zones),
                ));
            for z in &zones {
                w_zones.rows.push(format!("('{id}', '{z}')"));
            }
            for k in 0..signs_per_swp {
                let signed = deploy + (k as i64 + 1) * 3_600_000;
                let verified = k % 4 != 3;
                let op = rng.below(400);
                let (vid, vname, vno, vdate, vmeaning) = if verified {
                    (
                        "'cl1'".to_string(),
                        "'Cell Lead'".to_string(),
                        "'CL1'".to_string(),
                        (signed + 600_000).to_string(),
                        "'verified'".to_string(),
                    )
                } else {
                    ("NULL".into(), "NULL".into(), "NULL".into(), "NULL".into(), "NULL".into())
                };
                w_signs.rows.push(format!(
                        "('{}', 'swp', '{id}', '{hash}', 'op{op}', 'Operator {op}', 'OP{op:04}', {signed}, 'read and understood', {vid}, {vname}, {vno}, {vdate}, {vmeaning})",
                        hex_id('r', sign_n),
                    ));
                sign_n += 1;
            }
            if deployed {
                current = id.clone();
                if company == "mpk" {
                    out.deployed_ids.push(id);
                }
            }
        }
        w_parts
            .rows
            .push(format!("('{company}', '{part}', {}, '{current}')", REVISIONS_PER_PART - 1));
        if company == "mpk" {
            out.parts.push(part);
        }
        if w_swps.rows.len() >= ROWS_PER_INSERT
            || w_signs.rows.len() >= ROWS_PER_INSERT
            || w_zones.rows.len() >= ROWS_PER_INSERT
        {
            sink.flush(&mut [
                &mut w_catalogue,
                &mut w_swps,
                &mut w_zones,
                &mut w_parts,
                &mut w_signs,
            ])
            .await?;
        }
    }
    sink.flush(&mut [&mut w_catalogue, &mut w_swps, &mut w_zones, &mut w_parts, &mut w_signs])
        .await?;
    sink.commit().await?;
    out.swps = w_swps.total;
    out.zones = w_zones.total;
    out.signs = w_signs.total;
    // Fresh statistics, and on PostgreSQL a visibility map, as autovacuum would leave
    // them on a live plant (index-only scans need it).
    let tidy = if state.db.dialect == plantdoc_core::db::Dialect::Postgres {
        "VACUUM ANALYZE"
    } else {
        "ANALYZE"
    };
    sqlx::raw_sql(tidy).execute(&state.db.pool).await?;
    out.secs = started.elapsed().as_secs_f64();
    Ok(out)
}

/// What `plant` would answer, read from a database it seeded earlier.
pub async fn existing(state: &AppState) -> anyhow::Result<Seeded> {
    use sqlx::Row;
    let rows = sqlx::query(
        "SELECT id, part_number FROM swps WHERE status = 'deployed' AND company_code = 'mpk'",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let mut out = Seeded {
        deployed_ids: Vec::new(),
        parts: Vec::new(),
        swps: 0,
        signs: 0,
        zones: 0,
        secs: 0.0,
    };
    for r in rows {
        out.deployed_ids.push(r.try_get("id")?);
        out.parts.push(r.try_get("part_number")?);
    }
    let count = |t: &'static str| async move {
        sqlx::query(&format!("SELECT COUNT(*) AS n FROM {t}"))
            .fetch_one(&state.db.pool)
            .await?
            .try_get::<i64, _>("n")
    };
    out.swps = count("swps").await? as usize;
    out.signs = count("acknowledgements").await? as usize;
    out.zones = count("swp_zones").await? as usize;
    Ok(out)
}
