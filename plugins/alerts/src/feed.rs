//! The kiosk's alert feeds at the floor's pace (docs/speed.md, 'Alert feeds'). Which
//! alerts are in force in a zone (one range of the covering `alert_zones_feed` index)
//! is remembered until the first of: a write request of this instance, a move of the
//! database's `alerts` counter (read at least every `session.recheck_ms`; triggers move
//! it with every write of an alert's zones or status, on any instance), or the next
//! effective or sunset time in that zone (decision 35). An operator's verified
//! signatures made since the list's first effective date are read on every request (one
//! range of a covering index, `acknowledgements_verified_alerts`, migration 2003). Each
//! deployed alert's JSON with its file link is remembered too: a deployed alert never
//! changes (leaving the floor is its row leaving that range), so only the link's age
//! bounds it. The zone's whole answer is remembered with its list (the same bounds), as
//! bytes and each alert's place in them: the zone feed sends it as it is, and so does the
//! operator feed for an operator who signed none of its alerts; otherwise the operator's
//! answer is those places minus the signed ones.
use std::ops::Range;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use plantdoc_core::app::AppState;
use plantdoc_core::changes::Stamp;
use plantdoc_core::memo::Memo;
use plantdoc_core::ports::PartAlert;
use sqlx::Row;

use plantdoc_core::review::Document;

use crate::model::{Alert, COLUMNS};
use crate::{store, AlertsState};

/// Most alerts one feed answers.
pub const FEED_CAP: usize = 200;
/// An alert's JSON is remembered at most this long, and never past half its link's life.
const TTL: Duration = Duration::from_secs(60);
const MAX_ALERTS: usize = 8192;
/// Zone lists (one per company and zone) remembered at most.
const MAX_LISTS: usize = 4096;

/// A deployed alert, ready to send.
pub struct FeedItem {
    /// SHA-256 of the alert's file (the version a signature binds to).
    pub file_hash: String,
    /// What a machine's in-force read answers of it (its part, tag, type and dates).
    pub facts: PartAlert,
    built_ms: i64,
    /// The kiosk's object: the spec's Alert plus `url`.
    json: Bytes,
}

/// A zone's alerts in force, in feed order.
pub struct InForce {
    pub ids: Vec<String>,
    /// The earliest effective date of the list (`i64::MAX` when empty): no signature of
    /// one of these alerts is older (one is made only while its alert is in force).
    pub since_ms: i64,
    /// The zone feed's answer built from this list, once asked.
    body: Mutex<Option<Arc<ZoneBody>>>,
    /// What a machine's in-force read answers of the list's alerts, once asked.
    facts: Mutex<Option<Arc<Vec<PartAlert>>>>,
}

/// A zone feed's answer: the JSON array of the list's first [`FEED_CAP`] alerts.
pub struct ZoneBody {
    /// When its oldest alert's JSON (and link) was built, in the app's clock.
    oldest_ms: i64,
    pub bytes: Bytes,
    /// Each alert's id, version hash and place of its object in `bytes`.
    spans: Vec<(String, String, Range<usize>)>,
    /// Whether every alert of the list is in `bytes` (none left out by the cap).
    whole: bool,
}

/// A zone's list as read, with what it was read from and until when it holds.
struct Listed {
    stamp: Stamp,
    /// The next effective or sunset time in the zone after the read (app clock).
    until_ms: i64,
    list: Arc<InForce>,
}

pub struct FeedCache {
    items: Memo<Arc<FeedItem>>,
    lists: Memo<Arc<Listed>>,
}

impl Default for FeedCache {
    fn default() -> Self {
        Self { items: Memo::new(TTL, MAX_ALERTS), lists: Memo::new(TTL, MAX_LISTS) }
    }
}

/// Forgets every remembered list and alert: the benchmarks' uncached reads.
pub fn forget(state: &AppState) {
    let feeds = &state.get::<AlertsState>().feeds;
    feeds.lists.changed();
    feeds.items.changed();
}

/// The zone's alerts in force now, in feed order (effective date, newest first).
pub async fn in_force(
    state: &AppState,
    company: &str,
    zone: &str,
) -> Result<Arc<InForce>, sqlx::Error> {
    let lists = &state.get::<AlertsState>().feeds.lists;
    let stamp = state.changes.stamp(&state.db, "alerts").await?;
    let now = state.now_ms();
    let key = format!("{company}\n{zone}");
    if let Some(l) = lists.recall(&key).filter(|l| l.stamp == stamp && now < l.until_ms) {
        return Ok(l.list.clone());
    }
    let (until_ms, list) = read(state, company, zone, now).await?;
    let list = Arc::new(list);
    lists.remember(
        lists.generation(),
        key,
        Arc::new(Listed { stamp, until_ms, list: list.clone() }),
    );
    Ok(list)
}

