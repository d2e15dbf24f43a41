//! Browse and All Approved paging at the floor's pace (docs/speed.md, 'Browse and
//! search'): the total and the deep pages of a list cost no walk over the list per
//! request.
//!
//! - **Totals** are counted once per list (its SQL and arguments) and remembered while
//!   the stamp of its change counters holds (decision 37: no write request answered here,
//!   counters `swp` and `acks` unmoved, read at least every `session.recheck_ms`).
//! - **Deep pages seek**: the sort key and id of every `page_anchor_rows`-th row (an
//!   *anchor*) are found once (one index walk) and remembered the same way; page N then
//!   seeks to the anchor at or before its first row with `(key, id) >= (anchor)` on the
//!   sort key's index (which ends in `id`) and skips fewer than `page_anchor_rows`
//!   entries. The answer is the one `OFFSET` gives: the order is total (`id` breaks
//!   ties) and the sort columns of deployed SWPs are never NULL.
use std::time::Duration;

use plantdoc_core::app::AppState;
use plantdoc_core::changes::Stamp;
use plantdoc_core::db::{Param, Params};
use plantdoc_core::memo::Memo;
use sqlx::Row;

use crate::model::Swp;
use crate::store;
use crate::SwpState;

/// A remembered value is kept at most this long (its stamp decides whether it is used).
const TTL: Duration = Duration::from_secs(60);
/// Lists remembered at most (then forgotten all at once).
const MAX_KEYS: usize = 10_000;

/// What Browse pages and part searches are read from: SWP rows (their zones and part
/// revision counters), sign records and translations (the kiosk's SWP answers carry them).
const ANSWERS_FROM: &[&str] = &["swp", "acks", "translations"];

/// Browse pages and part searches as sent, while nothing they show has changed
/// (decision 37): 16 MiB at most, each a minute at most.
pub fn answers() -> plantdoc_core::answers::Answers {
    plantdoc_core::answers::Answers::new(ANSWERS_FROM, TTL, 16 << 20)
}

async fn stamp(state: &AppState) -> Result<Stamp, sqlx::Error> {
    state.changes.stamp_of(&state.db, ANSWERS_FROM).await
}

/// Totals and anchors remembered per app state (`plantdoc_core::memo`).
pub struct ListCache {
    counts: Memo<(Stamp, i64)>,
    anchors: Memo<(Stamp, Option<(Param, String)>)>,
}

impl Default for ListCache {
    fn default() -> Self {
        Self { counts: Memo::new(TTL, MAX_KEYS), anchors: Memo::new(TTL, MAX_KEYS) }
    }
}

fn cache(state: &AppState) -> &ListCache {
    &state.get::<SwpState>().lists
}

/// The number of SWPs matching `filter`, remembered (see the module's note).
pub async fn count_cached(state: &AppState, q: &Params, filter: &str) -> Result<i64, sqlx::Error> {
    let c = cache(state);
    let key = format!("{filter}\n{:?}", q.values);
    let generation = c.counts.generation();
    let stamp = stamp(state).await?;
    if let Some((_, n)) = c.counts.recall(&key).filter(|(s, _)| *s == stamp) {
        return Ok(n);
    }
    let n = store::count(&state.db, q, filter).await?;
    c.counts.remember(generation, key, (stamp, n));
    Ok(n)
}

/// The order of a paged list: one indexed column (SQL over `s`) and its direction;
/// `s.id` in the same direction breaks ties.
pub struct Sort<'a> {
    pub column: &'a str,
    pub desc: bool,
}

impl Sort<'_> {
    pub fn order(&self) -> String {
        let dir = if self.desc { "DESC" } else { "ASC" };
        format!("{} {dir}, s.id {dir}", self.column)
    }
    fn is_number(&self) -> bool {
        self.column.ends_with("_date")
    }
}

