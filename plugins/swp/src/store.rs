//! SQL of the SWP module's reads and the visibility rule in SQL (the writes live next
//! to their rules in lifecycle.rs and submit.rs). Portable SQL over the `Any` pool, with
//! the core's `Params` numbering the placeholders.
use std::collections::HashMap;

use plantdoc_core::acks::{self, SignRecord};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::db::{Db, Params};
use plantdoc_core::files;
use plantdoc_core::storage::copies::{stamp_date, CopyFacts, CopyState};
use sqlx::Row;

use plantdoc_core::review::translations::TrStatus;
use plantdoc_core::review::Document;

use crate::model::{Swp, SwpStatus, COLUMNS};
use crate::schemas::SwpJson;

/// The module's kept answers (decision 37): Browse pages, part searches and the kiosk's
/// SWP reads (decision 40).
pub fn kept(state: &AppState) -> &plantdoc_core::answers::Answers {
    &state.get::<crate::SwpState>().answers
}

pub async fn fetch_one(db: &Db, id: &str) -> Result<Option<Swp>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM swps s WHERE s.id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(&db.pool).await?;
    row.as_ref().map(Swp::from_row).transpose()
}

/// SWPs matching `filter` (SQL over `s`, placeholders from `q`), in `order`. The page's
/// ids are found first, from the indexes alone (sort key, id and zone mask are in them),
/// and only those rows are read: deep pages skip index entries, not table rows.
pub async fn fetch_list(
    db: &Db,
    q: &Params,
    filter: &str,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<Swp>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM swps s WHERE s.id IN \
         (SELECT s.id FROM swps s WHERE {filter} ORDER BY {order} LIMIT {limit} OFFSET {offset}) ORDER BY {order}"
    );
    let rows = q.query(&sql).fetch_all(&db.pool).await?;
    rows.iter().map(Swp::from_row).collect()
}

pub async fn count(db: &Db, q: &Params, filter: &str) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) AS n FROM swps s WHERE {filter}");
    q.query(&sql).fetch_one(&db.pool).await?.try_get("n")
}

/// Sign records of the given SWPs' current versions, newest first (the spec's signed
/// operation records).
pub async fn signs_for(
    db: &Db,
    swps: &[&Swp],
) -> Result<HashMap<String, Vec<SignRecord>>, sqlx::Error> {
    let docs: Vec<(&str, &str)> =
        swps.iter().map(|s| (s.id.as_str(), s.content_hash.as_str())).collect();
    acks::for_documents(db, crate::KIND, &docs).await
}

/// The SWPs as the lists answer them: with their sign records, `urls` null.
pub async fn with_signs(db: &Db, swps: Vec<Swp>) -> Result<Vec<SwpJson>, sqlx::Error> {
    let refs: Vec<&Swp> = swps.iter().collect();
    let mut signs = signs_for(db, &refs).await?;
    Ok(swps
        .into_iter()
        .map(|swp| {
            let ops_signed = signs.remove(&swp.id).unwrap_or_default();
            SwpJson { swp, ops_signed, urls: None }
        })
        .collect())
}

/// Short-lived links to one SWP's documents (`null` for a missing video).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Urls {
    #[schema(required = true)]
    swc: Option<String>,
    #[schema(required = true)]
    jes: Option<String>,
    #[schema(required = true)]
    vis: Option<String>,
    #[schema(required = true)]
    video: Option<String>,
}

/// Short-lived links to each SWP's documents: `{id: {swc, jes, vis, video}}`. Call only
/// after the caller was found allowed to see these SWPs.
pub async fn links_for(state: &AppState, swps: &[Swp]) -> anyhow::Result<HashMap<String, Urls>> {
    let found = files::describe(state, &file_ids(swps)).await?;
    let mut out = HashMap::new();
    for s in swps {
        out.insert(s.id.clone(), urls_of(state, s, &found, &HashMap::new()).await?);
    }
    Ok(out)
}

/// The ids of the SWPs' files (SWC, JES, VIS and the video if any).
fn file_ids(swps: &[Swp]) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for s in swps {
        ids.extend([s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()]);
        ids.extend(s.video_file.clone());
    }
    ids
}

/// The SWP's files, as a column of a query over `swps s` (decode with `files::described`).
pub fn files_column(dialect: plantdoc_core::db::Dialect) -> String {
    files::describe_sql(dialect, &["s.swc_file", "s.jes_file", "s.vis_file", "s.video_file"])
}

/// What the stamp of a controlled copy of the SWP's PDFs says (decision 71): the part
/// and revision, where it stands, and for the QR the page that says whether it is current.
pub fn copy_facts(s: &Swp) -> CopyFacts {
    let deployed = s.deploy_date.map(|d| format!("deployed {}", stamp_date(d)));
    let (state, dated) = match (s.status, deployed) {
        (SwpStatus::Deployed, d) => (CopyState::Current, d.unwrap_or_else(|| "deployed".into())),
        (SwpStatus::Obsolete, d) => {
            let gone = s
                .obsolete_date
                .map(|o| format!("obsolete {}", stamp_date(o)))
                .unwrap_or_else(|| "obsolete".into());
            (CopyState::Obsolete, d.map_or(gone.clone(), |d| format!("{d} · {gone}")))
        }
        (SwpStatus::Deleted, Some(d)) => (CopyState::Withdrawn, format!("{d} · deleted")),
        (SwpStatus::Rejected, _) => (CopyState::Unreleased, "rejected".into()),
        (SwpStatus::Deleted, None) => (CopyState::Unreleased, "deleted".into()),
        (SwpStatus::Pending, _) => (CopyState::Unreleased, "in review".into()),
    };
    CopyFacts {
        state,
        subject: format!("{} rev {}", s.part_number, s.shown_revision()),
        dated,
        // The QR opens the check of this very revision (no sign-in: copies.rs).
        open_path: format!("/api/swps/copy/{}", s.id),
    }
}

