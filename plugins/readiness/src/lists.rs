//! The reads: the obligations list (a page, or every row as CSV), the summary by zone,
//! part or operator, and the kiosk's open obligations of one operator in one zone.
use plantdoc_core::acks;
use plantdoc_core::auth::users::User;
use plantdoc_core::clock::iso;
use plantdoc_core::db::Params;
use plantdoc_core::{zones, AppState};
use sqlx::Row;
use std::collections::BTreeMap;

use crate::filters::Filters;
use crate::schemas::{Date, KioskObligation, Obligation, Operator, SummaryRow};
use crate::DAY_MS;

/// Longest CSV export.
pub const CSV_CAP: i64 = 100_000;
/// Due soon: within this long.
const SOON_MS: i64 = 3 * DAY_MS;
/// Done counts those of this long back.
const DONE_WINDOW_MS: i64 = 30 * DAY_MS;

/// One obligation as the list shows it.
pub struct Line {
    pub id: String,
    pub op_id: String,
    pub op_no: String,
    pub full_name: String,
    pub kind: String,
    pub part_number: String,
    pub doc_id: String,
    pub revision: Option<i64>,
    pub alert_tag: Option<String>,
    pub reason: String,
    pub due: i64,
    pub state: String,
    pub done: Option<i64>,
}

impl Line {
    /// The obligation as the list answers it.
    pub fn into_json(self) -> Obligation {
        Obligation {
            id: self.id,
            operator: Operator { id: self.op_id, op_no: self.op_no, full_name: self.full_name },
            kind: self.kind,
            part_number: self.part_number,
            doc_id: self.doc_id,
            revision: self.revision,
            alert_tag: self.alert_tag,
            reason: self.reason,
            due_date: Date { date: iso(self.due) },
            state: self.state,
            done_date: self.done.map(|d| Date { date: iso(d) }),
        }
    }
}

/// A page (`limit`: `Some(page)`) or every row (CSV) of what the filters select.
pub async fn rows(
    state: &AppState,
    user: &User,
    f: &Filters,
    paged: bool,
) -> Result<(Vec<Line>, i64), sqlx::Error> {
    let now = state.now_ms();
    let mut q = Params::default();
    let w = f.where_sql(state, user, &mut q, now);
    let total: i64 = if paged {
        q.query(&format!("SELECT COUNT(*) AS n FROM readiness_obligations o WHERE {w}"))
            .fetch_one(&state.db.pool)
            .await?
            .try_get("n")?
    } else {
        0
    };
    let (limit, offset) = if paged { (f.limit, (f.page - 1) * f.limit) } else { (CSV_CAP, 0) };
    let now_p = q.add(now);
    let sql = format!(
        "SELECT o.id, o.operator_id, u.op_no, u.firstname, u.lastname, o.kind, o.part_number, o.doc_id, o.revision, o.alert_tag, o.reason, \
         o.due_date, CASE WHEN o.state = 'open' AND o.due_date < {now_p} THEN 'overdue' ELSE o.state END AS shown, o.done_date \
         FROM readiness_obligations o {people} WHERE {w} ORDER BY {} LIMIT {limit} OFFSET {offset}",
        f.order,
        people = plantdoc_core::people::sql::join("u", "o.operator_id")
    );
    let mut out = Vec::new();
    for r in q.query(&sql).fetch_all(&state.db.pool).await? {
        let (first, last): (String, String) = (r.try_get("firstname")?, r.try_get("lastname")?);
        out.push(Line {
            id: r.try_get("id")?,
            op_id: r.try_get("operator_id")?,
            op_no: r.try_get::<Option<String>, _>("op_no")?.unwrap_or_default(),
            full_name: format!("{first} {last}"),
            kind: r.try_get("kind")?,
            part_number: r.try_get("part_number")?,
            doc_id: r.try_get("doc_id")?,
            revision: r.try_get("revision")?,
            alert_tag: r.try_get("alert_tag")?,
            reason: r.try_get("reason")?,
            due: r.try_get("due_date")?,
            state: r.try_get("shown")?,
            done: r.try_get("done_date")?,
        });
    }
    let total = if paged { total } else { out.len() as i64 };
    Ok((out, total))
}

/// The summary's counts of one key.
#[derive(Default)]
struct Counts {
    label: String,
    open: i64,
    overdue: i64,
    soon: i64,
    done: i64,
}