/// The sort key and id of the row at `position` (0-based) of the list, remembered.
async fn anchor(
    state: &AppState,
    q: &Params,
    filter: &str,
    sort: &Sort<'_>,
    position: i64,
) -> Result<Option<(Param, String)>, sqlx::Error> {
    let c = cache(state);
    let order = sort.order();
    let key = format!("{filter}\n{:?}\n{order}\n{position}", q.values);
    let generation = c.anchors.generation();
    let stamp = stamp(state).await?;
    if let Some((_, a)) = c.anchors.recall(&key).filter(|(s, _)| *s == stamp) {
        return Ok(a);
    }
    let sql = format!("SELECT {} AS k, s.id AS id FROM swps s WHERE {filter} ORDER BY {order} LIMIT 1 OFFSET {position}", sort.column);
    let row = q.query(&sql).fetch_optional(&state.db.pool).await?;
    let a = match row {
        Some(r) => {
            let k = if sort.is_number() {
                Param::Int(r.try_get("k")?)
            } else {
                Param::Text(r.try_get("k")?)
            };
            Some((k, r.try_get("id")?))
        }
        None => None,
    };
    c.anchors.remember(generation, key, (stamp, a.clone()));
    Ok(a)
}

/// The SWPs at `offset..offset + limit` of the list (`filter` in `sort` order), as
/// `OFFSET` would answer, seeking from the nearest anchor.
pub async fn page(
    state: &AppState,
    q: &Params,
    filter: &str,
    sort: &Sort<'_>,
    limit: i64,
    offset: i64,
) -> Result<Vec<Swp>, sqlx::Error> {
    let every = state.get::<SwpState>().settings.page_anchor_rows.max(1);
    let from = offset / every * every;
    if from > 0 {
        if let Some((k, id)) = anchor(state, q, filter, sort, from).await? {
            let mut q = q.clone();
            let op = if sort.desc { "<=" } else { ">=" };
            let seek =
                format!("{filter} AND ({}, s.id) {op} ({}, {})", sort.column, q.add(k), q.add(id));
            return store::fetch_list(&state.db, &q, &seek, &sort.order(), limit, offset - from)
                .await;
        }
        // No row there: the page is past the end.
        return Ok(Vec::new());
    }
    store::fetch_list(&state.db, q, filter, &sort.order(), limit, offset).await
}

/// A search term is broad (walked on the sort key's index) when its `n` matches of a
/// list of `all` give `n² ≥ 64 · all` (at 45 000 SWPs, from about 1 700 matches: a
/// page finds its rows within a few hundred index entries) or `8 · n ≥ all`; a narrower
/// one is read by part number and its matches sorted.
fn broad(n: i64, all: i64) -> bool {
    n.saturating_mul(n) >= all.saturating_mul(64) || n.saturating_mul(8) >= all
}

/// Adds Browse's part-number prefix filter to `filter` (binding it in `q`). Answers
/// the filter to count with (the prefix as an index range) and the one to page with:
/// the same, unless the list is sorted by another key and the term is broad; then the
/// prefix is written so that no index range is taken from it (inside a `CASE`, which
/// keeps the column's bytewise collation), and the sort
/// key's index (which ends in the part number) is walked in order instead of sorting
/// thousands of matches for every page.
pub async fn search(
    state: &AppState,
    q: &mut Params,
    filter: &str,
    term: &str,
    sort: &Sort<'_>,
) -> Result<(String, String), sqlx::Error> {
    let base = q.clone();
    let (lo, hi) = crate::lists::prefix_range(term);
    let (lo, hi) = (q.add(lo), q.add(hi));
    let counted = format!("{filter} AND s.part_number >= {lo} AND s.part_number < {hi}");
    if sort.column == "s.part_number" {
        return Ok((counted.clone(), counted));
    }
    let n = count_cached(state, q, &counted).await?;
    let all = count_cached(state, &base, filter).await?;
    if broad(n, all) {
        let walked = format!("{filter} AND CASE WHEN s.part_number >= {lo} AND s.part_number < {hi} THEN 1 ELSE 0 END = 1");
        return Ok((counted, walked));
    }
    Ok((counted.clone(), counted))
}
