//! Single-SWP calls: the console viewer (`swp/{id}`, `signed-urls/{id}`,
//! `signed-ops/{id}`) and the kiosk's two (`deployed-swp?partId=`, `swp-with-urls/{id}`).
//! Links are made only after the visibility check.
use axum::extract::{Path, Query, State};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Dialect;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::http::json_bytes;
use plantdoc_core::ports::{self, ChangeControl};
use plantdoc_core::text;
use std::sync::{LazyLock, OnceLock};

use serde::Deserialize;
use sqlx::Row;

use crate::access::visibility_key;
use crate::in_force;
use crate::model::{Swp, SwpStatus};
use crate::schemas as sc;
use crate::served::LangQuery;
use crate::store::{self, visible_swp};
use plantdoc_core::review::{can_see, Document};

pub async fn swp(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    // The revision, its sign records and its files in one statement (as the kiosk's
    // read): three statements were most of this answer's cost (docs/speed.md).
    let row = sqlx::query(revision_sql(state.db.dialect))
        .bind(&id)
        .fetch_optional(&mut *state.db.reader().await?)
        .await?;
    let Some(row) = row else { return Err(AppError::NotFound) };
    let s = Swp::from_row(&row)?;
    if !can_see(&state.zones, &user, &s) {
        return Err(AppError::NotFound);
    }
    let signs: String = row.try_get("signs")?;
    let files =
        plantdoc_core::files::described(row.try_get::<Option<String>, _>("files")?.as_deref())?;
    let mut body = store::full_json_with(&state, &s, &signs, files, "swp", false, None).await?;
    // Under change control's periodic review: when it is next due.
    let mut extra = Vec::new();
    if let Some(due) = plantdoc_core::ports::review_due(&state, &s.id).await? {
        extra.push(("reviewDue", serde_json::to_vec(&due)));
    }
    // Under an effective date: where this revision takes effect later, or where the one it
    // superseded stays in force until then (the console shows both).
    let (from, until) =
        in_force::pending_days(&state, &user, &s.id, &s.part_number, s.status).await?;
    let days = |d: Vec<(String, String)>| {
        let d: Vec<sc::ZoneDay> =
            d.into_iter().map(|(zone, day)| sc::ZoneDay { zone, day }).collect();
        serde_json::to_vec(&d)
    };
    if !from.is_empty() {
        extra.push(("effectiveFrom", days(from)));
    }
    if !until.is_empty() {
        extra.push(("inForceUntil", days(until)));
    }
    for (key, value) in extra {
        body.pop();
        let value = value.map_err(anyhow::Error::from)?;
        plantdoc_core::http::push_field(&mut body, key, &value);
        body.push(b'}');
    }
    Ok(json_bytes(body))
}

/// `?lang=xx`: the translations into xx where the revision has them, and `served`.
pub async fn signed_urls(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> AppResult<axum::Json<sc::SignedUrls>> {
    let s = visible_swp(&state, &user, &id).await?;
    let Some(lang) = q.lang() else {
        let mut links = store::links_for(&state, std::slice::from_ref(&s)).await?;
        let urls = links.remove(&s.id).ok_or(AppError::NotFound)?;
        return Ok(axum::Json(sc::SignedUrls { urls, served: None }));
    };
    let mut found = plantdoc_core::files::describe(
        &state,
        &[s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()],
    )
    .await?;
    found.extend(
        plantdoc_core::files::describe(&state, &s.video_file.iter().cloned().collect::<Vec<_>>())
            .await?,
    );
    let list = crate::translations::read(&state.db, &s.id).await?;
    let shown = crate::served::choose(&state, &s, &list, Some(lang), &mut found).await?;
    let urls = store::urls_of(&state, &s, &found, &shown.files).await?;
    Ok(axum::Json(sc::SignedUrls { urls, served: shown.served }))
}

pub async fn signed_ops(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<sc::OpList>> {
    let s = visible_swp(&state, &user, &id).await?;
    let signs = store::signs_for(&state.db, &[&s]).await?.remove(&s.id).unwrap_or_default();
    Ok(axum::Json(sc::OpList { op_list: sc::OpsSigned { ops_signed: signs } }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct PartQuery {
    part_id: Option<String>,
    /// The reader's language: its translations are served where the revision has them.
    lang: Option<String>,
}

/// `partId` is a part suggestion's `_id`: the catalogue part (stable across revisions).
/// The answer is the part's SWP deployed *now*. Every operator loading the part at a
/// netbook asks the same: the answer is kept per kiosk account while no SWP or sign
/// record changes, and for at most half its links' life (decision 40).
pub async fn deployed_swp(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<PartQuery>,
) -> AppResult<Response> {
    let id = q
        .part_id
        .filter(|s| !s.is_empty())
        .ok_or_else(|| AppError::field("partId", text!("Please choose a part.")))?;
    let lang = LangQuery { lang: q.lang }.lang();
    let key = format!(
        "deployed-swp\n{}\n{id}\n{}\n{}",
        visibility_key(&user),
        lang.unwrap_or(""),
        in_force::key_day(&state)
    );
    let body = store::kept(&state)
        .get_linked(&state, key, state.storage.reuse_ms(), || async {
            let (state, user, id) = (&state, &user, &id);
            let read = |sql: &'static str| async move {
                Ok::<_, AppError>(
                    sqlx::query(sql)
                        .bind(id)
                        .bind(&user.company_code)
                        .fetch_optional(&mut *state.db.reader().await?)
                        .await?,
                )
            };
            // With change control, the revision's effective days come in the statement.
            let cc = state.port::<dyn ChangeControl>();
            let sql = match &cc {
                Some(cc) => deployed_with_days_sql(state.db.dialect, *cc),
                None => deployed_sql(state.db.dialect),
            };
            let Some(mut row) = read(sql).await? else {
                return Err(AppError::NotFound);
            };
            let mut s = Swp::from_row(&row)?;
            if s.status != SwpStatus::Deployed || !can_see(&state.zones, user, &s) {
                return Err(AppError::NotFound);
            }
            let held = match cc {
                Some(_) => {
                    let days = ports::parse_days(&row.try_get::<String, _>("days")?);
                    ports::held_back(&days, &user.zones, &ports::day_of(state.now_ms()))
                }
                None => false,
            };
            if held {
                // Change control holds it back in this kiosk's zones: the revision it
                // superseded stays in force here until the day, read as one statement too.
                row = read(superseded_sql(state.db.dialect)).await?.ok_or(AppError::NotFound)?;
                s = Swp::from_row(&row)?;
                if !can_see(&state.zones, user, &s) {
                    return Err(AppError::NotFound);
                }
            }
            // The kiosk's part: the SWP with `id` beside `_id`, its links and sign records.
            let signs: String = row.try_get("signs")?;
            let files = plantdoc_core::files::described(
                row.try_get::<Option<String>, _>("files")?.as_deref(),
            )?;
            store::full_json_with(state, &s, &signs, files, "details", true, lang).await
        })
        .await?;
    Ok(json_bytes(body))
}

/// The statement of [`deployed_swp`]: the catalogue part, its current revision, that
/// revision's row, its sign records and its files in one statement (the parts' key,
/// swp_parts' key, the SWP's key, the sign lists' key, the files' key). `$1` the part,
/// `$2` the company: another company's part is a missing one.
pub fn deployed_sql(dialect: Dialect) -> &'static str {
    static SQL: LazyLock<[String; 2]> = LazyLock::new(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            format!(
                "SELECT {}, {} AS signs, {} AS files FROM parts p JOIN swp_parts sp ON sp.company_code = p.company_code AND sp.part_number = p.part_number \
                 JOIN swps s ON s.id = sp.current_id WHERE p.id = $1 AND p.company_code = $2",
                crate::model::COLUMNS_WITH_PART,
                crate::kiosk::signs_column(),
                store::files_column(d)
            )
        })
    });
    &SQL[matches!(dialect, Dialect::Postgres) as usize]
}

