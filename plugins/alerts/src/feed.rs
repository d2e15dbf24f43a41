//! The kiosk's alert feeds at the floor's pace (docs/speed.md, 'Alert feeds'). Each
//! request reads which alerts are in force in the zone now (one range of the covering
//! `alert_zones_feed` index; for an operator, with their verified signatures), so a
//! write on any instance shows on the next request. What is remembered is each
//! deployed alert's JSON with its file link: a deployed alert never changes (leaving the
//! floor is its row leaving that range), so only the link's age bounds the memo.
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use plantdoc_core::app::AppState;
use plantdoc_core::memo::Memo;
use sqlx::Row;

use crate::model::{Alert, COLUMNS};
use crate::{store, AlertsState};

/// Most alerts one feed answers.
pub const FEED_CAP: usize = 200;
/// An alert's JSON is remembered at most this long, and never past half its link's life.
const TTL: Duration = Duration::from_secs(60);
const MAX_ALERTS: usize = 8192;

/// A deployed alert, ready to send.
pub struct FeedItem {
    /// SHA-256 of the alert's file (the version a signature binds to).
    pub file_hash: String,
    built_ms: i64,
    /// The kiosk's object: the spec's Alert plus `url`.
    json: Bytes,
}

pub struct FeedCache(Memo<Arc<FeedItem>>);

impl Default for FeedCache {
    fn default() -> Self {
        Self(Memo::new(TTL, MAX_ALERTS))
    }
}

/// The zone's alerts in force now, in feed order (effective date, newest first); with
/// `operator`, each with the version hashes the operator signed and had verified, and
/// `None` when the operator is not a person of `company`.
pub async fn in_force(state: &AppState, company: &str, zone: &str, operator: Option<&str>) -> Result<Option<Vec<(String, Vec<String>)>>, sqlx::Error> {
    let now = state.now_ms();
    let base = "FROM alert_zones z WHERE z.company_code = $1 AND z.zone = $2 AND z.deployed = 1 AND z.sunset_date > $3 AND z.effective_date <= $4";
    let rows = match operator {
        None => {
            let sql = format!("SELECT z.alert_id AS id, z.effective_date AS eff, NULL AS hash {base}");
            sqlx::query(&sql).bind(company).bind(zone).bind(now).bind(now).fetch_all(&state.db.pool).await?
        }
        Some(op) => {
            // One read: the zone's alerts with the operator's verified signatures, and a
            // row with an empty id when the operator is a person of the company.
            let sql = format!(
                "SELECT z.alert_id AS id, z.effective_date AS eff, k.version_hash AS hash \
                 FROM alert_zones z LEFT JOIN acknowledgements k ON k.operator_id = $5 AND k.doc_kind = 'alert' AND k.doc_id = z.alert_id AND k.verified_at IS NOT NULL \
                 {} UNION ALL SELECT '' AS id, 0 AS eff, NULL AS hash FROM users u WHERE u.id = $6 AND u.company_code = $7",
                &base[base.find("WHERE").unwrap_or(0)..]
            );
            let q = sqlx::query(&sql).bind(company).bind(zone).bind(now).bind(now).bind(op).bind(op).bind(company);
            q.fetch_all(&state.db.pool).await?
        }
    };
    let mut known = operator.is_none();
    let mut list: Vec<(i64, String, Vec<String>)> = Vec::with_capacity(rows.len());
    for r in &rows {
        let (id, eff, hash): (String, i64, Option<String>) = (r.try_get("id")?, r.try_get("eff")?, r.try_get("hash")?);
        if id.is_empty() {
            known = true;
            continue;
        }
        match list.iter_mut().find(|(_, i, _)| *i == id) {
            Some((_, _, signed)) => signed.extend(hash),
            None => list.push((eff, id, hash.into_iter().collect())),
        }
    }
    if !known {
        return Ok(None);
    }
    list.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(Some(list.into_iter().map(|(_, id, signed)| (id, signed)).collect()))
}

/// How long, in the app's clock, an alert's JSON is used: its link must stay valid.
fn lifetime_ms(state: &AppState) -> i64 {
    (TTL.as_millis() as i64).min(state.settings.storage.link_ttl_secs as i64 * 500)
}

/// The alerts' JSON (remembered or built now), one per id in order; `None` for an alert
/// that left the floor between the two reads.
pub async fn items(state: &AppState, ids: &[&str]) -> anyhow::Result<Vec<Option<Arc<FeedItem>>>> {
    let memo = &state.get::<AlertsState>().feeds.0;
    let now = state.now_ms();
    let life = lifetime_ms(state);
    let mut found: Vec<Option<Arc<FeedItem>>> = ids.iter().map(|id| memo.recall(id).filter(|i| (0..life).contains(&(now - i.built_ms)))).collect();
    let missing: Vec<&str> = ids.iter().zip(&found).filter(|(_, f)| f.is_none()).map(|(id, _)| *id).collect();
    if !missing.is_empty() {
        let generation = memo.generation();
        let mut q = plantdoc_core::db::Params::default();
        let marks = q.list(missing.iter().map(|id| id.to_string()));
        let sql = format!("SELECT {COLUMNS} FROM alerts a WHERE a.status = 'deployed' AND a.id IN ({marks})");
        let rows = q.query(&sql).fetch_all(&state.db.pool).await?;
        let alerts = rows.iter().map(Alert::from_row).collect::<Result<Vec<_>, _>>()?;
        let mut links = store::links_for(state, &alerts).await?;
        for a in alerts {
            // As shown while in force (the only time it is sent).
            let mut v = a.to_json(now.max(a.effective_date));
            v["url"] = links.remove(&a.id).map(serde_json::Value::String).unwrap_or(serde_json::Value::Null);
            let item = Arc::new(FeedItem { file_hash: a.file_hash, built_ms: now, json: Bytes::from(serde_json::to_vec(&v)?) });
            if let Some(at) = ids.iter().position(|id| *id == a.id) {
                found[at] = Some(item.clone());
            }
            memo.remember(generation, a.id, item);
        }
    }
    Ok(found)
}

/// A JSON array of the first [`FEED_CAP`] `items`.
pub fn to_body<'a>(items: impl Iterator<Item = &'a Arc<FeedItem>>) -> Bytes {
    let mut out = Vec::with_capacity(16 * 1024);
    out.push(b'[');
    for (n, item) in items.take(FEED_CAP).enumerate() {
        if n > 0 {
            out.push(b',');
        }
        out.extend_from_slice(&item.json);
    }
    out.push(b']');
    Bytes::from(out)
}