/// The links of one SWP whose files are described in `found` (`files::describe`); its
/// PDFs as controlled copies; `shown`: the sections served translated (section → file).
pub async fn urls_of(
    state: &AppState,
    s: &Swp,
    found: &HashMap<String, (String, String)>,
    shown: &HashMap<&'static str, String>,
) -> anyhow::Result<Urls> {
    let now = state.now_ms();
    let facts = copy_facts(s);
    let link = |name: &'static str, file: Option<&String>| {
        let found = file.and_then(|f| found.get(f));
        let facts = &facts;
        async move {
            let Some((key, ct)) = found else { return Ok(None) };
            let fname = format!(
                "{}-{}.{}",
                s.part_number.replace(['/', ' '], "-"),
                name.to_uppercase(),
                files::extension(ct)
            );
            state.storage.copy_link(key, &fname, ct, now, facts).await.map(Some)
        }
    };
    Ok(Urls {
        swc: link("swc", Some(shown.get("swc").unwrap_or(&s.swc_file))).await?,
        jes: link("jes", Some(shown.get("jes").unwrap_or(&s.jes_file))).await?,
        vis: link("vis", Some(shown.get("vis").unwrap_or(&s.vis_file))).await?,
        video: link("video", s.video_file.as_ref()).await?,
    })
}

/// One SWP's JSON with signs and links, for the single-SWP calls, as bytes: the SWP's
/// object with its links (and `id`, for the kiosk), then its sign records written
/// straight from the records (no `Value` per record). `wrap` names the answer's key.
pub async fn full_json(
    state: &AppState,
    swp: &Swp,
    wrap: &str,
    with_id: bool,
) -> Result<Vec<u8>, plantdoc_core::AppError> {
    full_json_in(state, swp, wrap, with_id, None).await
}

/// [`full_json`] with the files of `lang` where the revision has them (`served`).
pub async fn full_json_in(
    state: &AppState,
    swp: &Swp,
    wrap: &str,
    with_id: bool,
    lang: Option<&str>,
) -> Result<Vec<u8>, plantdoc_core::AppError> {
    let signs = acks::json_for_version(&state.db, crate::KIND, &swp.id, &swp.content_hash).await?;
    let found = files::describe(state, &file_ids(std::slice::from_ref(swp))).await?;
    full_json_with(state, swp, &signs, found, wrap, with_id, lang).await
}

/// [`full_json`] with the sign records' JSON (`kiosk::signs_column`) and the files
/// (`files_column`) already read. Written straight to bytes: the SWP's view, then the
/// records as read, the links and the id (no `serde_json::Value` on the way), the
/// revision's `translations` (when it has some or a language was asked) and, when a
/// language was asked, what was `served`.
pub async fn full_json_with(
    state: &AppState,
    swp: &Swp,
    signs: &str,
    mut files: HashMap<String, (String, String)>,
    wrap: &str,
    with_id: bool,
    lang: Option<&str>,
) -> Result<Vec<u8>, plantdoc_core::AppError> {
    use plantdoc_core::http::push_field;
    let current = crate::translations::current(&state.db, &swp.id).await?;
    // Only approved translations are served (decision 95). A reader (a language asked) is
    // told of those alone; the console's view lists those in review and rejected too.
    let approved: Vec<_> =
        current.iter().filter(|t| t.status == TrStatus::Approved).cloned().collect();
    let shown = crate::served::choose(state, swp, &approved, lang, &mut files).await?;
    let list = if lang.is_some() { approved } else { current };
    let urls = urls_of(state, swp, &files, &shown.files).await?;
    let mut out = Vec::with_capacity(2048 + signs.len());
    out.push(b'{');
    serde_json::to_writer(&mut out, wrap).map_err(anyhow::Error::from)?;
    out.push(b':');
    serde_json::to_writer(&mut out, &swp.view()).map_err(anyhow::Error::from)?;
    push_field(&mut out, "opsSigned", signs.as_bytes());
    push_field(&mut out, "urls", &serde_json::to_vec(&urls).map_err(anyhow::Error::from)?);
    // The spec's answer stays as it was for a revision without translations, unless a
    // language was asked (decision 82).
    if !list.is_empty() || lang.is_some() {
        push_field(
            &mut out,
            "translations",
            &serde_json::to_vec(&crate::translations::json(&list)).map_err(anyhow::Error::from)?,
        );
    }
    if let Some(served) = &shown.served {
        push_field(&mut out, "served", &serde_json::to_vec(served).map_err(anyhow::Error::from)?);
    }
    if with_id {
        push_field(&mut out, "id", &serde_json::to_vec(&swp.id).map_err(anyhow::Error::from)?);
    }
    out.push(b'}');
    Ok(out)
}

/// Loads the SWP if the user may see it; 404 otherwise, so that other companies' and
/// zones' SWPs are indistinguishable from missing ones.
pub async fn visible_swp(
    state: &AppState,
    u: &User,
    id: &str,
) -> Result<Swp, plantdoc_core::AppError> {
    plantdoc_core::review::engine::visible(state, u, id).await
}
