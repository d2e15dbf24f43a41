//! SQL of the alerts module's reads, the visibility rule in SQL, links and sign records.
use std::collections::HashMap;

use plantdoc_core::acks::{self, SignRecord};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::db::{Db, Params};
use plantdoc_core::storage::copies::{stamp_date, CopyFacts, CopyState};
use plantdoc_core::{files, AppError};

use plantdoc_core::review::Document;

use crate::model::{Alert, Status, COLUMNS};
use crate::schemas::AlertJson;

/// Longest list answered at once.
pub const LIST_CAP: i64 = 1000;

pub async fn fetch_one(db: &Db, id: &str) -> Result<Option<Alert>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM alerts a WHERE a.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&db.pool).await?;
    row.as_ref().map(Alert::from_row).transpose()
}

/// Alerts matching `filter` (SQL over `a`), newest upload first, at most [`LIST_CAP`].
pub async fn fetch_list(db: &Db, q: &Params, filter: &str) -> Result<Vec<Alert>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM alerts a WHERE {filter} ORDER BY a.upload_date DESC, a.id LIMIT {LIST_CAP}");
    let rows = q.query(&sql).fetch_all(&db.pool).await?;
    rows.iter().map(Alert::from_row).collect()
}

/// Loads the alert if the user may see it; 404 otherwise (other companies' and zones'
/// alerts are indistinguishable from missing ones).
pub async fn visible_alert(state: &AppState, u: &User, id: &str) -> Result<Alert, AppError> {
    plantdoc_core::review::engine::visible(state, u, id).await
}

/// Sign records of the alerts' current versions, newest first (the spec's records).
pub async fn signs_for(
    db: &Db,
    alerts: &[Alert],
) -> Result<HashMap<String, Vec<SignRecord>>, sqlx::Error> {
    let docs: Vec<(&str, &str)> =
        alerts.iter().map(|a| (a.id.as_str(), a.file_hash.as_str())).collect();
    acks::for_documents(db, crate::KIND, &docs).await
}

/// The alerts as answered now, with `opsSigned` and `opSigned` (the same list) filled in.
pub async fn with_signs(
    state: &AppState,
    alerts: Vec<Alert>,
) -> Result<Vec<AlertJson>, sqlx::Error> {
    let mut signs = signs_for(&state.db, &alerts).await?;
    let now = state.now_ms();
    Ok(alerts
        .into_iter()
        .map(|a| {
            let signs = signs.remove(&a.id).unwrap_or_default();
            AlertJson { alert: a, now, signs }
        })
        .collect())
}

/// What the stamp of a controlled copy of the alert's PDF says (decision 71): an alert
/// has no revision, so its tag, part, zones and the window it is in force; past its
/// sunset it is expired. The QR code opens the alert in the console.
pub fn copy_facts(a: &Alert, now: i64) -> CopyFacts {
    let window =
        format!("in force {} to {}", stamp_date(a.effective_date), stamp_date(a.sunset_date));
    let (state, dated) = match a.status {
        Status::Deployed if now >= a.sunset_date => (CopyState::Expired, window),
        Status::Deployed => (CopyState::Current, window),
        Status::Obsolete => (CopyState::Obsolete, window),
        Status::Deleted if a.deploy_date.is_some() => {
            (CopyState::Withdrawn, format!("{window} · deleted"))
        }
        Status::Rejected => (CopyState::Unreleased, "rejected".into()),
        Status::Deleted => (CopyState::Unreleased, "deleted".into()),
        Status::Pending => (CopyState::Unreleased, "in review".into()),
    };
    let mut zones = a.zones.iter().take(6).cloned().collect::<Vec<_>>().join(", ");
    if a.zones.len() > 6 {
        zones.push_str(&format!(" +{}", a.zones.len() - 6));
    }
    CopyFacts {
        state,
        subject: format!("Alert {} · part {} · zones {zones}", a.alert_tag, a.part_number),
        dated,
        // The QR opens the check of this very alert (no sign-in: copies.rs).
        open_path: format!("/api/alerts/copy/{}", a.id),
    }
}

/// Short-lived links to each alert's file (its PDF as a controlled copy). Call only after
/// the caller may see them.
pub async fn links_for(
    state: &AppState,
    alerts: &[Alert],
) -> anyhow::Result<HashMap<String, String>> {
    let ids: Vec<String> = alerts.iter().map(|a| a.file_id.clone()).collect();
    let found = files::describe(state, &ids).await?;
    let now = state.now_ms();
    let mut out = HashMap::new();
    for a in alerts {
        if let Some((key, ct)) = found.get(&a.file_id) {
            let name = format!("{}.{}", a.alert_tag, files::extension(ct));
            out.insert(
                a.id.clone(),
                state.storage.copy_link(key, &name, ct, now, &copy_facts(a, now)).await?,
            );
        }
    }
    Ok(out)
}
