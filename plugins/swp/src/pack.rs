//! The SWPs of the kiosk's offline pack (decision 121; the `DeployedDocs` port's
//! `zone_pack`): every part's revision in force now in a zone that the kiosk may see, as
//! the kiosk's screens read it, with each file (originals, video, served translations),
//! its SHA-256 and where it is stored (the island links it, decision 126). Under change
//! control a revision held back for the kiosk comes with the time it takes effect
//! (`from_ms`), beside the revision it superseded, in force until then (`sunset_ms`): what
//! the kiosk's online read serves now and then (decision 114). Five statements whatever
//! the number of parts (each list read in chunks of 500): the revisions with their files
//! (and effective days), the revisions superseded by those held back (none held back:
//! no statement), the originals' SHA-256, the translations, their files.
use std::collections::HashMap;
use std::sync::{LazyLock, OnceLock};

use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::db::{Dialect, Params};
use plantdoc_core::error::AppResult;
use plantdoc_core::files;
use plantdoc_core::ports::{self, ChangeControl, PackFile, PackedDoc};
use plantdoc_core::review::{can_see, Document};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::model::{Swp, SwpStatus, COLUMNS_WITH_PART};
use crate::store::files_column;

/// A revision's files: id → (storage key, content type).
type Described = HashMap<String, (String, String)>;

/// A revision the pack carries and when it is in force (ms; `None`: already, still).
struct Kept {
    s: Swp,
    part_id: Option<String>,
    described: Described,
    from: Option<i64>,
    until: Option<i64>,
}

impl Kept {
    fn read(r: &AnyRow, from: Option<i64>, until: Option<i64>) -> AppResult<Self> {
        let described = files::described(r.try_get::<Option<String>, _>("files")?.as_deref())?;
        Ok(Self { s: Swp::from_row(r)?, part_id: r.try_get("part_id")?, described, from, until })
    }
}

/// What the pack reads of a revision `s` of the part `sp` (with its catalogue part `p`).
fn columns(dialect: Dialect) -> String {
    format!("{COLUMNS_WITH_PART}, p.id AS part_id, {} AS files", files_column(dialect))
}

const PART: &str =
    "LEFT JOIN parts p ON p.company_code = sp.company_code AND p.part_number = sp.part_number";

/// The company's deployed revisions (`$1`), with their catalogue part and files, and under
/// change control their effective days (`days`, [`ChangeControl::effective_days_sql`]).
fn deployed_sql(dialect: Dialect, cc: Option<&dyn ChangeControl>) -> &'static str {
    fn sql(d: Dialect, extra: &str) -> String {
        format!(
            "SELECT {}{extra} FROM swp_parts sp JOIN swps s ON s.id = sp.current_id {PART} \
             WHERE sp.company_code = $1 AND s.status = 'deployed' ORDER BY s.part_number",
            columns(d)
        )
    }
    static SQL: LazyLock<[String; 2]> =
        LazyLock::new(|| [Dialect::Sqlite, Dialect::Postgres].map(|d| sql(d, "")));
    static WITH_DAYS: OnceLock<[String; 2]> = OnceLock::new();
    let all = match cc {
        Some(cc) => WITH_DAYS.get_or_init(|| {
            let days = format!(", {} AS days", cc.effective_days_sql("s.id"));
            [Dialect::Sqlite, Dialect::Postgres].map(|d| sql(d, &days))
        }),
        None => &*SQL,
    };
    &all[matches!(dialect, Dialect::Postgres) as usize]
}

/// The file's name when downloaded: `<part>-<SECTION>[-<lang>].<ext>`.
fn name(s: &Swp, section: &str, lang: Option<&str>, ct: &str) -> String {
    let lang = lang.map(|l| format!("-{l}")).unwrap_or_default();
    let part = s.part_number.replace(['/', ' '], "-");
    format!("{part}-{}{lang}.{}", section.to_uppercase(), files::extension(ct))
}

/// The pack's SWPs of `zone` as `viewer` (the kiosk account) sees them.
pub async fn zone_pack(state: &AppState, viewer: &User, zone: &str) -> AppResult<Vec<PackedDoc>> {
    let cc = state.port::<dyn ChangeControl>();
    let rows = sqlx::query(deployed_sql(state.db.dialect, cc))
        .bind(&viewer.company_code)
        .fetch_all(&mut *state.db.reader().await?)
        .await?;
    let now = state.now_ms();
    let mut kept: Vec<Kept> = Vec::new();
    // The revisions held back for the kiosk, by id: when they take effect.
    let mut held: HashMap<String, i64> = HashMap::new();
    for r in &rows {
        let s = Swp::from_row(r)?;
        if s.status != SwpStatus::Deployed
            || !s.zones.iter().any(|z| z == zone)
            || !can_see(&state.zones, viewer, &s)
        {
            continue;
        }
        let from = match cc {
            Some(_) => {
                let days = ports::parse_days(&r.try_get::<String, _>("days")?);
                ports::held_until(&days, &viewer.zones, now)
            }
            None => None,
        };
        if let Some(t) = from {
            held.insert(s.id.clone(), t);
        }
        kept.push(Kept::read(r, from, None)?);
    }
    kept.extend(superseded(state, viewer, &held).await?);
    kept.sort_by(|a, b| (&a.s.part_number, a.s.revision).cmp(&(&b.s.part_number, b.s.revision)));
    with_files(state, kept).await
}

