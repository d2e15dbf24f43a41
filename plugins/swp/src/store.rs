//! SQL of the SWP module (reads; the writes live next to their rules in lifecycle.rs and
//! submit.rs). Portable SQL over the `Any` pool: `$N` placeholders, numbered by [`Q`].
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use plantdoc_core::app::AppState;
use plantdoc_core::clock::iso;
use plantdoc_core::db::Db;
use serde_json::{json, Value};
use sqlx::any::AnyArguments;
use sqlx::{Any, Row};

use crate::model::{Swp, COLUMNS};

/// A bound argument.
#[derive(Debug, Clone)]
pub enum Arg {
    S(String),
    I(i64),
}

impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::S(s)
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::S(s.to_string())
    }
}
impl From<i64> for Arg {
    fn from(i: i64) -> Self {
        Arg::I(i)
    }
}

/// Arguments of a query being built: `p` adds one and returns its placeholder.
#[derive(Debug, Default)]
pub struct Q {
    pub args: Vec<Arg>,
}

impl Q {
    pub fn p(&mut self, a: impl Into<Arg>) -> String {
        self.args.push(a.into());
        format!("${}", self.args.len())
    }
    /// Placeholders for a list (`IN (...)`).
    pub fn list<I: IntoIterator<Item = String>>(&mut self, items: I) -> String {
        items.into_iter().map(|s| self.p(s)).collect::<Vec<_>>().join(", ")
    }
    pub fn query<'q>(&self, sql: &'q str) -> sqlx::query::Query<'q, Any, AnyArguments<'q>> {
        let mut q = sqlx::query(sql);
        for a in &self.args {
            q = match a {
                Arg::S(s) => q.bind(s.clone()),
                Arg::I(i) => q.bind(*i),
            };
        }
        q
    }
}

pub async fn fetch_one(db: &Db, id: &str) -> Result<Option<Swp>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM swps s WHERE s.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&db.pool).await?;
    row.as_ref().map(Swp::from_row).transpose()
}

/// SWPs matching `filter` (SQL over `s`, placeholders from `q`), in `order`. The page's
/// ids are found first, from the indexes alone (sort key, id and zone mask are in them),
/// and only those rows are read: deep pages skip index entries, not table rows.
pub async fn fetch_list(db: &Db, q: &Q, filter: &str, order: &str, limit: i64, offset: i64) -> Result<Vec<Swp>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM swps s WHERE s.id IN \
         (SELECT s.id FROM swps s WHERE {filter} ORDER BY {order} LIMIT {limit} OFFSET {offset}) ORDER BY {order}"
    );
    let rows = q.query(&sql).fetch_all(&db.pool).await?;
    rows.iter().map(Swp::from_row).collect()
}

pub async fn count(db: &Db, q: &Q, filter: &str) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) AS n FROM swps s WHERE {filter}");
    q.query(&sql).fetch_one(&db.pool).await?.try_get("n")
}

/// Bumped by every SWP write of this process: cached counts older than it are void.
static GENERATION: AtomicU64 = AtomicU64::new(0);
/// A cached count is used at most this long (writes by other app instances).
const COUNT_TTL: Duration = Duration::from_secs(5);
type CountCache = Mutex<Option<HashMap<String, (u64, Instant, i64)>>>;
static COUNTS: CountCache = Mutex::new(None);

/// Call after any change to SWP rows.
pub fn changed() {
    GENERATION.fetch_add(1, Ordering::SeqCst);
}

/// [`count`], remembered until the next SWP write in this process or for 5 s: Browse
/// asks for the total with every page, and counting tens of thousands of rows is most of
/// a page's cost. The key is the database, the SQL and its arguments, so it is exact.
pub async fn count_cached(state: &AppState, q: &Q, filter: &str) -> Result<i64, sqlx::Error> {
    let key = format!("{}\n{filter}\n{:?}", state.settings.database.url, q.args);
    let generation = GENERATION.load(Ordering::SeqCst);
    if let Some((g, at, n)) = COUNTS.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert_with(HashMap::new).get(&key) {
        if *g == generation && at.elapsed() < COUNT_TTL {
            return Ok(*n);
        }
    }
    let n = count(&state.db, q, filter).await?;
    let mut cache = COUNTS.lock().unwrap_or_else(|p| p.into_inner());
    let map = cache.get_or_insert_with(HashMap::new);
    if map.len() > 10_000 {
        map.clear();
    }
    map.insert(key, (generation, Instant::now(), n));
    Ok(n)
}