/// [`deployed_sql`] with the revision's effective days (`days`, change control's
/// [`ChangeControl::effective_days_sql`]).
fn deployed_with_days_sql(dialect: Dialect, cc: &dyn ChangeControl) -> &'static str {
    static SQL: OnceLock<[String; 2]> = OnceLock::new();
    let sql = SQL.get_or_init(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            let base = deployed_sql(d);
            let (columns, rest) = base.split_once(" FROM parts p ").expect("deployed_sql's FROM");
            format!("{columns}, {} AS days FROM parts p {rest}", cc.effective_days_sql("s.id"))
        })
    });
    &sql[matches!(dialect, Dialect::Postgres) as usize]
}

/// The console viewer's statement: the revision `$1` (any status: who may see it is
/// checked on the row), its sign records and its files.
fn revision_sql(dialect: Dialect) -> &'static str {
    static SQL: LazyLock<[String; 2]> = LazyLock::new(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            format!(
                "SELECT {}, {} AS signs, {} AS files FROM swps s WHERE s.id = $1",
                crate::model::COLUMNS,
                crate::kiosk::signs_column(),
                store::files_column(d)
            )
        })
    });
    &SQL[matches!(dialect, Dialect::Postgres) as usize]
}

/// [`deployed_sql`] for the revision the part's current one superseded (revision − 1, now
/// obsolete): what a kiosk shows while change control holds the current one back.
pub fn superseded_sql(dialect: Dialect) -> &'static str {
    static SQL: LazyLock<[String; 2]> = LazyLock::new(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            format!(
                "SELECT {}, {} AS signs, {} AS files FROM parts p JOIN swp_parts sp ON sp.company_code = p.company_code AND sp.part_number = p.part_number \
                 JOIN swps c ON c.id = sp.current_id JOIN swps s ON s.company_code = c.company_code AND s.part_number = c.part_number \
                 AND s.revision = c.revision - 1 AND s.status = 'obsolete' WHERE p.id = $1 AND p.company_code = $2",
                crate::model::COLUMNS_WITH_PART,
                crate::kiosk::signs_column(),
                store::files_column(d)
            )
        })
    });
    &SQL[matches!(dialect, Dialect::Postgres) as usize]
}

/// A deployed SWP with its links (the kiosk never opens a pending or superseded one, but
/// the one change control keeps in force), kept as `deployed-swp` is.
pub async fn swp_with_urls(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> AppResult<Response> {
    let lang = q.lang();
    let key = format!(
        "swp-with-urls\n{}\n{id}\n{}\n{}",
        visibility_key(&user),
        lang.unwrap_or(""),
        in_force::key_day(&state)
    );
    let body = store::kept(&state)
        .get_linked(&state, key, state.storage.reuse_ms(), || async {
            let s = visible_swp(&state, &user, &id).await?;
            if !in_force::in_force(&state, &user, &s.id, &s.part_number, s.status).await? {
                return Err(AppError::NotFound);
            }
            store::full_json_in(&state, &s, "swp", true, lang).await
        })
        .await?;
    Ok(json_bytes(body))
}