/// The revisions that the held-back ones superseded (revision − 1, obsolete), in force
/// until their successor's time: one statement per 500 held back.
async fn superseded(
    state: &AppState,
    viewer: &User,
    held: &HashMap<String, i64>,
) -> AppResult<Vec<Kept>> {
    let ids: Vec<String> = held.keys().cloned().collect();
    let mut out = Vec::new();
    for chunk in ids.chunks(500) {
        let mut q = Params::default();
        let company = q.add(viewer.company_code.clone());
        let list = q.list(chunk.iter().cloned());
        let sql = format!(
            "SELECT {}, cur.id AS successor FROM swp_parts sp JOIN swps cur ON cur.id = sp.current_id \
             JOIN swps s ON s.company_code = cur.company_code AND s.part_number = cur.part_number \
             AND s.revision = cur.revision - 1 AND s.status = 'obsolete' {PART} \
             WHERE sp.company_code = {company} AND cur.id IN ({list})",
            columns(state.db.dialect)
        );
        for r in &q.query(&sql).fetch_all(&mut *state.db.reader().await?).await? {
            let until = held.get(&r.try_get::<String, _>("successor")?).copied();
            let k = Kept::read(r, None, until)?;
            if can_see(&state.zones, viewer, &k.s) {
                out.push(k);
            }
        }
    }
    Ok(out)
}

/// The revisions with their files: the originals' SHA-256, the served translations and
/// their files, three statements for all.
async fn with_files(state: &AppState, kept: Vec<Kept>) -> AppResult<Vec<PackedDoc>> {
    let originals: Vec<String> = kept
        .iter()
        .flat_map(|k| {
            [k.s.swc_file.clone(), k.s.jes_file.clone(), k.s.vis_file.clone()]
                .into_iter()
                .chain(k.s.video_file.clone())
        })
        .collect();
    let shas = files::sha256s(&state.db, &originals).await?;
    let ids: Vec<String> = kept.iter().map(|k| k.s.id.clone()).collect();
    let translations = plantdoc_core::review::translations::served_of_docs(
        &mut *state.db.reader().await?,
        crate::KIND,
        &ids,
    )
    .await?;
    let tr_files: Vec<String> = translations.iter().map(|t| t.file_id.clone()).collect();
    let tr_described = files::describe(state, &tr_files).await?;
    let mut out = Vec::with_capacity(kept.len());
    for Kept { s, part_id, described, from, until } in kept {
        let file =
            |section: &str, lang: Option<&str>, sha256: String, (key, ct): &(String, String)| {
                PackFile {
                    section: section.into(),
                    lang: lang.map(str::to_string),
                    sha256,
                    url: String::new(),
                    key: key.clone(),
                    content_type: ct.clone(),
                    name: name(&s, section, lang, ct),
                }
            };
        let mut packed = Vec::new();
        let sections = [
            ("swc", Some(&s.swc_file)),
            ("jes", Some(&s.jes_file)),
            ("vis", Some(&s.vis_file)),
            ("video", s.video_file.as_ref()),
        ];
        for (section, id) in sections {
            let Some(id) = id else { continue };
            let Some(stored) = described.get(id) else { continue };
            packed.push(file(section, None, shas.get(id).cloned().unwrap_or_default(), stored));
        }
        let mine: Vec<_> = translations.iter().filter(|t| t.doc_id == s.id).cloned().collect();
        for t in &mine {
            let Some(stored) = tr_described.get(&t.file_id) else { continue };
            packed.push(file(&t.section, Some(&t.lang), t.sha256.clone(), stored));
        }
        let mut doc = serde_json::to_value(s.view()).map_err(anyhow::Error::from)?;
        doc["id"] = s.id.clone().into();
        doc["translations"] =
            serde_json::to_value(crate::translations::json(&mine)).map_err(anyhow::Error::from)?;
        out.push(PackedDoc {
            kind: crate::KIND,
            id: s.id.clone(),
            part_number: s.part_number.clone(),
            part_id,
            version_hash: s.content_hash.clone(),
            doc,
            files: packed,
            from_ms: from,
            sunset_ms: until,
        });
    }
    Ok(out)
}