/// The zone's deployed alerts not yet sunset: `$1` company, `$2` zone, `$3` now.
pub const ZONE_LIST_SQL: &str =
    "SELECT z.alert_id AS id, z.effective_date AS eff, z.sunset_date AS sunset FROM alert_zones z \
     WHERE z.company_code = $1 AND z.zone = $2 AND z.deployed = 1 AND z.sunset_date > $3";

/// An operator's verified alert signatures since a time, with a sentinel row when the
/// operator is a person of the company: `$1` operator, `$2` company, `$3` since.
pub static OPERATOR_SIGNED_SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "SELECT '' AS id, '' AS hash {} WHERE u.id = $1 AND u.company_code = $2 \
     UNION ALL SELECT k.doc_id AS id, k.version_hash AS hash FROM acknowledgements k \
     WHERE k.operator_id = $1 AND k.doc_kind = 'alert' AND k.verified_at IS NOT NULL AND k.signed_at >= $3",
        plantdoc_core::people::sql::from("u")
    )
});

/// One read of the zone's alerts not yet sunset: those in force now, and the time the
/// list next changes by the clock.
async fn read(
    state: &AppState,
    company: &str,
    zone: &str,
    now: i64,
) -> Result<(i64, InForce), sqlx::Error> {
    let rows = sqlx::query(ZONE_LIST_SQL)
        .bind(company)
        .bind(zone)
        .bind(now)
        .fetch_all(&mut *state.db.reader().await?)
        .await?;
    let mut until = i64::MAX;
    let mut since_ms = i64::MAX;
    let mut list: Vec<(i64, String)> = Vec::with_capacity(rows.len());
    for r in &rows {
        let (id, eff, sunset): (String, i64, i64) =
            (r.try_get("id")?, r.try_get("eff")?, r.try_get("sunset")?);
        if eff > now {
            until = until.min(eff);
        } else {
            until = until.min(sunset);
            since_ms = since_ms.min(eff);
            list.push((eff, id));
        }
    }
    list.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok((
        until,
        InForce {
            ids: list.into_iter().map(|(_, id)| id).collect(),
            since_ms,
            body: Mutex::default(),
            facts: Mutex::default(),
        },
    ))
}

/// The alerts and version hashes `operator` signed and had verified since `since_ms`;
/// `None` when the operator is not a person of `company`. One read with a fixed text: a
/// row with an empty id for the person, and their verified alert signatures since then
/// (one range of `acknowledgements_verified_alerts`; the caller keeps those of its list).
pub async fn verified_by(
    state: &AppState,
    company: &str,
    operator: &str,
    since_ms: i64,
) -> Result<Option<Vec<(String, String)>>, sqlx::Error> {
    let q = sqlx::query(OPERATOR_SIGNED_SQL.as_str()).bind(operator).bind(company).bind(since_ms);
    let rows = q.fetch_all(&mut *state.db.reader().await?).await?;
    let mut known = false;
    let mut signed = Vec::new();
    for r in &rows {
        let (id, hash): (String, String) = (r.try_get("id")?, r.try_get("hash")?);
        if id.is_empty() {
            known = true;
        } else {
            signed.push((id, hash));
        }
    }
    Ok(known.then_some(signed))
}

/// How long, in the app's clock, an alert's JSON is used: its link must stay valid.
fn lifetime_ms(state: &AppState) -> i64 {
    (TTL.as_millis() as i64).min(state.storage.reuse_ms())
}

/// The alerts' JSON (remembered or built now), one per id in order; `None` for an alert
/// that left the floor between the two reads.
pub async fn items(state: &AppState, ids: &[&str]) -> anyhow::Result<Vec<Option<Arc<FeedItem>>>> {
    let memo = &state.get::<AlertsState>().feeds.items;
    let now = state.now_ms();
    let life = lifetime_ms(state);
    let mut found: Vec<Option<Arc<FeedItem>>> = ids
        .iter()
        .map(|id| memo.recall(id).filter(|i| (0..life).contains(&(now - i.built_ms))))
        .collect();
    let missing: Vec<&str> =
        ids.iter().zip(&found).filter(|(_, f)| f.is_none()).map(|(id, _)| *id).collect();
    if !missing.is_empty() {
        let generation = memo.generation();
        let mut q = plantdoc_core::db::Params::default();
        let marks = q.list(missing.iter().map(|id| id.to_string()));
        let sql = format!(
            "SELECT {COLUMNS} FROM alerts a WHERE a.status = 'deployed' AND a.id IN ({marks})"
        );
        let rows = q.query(&sql).fetch_all(&mut *state.db.reader().await?).await?;
        let alerts = rows.iter().map(Alert::from_row).collect::<Result<Vec<_>, _>>()?;
        let mut links = store::links_for(state, &alerts).await?;
        for a in alerts {
            // As shown while in force (the only time it is sent).
            let url = links.remove(&a.id);
            let shown_at = now.max(a.effective_date);
            let v = crate::schemas::KioskAlert { alert: a.json(shown_at), url };
            let json = Bytes::from(serde_json::to_vec(&v)?);
            let a = v.alert.alert;
            let facts = crate::kiosk::part_alert(&a);
            let item = Arc::new(FeedItem { file_hash: a.file_hash, facts, built_ms: now, json });
            if let Some(at) = ids.iter().position(|id| *id == a.record.id) {
                found[at] = Some(item.clone());
            }
            memo.remember(generation, a.record.id, item);
        }
    }
    Ok(found)
}