/// Sign records of the given SWPs, newest first, as the spec's signed operation record.
/// A record whose version hash is not its SWP's current hash is left out.
pub async fn signs_for(db: &Db, ids: &[&str]) -> Result<HashMap<String, Vec<Value>>, sqlx::Error> {
    let mut out: HashMap<String, Vec<Value>> = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut q = Q::default();
        let list = q.list(chunk.iter().map(|s| s.to_string()));
        let sql = format!(
            "SELECT r.id, r.swp_id, r.operator_id, r.op_full_name, r.op_no, r.date_signed, r.verified, r.verifier_id, \
             r.cl_full_name, r.cl_op_no, r.date_verified FROM swp_signs r JOIN swps s ON s.id = r.swp_id \
             WHERE r.swp_id IN ({list}) AND r.version_hash = s.content_hash ORDER BY r.date_signed DESC, r.id"
        );
        for r in q.query(&sql).fetch_all(&db.pool).await? {
            let swp_id: String = r.try_get("swp_id")?;
            out.entry(swp_id).or_default().push(sign_json(&r)?);
        }
    }
    Ok(out)
}

fn sign_json(r: &sqlx::any::AnyRow) -> Result<Value, sqlx::Error> {
    let verified_at: Option<i64> = r.try_get("date_verified")?;
    let verifier: Option<String> = r.try_get("verifier_id")?;
    Ok(json!({
        "_id": r.try_get::<String, _>("id")?,
        "verified": r.try_get::<i64, _>("verified")? != 0,
        "op": {"_id": r.try_get::<String, _>("operator_id")?, "fullName": r.try_get::<String, _>("op_full_name")?, "opNo": r.try_get::<String, _>("op_no")?},
        "dateSigned": {"date": iso(r.try_get("date_signed")?)},
        "cl": verifier.map(|id| -> Result<Value, sqlx::Error> { Ok(json!({
            "_id": id, "fullName": r.try_get::<Option<String>, _>("cl_full_name")?, "opNo": r.try_get::<Option<String>, _>("cl_op_no")?,
        }))}).transpose()?,
        "dateVerified": verified_at.map(|d| json!({"date": iso(d)})),
    }))
}

/// The SWPs' JSON with their sign records filled in.
pub async fn with_signs(db: &Db, swps: &[Swp]) -> Result<Vec<Value>, sqlx::Error> {
    let ids: Vec<&str> = swps.iter().map(|s| s.id.as_str()).collect();
    let mut signs = signs_for(db, &ids).await?;
    Ok(swps
        .iter()
        .map(|s| {
            let mut v = s.to_json();
            v["opsSigned"] = Value::Array(signs.remove(&s.id).unwrap_or_default());
            v
        })
        .collect())
}

/// Short-lived links to each SWP's documents: `{id: {swc, jes, vis, video}}`. Call only
/// after the caller was found allowed to see these SWPs.
pub async fn links_for(state: &AppState, swps: &[Swp]) -> anyhow::Result<HashMap<String, Value>> {
    let mut ids: Vec<String> = Vec::new();
    for s in swps {
        ids.extend([s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()]);
        ids.extend(s.video_file.clone());
    }
    let mut files: HashMap<String, (String, String)> = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut q = Q::default();
        let list = q.list(chunk.iter().cloned());
        let sql = format!("SELECT id, storage_key, content_type FROM files WHERE id IN ({list})");
        for r in q.query(&sql).fetch_all(&state.db.pool).await? {
            files.insert(r.try_get("id")?, (r.try_get("storage_key")?, r.try_get("content_type")?));
        }
    }
    let now = state.now_ms();
    let mut out = HashMap::new();
    for s in swps {
        let mut urls = serde_json::Map::new();
        let sections = [("swc", Some(&s.swc_file)), ("jes", Some(&s.jes_file)), ("vis", Some(&s.vis_file)), ("video", s.video_file.as_ref())];
        for (name, file) in sections {
            let link = match file.and_then(|f| files.get(f)) {
                Some((key, ct)) => {
                    let ext = if ct == "application/pdf" { "pdf" } else if ct == "video/webm" { "webm" } else { "mp4" };
                    let fname = format!("{}-{}.{ext}", s.part_number.replace(['/', ' '], "-"), name.to_uppercase());
                    Value::String(state.storage.link(key, &fname, ct, now).await?)
                }
                None => Value::Null,
            };
            urls.insert(name.to_string(), link);
        }
        out.insert(s.id.clone(), Value::Object(urls));
    }
    Ok(out)
}

/// One SWP's JSON with signs and links, for the single-SWP calls.
pub async fn full_json(state: &AppState, swp: &Swp) -> Result<Value, plantdoc_core::AppError> {
    let mut v = with_signs(&state.db, std::slice::from_ref(swp)).await?.remove(0);
    let mut links = links_for(state, std::slice::from_ref(swp)).await?;
    v["urls"] = links.remove(&swp.id).unwrap_or(Value::Null);
    Ok(v)
}