/// `[{key, label, open, overdue, dueSoon, done, donePct}]` by `zone`, `part` or
/// `operator`, over what `user` sees: open obligations (overdue included), those due
/// within 3 days, and those done within the last 30 days. The database groups; an
/// obligation of documents in several zones counts in each (of the caller's) zone. With
/// `zone`, only documents of that zone count (and by zone, only its line).
pub async fn summary(
    state: &AppState,
    user: &User,
    by: &str,
    zone: Option<&str>,
) -> Result<Vec<SummaryRow>, sqlx::Error> {
    let now = state.now_ms();
    let group = match by {
        "zone" => "o.zones",
        "part" => "o.part_number",
        _ => "o.operator_id",
    };
    // Two reads, each on its own partial index (migration 10002): the open ones (grouped
    // by zone list from the index alone) and those done within the window (never the
    // company's whole past).
    let (mut open, mut done) = (Params::default(), Params::default());
    let in_zone = |q: &mut Params| {
        zone.map(|z| format!(" AND {}", crate::filters::in_zone_sql(q, z))).unwrap_or_default()
    };
    let w = crate::filters::visible_sql(state, user, &mut open) + &in_zone(&mut open);
    let (n, soon) = (open.add(now), open.add(now + SOON_MS));
    let open_sql = format!(
        "SELECT {group} AS k, COUNT(*) AS open, SUM(CASE WHEN o.due_date < {n} THEN 1 ELSE 0 END) AS overdue, \
         SUM(CASE WHEN o.due_date >= {n} AND o.due_date < {soon} THEN 1 ELSE 0 END) AS soon, CAST(0 AS BIGINT) AS done \
         FROM readiness_obligations o WHERE {w} AND o.state = 'open' GROUP BY {group}"
    );
    let w = crate::filters::visible_sql(state, user, &mut done) + &in_zone(&mut done);
    let since = done.add(now - DONE_WINDOW_MS);
    let done_sql = format!(
        "SELECT {group} AS k, CAST(0 AS BIGINT) AS open, CAST(0 AS BIGINT) AS overdue, CAST(0 AS BIGINT) AS soon, COUNT(*) AS done \
         FROM readiness_obligations o WHERE {w} AND o.state = 'done' AND o.done_date >= {since} GROUP BY {group}"
    );
    let pool = &state.db.pool;
    let (open, done) = (
        open.query(&open_sql).fetch_all(pool).await?,
        done.query(&done_sql).fetch_all(pool).await?,
    );
    let mut by_key: BTreeMap<String, Counts> = BTreeMap::new();
    let mine = |z: &str| {
        zone.is_none_or(|only| only == z)
            && (zones::overlap(&user.zones, &[z])
                || state.zones.covers_company(&user.company_code, &user.zones))
    };
    for r in open.into_iter().chain(done) {
        let k: String = r.try_get("k")?;
        let keys: Vec<String> = if by == "zone" {
            let list: Vec<String> = serde_json::from_str(&k).unwrap_or_default();
            list.into_iter().filter(|z| mine(z)).collect()
        } else {
            vec![k]
        };
        for key in keys {
            let c = by_key.entry(key).or_default();
            c.open += r.try_get::<i64, _>("open")?;
            c.overdue += r.try_get::<i64, _>("overdue")?;
            c.soon += r.try_get::<i64, _>("soon")?;
            c.done += r.try_get::<i64, _>("done")?;
        }
    }
    for (k, c) in by_key.iter_mut() {
        c.label = if by == "zone" { zones::label(k) } else { k.clone() };
    }
    if by == "operator" && !by_key.is_empty() {
        let mut conn = state.db.pool.acquire().await?;
        for (id, p) in plantdoc_core::people::named(&mut conn, by_key.keys().cloned()).await? {
            if let Some(c) = by_key.get_mut(&id) {
                let op_no = p.op_no.as_deref().unwrap_or_default();
                c.label = format!("{op_no} {}", p.full_name()).trim().to_string();
            }
        }
    }
    let mut out: Vec<(String, Counts)> = by_key.into_iter().collect();
    out.sort_by(|a, b| a.1.label.cmp(&b.1.label).then(a.0.cmp(&b.0)));
    Ok(out
        .into_iter()
        .map(|(k, c)| {
            let all = c.open + c.done;
            let pct = if all == 0 { 100 } else { (c.done * 100 + all / 2) / all };
            SummaryRow {
                key: k,
                label: c.label,
                open: c.open,
                overdue: c.overdue,
                due_soon: c.soon,
                done: c.done,
                done_pct: pct,
            }
        })
        .collect())
}

/// The operator's open obligations of documents in `zone`, due first:
/// `[{partNumber, partId, kind, alertTag, dueDate, overdue}]`; `None` when `op_id` is not
/// a person of `company` who signs at the kiosk (`acks::SIGNS_AS_OPERATOR_SQL`). One
/// statement: the person's row, joined with their open obligations whose zone mask has the
/// zone's bit (the kiosk index of migration 10002: rows of other zones are never read);
/// the zone list stays the exact test.
pub async fn kiosk(
    state: &AppState,
    company: &str,
    zone: &str,
    op_id: &str,
) -> Result<Option<Vec<KioskObligation>>, sqlx::Error> {
    let now = state.now_ms();
    // People who do not sign at the kiosk (staff, kiosk accounts, no badge) are answered
    // as unknown ids: the list must not tell the netbook who works in the company.
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT o.part_number, o.part_id, o.kind, o.alert_tag, o.due_date, o.zones {} \
         LEFT JOIN readiness_obligations o ON o.operator_id = u.id AND o.state = 'open' AND o.company_code = u.company_code \
         AND (o.zone_mask & $3) <> 0 WHERE u.id = $1 AND u.company_code = $2 AND {} ORDER BY o.due_date, o.id LIMIT 200",
            plantdoc_core::people::sql::from("u"),
            acks::SIGNS_AS_OPERATOR_SQL
        )
    });
    let rows = sqlx::query(SQL.as_str())
        .bind(op_id)
        .bind(company)
        .bind(zones::zone_mask(&[zone]))
        .fetch_all(&state.db.pool)
        .await?;
    if rows.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::new();
    for r in rows {
        let Some(list) = r.try_get::<Option<String>, _>("zones")? else { continue };
        let z: Vec<String> = serde_json::from_str(&list).unwrap_or_default();
        if !z.iter().any(|c| c == zone) {
            continue;
        }
        let due: i64 = r.try_get("due_date")?;
        out.push(KioskObligation {
            part_number: r.try_get("part_number")?,
            part_id: r.try_get("part_id")?,
            kind: r.try_get("kind")?,
            alert_tag: r.try_get("alert_tag")?,
            due_date: Date { date: iso(due) },
            overdue: due < now,
        });
    }
    Ok(Some(out))
}
