//! What the other modules' acts do to obligations, inside their transactions:
//! - `swp.deployed`: the part's open SWP obligations of earlier revisions are void
//!   (superseded); every active operator of the company whose zones meet the SWP's and
//!   who has a verified signature of an earlier revision of the part (or, with training
//!   on, a level of 1 or more on the part) must read it (`new-revision`, due
//!   `swp_due_days` after the deployment, or before its first effective day under change
//!   control);
//! - `alerts.in-force`: every active operator of its zones must read it (`new-alert`,
//!   due at once); one not yet in force waits for the task (`clock`);
//! - `alerts.sunset`, `swp.removed`: the document's open obligations are void;
//! - `island.verified`: the operator's open obligations of that version are done;
//! - `users.changed`: a disabled operator's (or one no longer an operator of the
//!   company) open obligations are void, and those of documents outside new zones.
use plantdoc_core::events::{Event, Listener};
use plantdoc_core::ports::{async_trait, ChangeControl, TrainingLevels};
use plantdoc_core::{db::Params, zones, AppResult, AppState};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::store::{self, Doc};
use crate::{ReadinessState, DAY_MS};

pub const KINDS: [&str; 6] = [
    "swp.deployed",
    "swp.removed",
    "alerts.in-force",
    "alerts.sunset",
    "island.verified",
    "users.changed",
];

pub struct Obligations;

#[async_trait]
impl Listener for Obligations {
    async fn on_event(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        e: &Event,
    ) -> AppResult<()> {
        match e.kind {
            "swp.deployed" => deployed(state, conn, now, e).await,
            "alerts.in-force" => {
                let d = doc(e, "alert", now);
                let started = d.effective <= now;
                store::follow(conn, &d, started).await?;
                if started {
                    alert_started(conn, now, &d, now).await?;
                }
                Ok(())
            }
            "alerts.sunset" | "swp.removed" => {
                let id = text(&e.data, "docId");
                let mut q = Params::default();
                let f = format!("doc_id = {}", q.add(id.clone()));
                store::void_where(
                    conn,
                    q,
                    &f,
                    if e.kind == "swp.removed" { "removed" } else { "sunset" },
                    now,
                )
                .await?;
                sqlx::query("UPDATE readiness_docs SET current = 0 WHERE doc_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                Ok(())
            }
            "island.verified" => {
                let d = &e.data;
                store::close(
                    conn,
                    &text(d, "operator"),
                    &text(d, "docId"),
                    &text(d, "versionHash"),
                    now,
                )
                .await?;
                Ok(())
            }
            "users.changed" => user_changed(conn, now, e).await,
            _ => Ok(()),
        }
    }
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

/// The document an event names.
fn doc(e: &Event, kind: &str, now: i64) -> Doc {
    let d = &e.data;
    Doc {
        id: text(d, "docId"),
        kind: kind.into(),
        company: e.company.clone(),
        part_number: text(d, "partNumber"),
        part_id: text(d, "partId"),
        revision: d["revision"].as_i64(),
        alert_tag: d["alertTag"].as_str().map(String::from),
        version_hash: text(d, "versionHash"),
        zones: e.zones.clone(),
        effective: d["effectiveDate"].as_i64().unwrap_or(now),
        ends_at: d["sunsetDate"].as_i64(),
    }
}

async fn deployed(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    e: &Event,
) -> AppResult<()> {
    let d = doc(e, "swp", now);
    let mut q = Params::default();
    let f = format!(
        "company_code = {} AND kind = 'swp' AND part_id = {} AND doc_id <> {}",
        q.add(d.company.clone()),
        q.add(d.part_id.clone()),
        q.add(d.id.clone())
    );
    store::void_where(conn, q, &f, "superseded", now).await?;
    store::follow(conn, &d, true).await?;
    let earlier: Vec<String> = e.data["earlierIds"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default();
    let signed =
        if earlier.is_empty() { Vec::new() } else { store::signed_any(conn, &earlier).await? };
    let training = state.port::<dyn TrainingLevels>();
    let mut due = now + state.get::<ReadinessState>().settings.swp_due_days * DAY_MS;
    // Under change control, a revision dated to take effect is read before its first day.
    if let Some(cc) = state.port::<dyn ChangeControl>() {
        let first = cc.effective_days(conn, &d.id).await?.into_iter().map(|(_, day)| day).min();
        if let Some(ms) = first.as_deref().and_then(plantdoc_core::ports::day_start_ms) {
            due = due.min(ms.max(now));
        }
    }
    for op in store::operators_in(conn, &d.company, &d.zones).await? {
        let concerned = signed.binary_search(&op).is_ok()
            || match training {
                Some(t) => t.level(state, &op, &d.part_number).await.is_some_and(|l| l >= 1),
                None => false,
            };
        if concerned {
            store::open(
                conn,
                now,
                &d,
                &op,
                "new-revision",
                due,
                &format!("new-revision:{op}:{}", d.id),
            )
            .await?;
        }
    }
    Ok(())
}

/// An alert in force: every active operator of its zones must read it by `due` (at
/// once when it deploys in force; at its effective date when the task starts it).
pub async fn alert_started(
    conn: &mut AnyConnection,
    now: i64,
    d: &Doc,
    due: i64,
) -> Result<(), sqlx::Error> {
    if d.ends_at.is_some_and(|end| end <= now) {
        return Ok(());
    }
    for op in store::operators_in(conn, &d.company, &d.zones).await? {
        store::open(conn, now, d, &op, "new-alert", due, &format!("new-alert:{op}:{}", d.id))
            .await?;
    }
    Ok(())
}

async fn user_changed(conn: &mut AnyConnection, now: i64, e: &Event) -> AppResult<()> {
    let d = &e.data;
    let op = text(d, "userId");
    let position = d["position"].as_str().unwrap_or("operator");
    let company = d["companyCode"].as_str().unwrap_or(&e.company);
    let gone = d["disabled"].as_bool().unwrap_or(false)
        || !matches!(position, "operator" | "ojt")
        || company != e.company;
    if gone {
        let mut q = Params::default();
        let f = format!("operator_id = {}", q.add(op));
        store::void_where(conn, q, &f, "operator disabled", now).await?;
        return Ok(());
    }
    let new_zones: Vec<String> = d["zones"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(String::from)).collect())
        .unwrap_or_default();
    let rows = sqlx::query(
        "SELECT id, zones FROM readiness_obligations WHERE operator_id = $1 AND state = 'open'",
    )
    .bind(&op)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for r in rows {
        let z: Vec<String> =
            serde_json::from_str(&r.try_get::<String, _>("zones")?).unwrap_or_default();
        if !zones::overlap(&z, &new_zones) {
            out.push(r.try_get::<String, _>("id")?);
        }
    }
    for chunk in out.chunks(200) {
        let mut q = Params::default();
        let f = format!("id IN ({})", q.list(chunk.iter().cloned()));
        store::void_where(conn, q, &f, "zone removed", now).await?;
    }
    Ok(())
}