/// The facts of `list`'s alerts (a machine's in-force read, decision 127), built once per
/// list from its alerts and kept with it: a deployed alert's facts never change, and the
/// list is read again when what it holds may have.
pub async fn facts(state: &AppState, list: &InForce) -> anyhow::Result<Arc<Vec<PartAlert>>> {
    if let Some(f) = list.facts.lock().unwrap_or_else(|p| p.into_inner()).clone() {
        return Ok(f);
    }
    let ids: Vec<&str> = list.ids.iter().map(String::as_str).collect();
    let built: Vec<PartAlert> =
        items(state, &ids).await?.into_iter().flatten().map(|i| i.facts.clone()).collect();
    let built = Arc::new(built);
    *list.facts.lock().unwrap_or_else(|p| p.into_inner()) = Some(built.clone());
    Ok(built)
}

/// The zone feed's answer for `list`: remembered with it while every link in it has at
/// least half its life ahead (as each alert's JSON), else built again from the items.
pub async fn zone_body(state: &AppState, list: &InForce) -> anyhow::Result<Arc<ZoneBody>> {
    let now = state.now_ms();
    let kept = list.body.lock().unwrap_or_else(|p| p.into_inner()).clone();
    if let Some(b) = kept.filter(|b| (0..lifetime_ms(state)).contains(&(now - b.oldest_ms))) {
        return Ok(b);
    }
    let ids: Vec<&str> = list.ids.iter().take(FEED_CAP).map(String::as_str).collect();
    let items = items(state, &ids).await?;
    let mut spans = Vec::with_capacity(ids.len());
    let mut out =
        Vec::with_capacity(2 + items.iter().flatten().map(|i| i.json.len() + 1).sum::<usize>());
    out.push(b'[');
    for (id, item) in ids.iter().zip(&items) {
        let Some(item) = item else { continue };
        if !spans.is_empty() {
            out.push(b',');
        }
        spans.push((
            id.to_string(),
            item.file_hash.clone(),
            out.len()..out.len() + item.json.len(),
        ));
        out.extend_from_slice(&item.json);
    }
    out.push(b']');
    let oldest_ms = items.iter().flatten().map(|i| i.built_ms).min().unwrap_or(now);
    let body = Arc::new(ZoneBody {
        oldest_ms,
        bytes: Bytes::from(out),
        spans,
        whole: list.ids.len() <= FEED_CAP,
    });
    *list.body.lock().unwrap_or_else(|p| p.into_inner()) = Some(body.clone());
    Ok(body)
}

impl ZoneBody {
    /// The answer without the alerts `signed` holds for the version shown (id, hash), or
    /// `None` when the cap left alerts out that would then take their places.
    pub fn without(&self, signed: &[(String, String)]) -> Option<Bytes> {
        let mine = |(id, hash, _): &&(String, String, Range<usize>)| {
            signed.iter().any(|(s, h)| s == id && h == hash)
        };
        if !self.spans.iter().any(|s| mine(&s)) {
            return Some(self.bytes.clone());
        }
        if !self.whole {
            return None;
        }
        let mut out = Vec::with_capacity(self.bytes.len());
        out.push(b'[');
        for (_, _, at) in self.spans.iter().filter(|s| !mine(s)) {
            if out.len() > 1 {
                out.push(b',');
            }
            out.extend_from_slice(&self.bytes[at.clone()]);
        }
        out.push(b']');
        Some(Bytes::from(out))
    }
}

/// A JSON array of the first [`FEED_CAP`] `items`.
pub fn to_body<'a>(items: impl Iterator<Item = &'a Arc<FeedItem>>) -> Bytes {
    let items: Vec<&Arc<FeedItem>> = items.take(FEED_CAP).collect();
    // Sized once: a zone's feed is tens of KB.
    let mut out = Vec::with_capacity(2 + items.iter().map(|i| i.json.len() + 1).sum::<usize>());
    out.push(b'[');
    for (n, item) in items.into_iter().enumerate() {
        if n > 0 {
            out.push(b',');
        }
        out.extend_from_slice(&item.json);
    }
    out.push(b']');
    Bytes::from(out)
}
