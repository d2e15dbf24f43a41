//! `uploadS3`: turns the caller's pending uploads into an SWP. Checks every field first
//! and answers one field → message map (swc, jes, vis, video, partNumber, onBehalfOf,
//! zones, referenceOnly, newRelease, changes, bypass, corrects); then checks and merges each
//! section's PDFs; then, in one transaction, attaches the files, inserts the SWP and its
//! audit row (and deploys it at once when a manager bypasses review).
use plantdoc_core::text;
use std::collections::HashMap;

use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::Parsed;
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Refusal};
use plantdoc_core::files::{self, FileState, PendingFile};
use plantdoc_core::storage::PutError;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use plantdoc_core::pdf::{self, Merged};
use plantdoc_core::ports::AttachedRevision;
use plantdoc_core::review::change;
use plantdoc_core::review::submit::{submit as submit_doc, Cell, NewRecord, Submission};

use crate::access::KIND;
use crate::model::Swp;
use crate::store;
use crate::submit_check::{check, Checked};
use crate::submit_form::SubmitForm;
use crate::submit_langs;

pub const MAX_FILES_PER_SECTION: usize = 10;
pub(crate) const LOST: &str = text!("One of these files is not a pending upload of yours (it may have expired); please upload it again.");
pub(crate) const SECTIONS: [(&str, &str); 3] = [
    ("swc", "Standard Work Chart"),
    ("jes", "Job Element Sheet"),
    ("vis", "Visual Inspection Sheet"),
];

pub async fn insert_zones(
    conn: &mut AnyConnection,
    swp_id: &str,
    zones: &[String],
) -> Result<(), sqlx::Error> {
    for z in zones {
        sqlx::query("INSERT INTO swp_zones (swp_id, zone) VALUES ($1, $2)")
            .bind(swp_id)
            .bind(z)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// What a section becomes: the file the SWP names, and the uploads merged into it.
struct Section {
    file_id: String,
    sha256: String,
    consumed: Vec<String>,
}

pub async fn submit(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(form): Parsed<SubmitForm>,
) -> AppResult<axum::response::Response> {
    KIND.require_uploader(&user)?;
    let c = check(&state, &user, &form).await?;
    // Check and merge each section (first upload first).
    let mut e = FieldErrors::new();
    let mut made: HashMap<&'static str, Section> = HashMap::new();
    for (key, ids) in &c.sections {
        match section(&state, &user, &c.record.part_number, key, ids, &c.uploads).await {
            Ok(s) => {
                made.insert(key, s);
            }
            Err(m) => {
                e.insert(key.to_string(), m.into());
            }
        }
    }
    for t in &c.translations {
        let f = &c.uploads[&t.file_id];
        if let Err(err) = pdf::check_upload(&state.storage, &f.filename, &f.key).await {
            e.insert(
                submit_langs::FIELD.into(),
                format!("{} ({}): {}", t.section.to_uppercase(), t.lang, err.message()),
            );
        }
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let video_sha = c.video.as_ref().map(|v| c.uploads[v].sha256.clone());
    let mut h = Sha256::new();
    for (key, _) in SECTIONS {
        h.update(format!("{key}:{}\n", made[key].sha256));
    }
    h.update(format!("video:{}\n", video_sha.as_deref().unwrap_or("-")));
    let content_hash = hex::encode(h.finalize());
    let id = submit_doc(
        &state,
        &user,
        &mut New { state: &state, c: &c, made: &made, content_hash: &content_hash, now: 0 },
    )
    .await?;
    // The merged sources are no longer needed (the sweep removes any left here).
    for s in made.values() {
        for src in &s.consumed {
            files::remove(&state, "swp", src, &c.uploads[src].key, FileState::Consumed).await;
        }
    }
    let swp = store::fetch_one(&state.db, &id).await?.ok_or(AppError::NotFound)?;
    Ok(plantdoc_core::http::json_bytes(store::full_json(&state, &swp, "swp", false).await?))
}

/// An SWP for the review engine's submission: one transaction claims the uploads,
/// inserts the SWP with its catalogue part, zones and audit row, and deploys it at once
/// when a manager bypasses review.
struct New<'a> {
    state: &'a AppState,
    c: &'a Checked,
    made: &'a HashMap<&'static str, Section>,
    content_hash: &'a str,
    /// The submit's time (from `columns`), for the translations' rows.
    now: i64,
}

impl Submission for New<'_> {
    type Doc = Swp;
    fn record(&self) -> &NewRecord {
        &self.c.record
    }
    /// Claims each upload only if still pending.
    async fn claim(&self, conn: &mut AnyConnection, user: &User) -> AppResult<()> {
        let mut claims: Vec<(&str, FileState, &str)> = Vec::new();
        for (key, s) in self.made {
            claims.push((s.file_id.as_str(), FileState::Attached, key));
            claims.extend(s.consumed.iter().map(|src| (src.as_str(), FileState::Consumed, *key)));
        }
        claims.extend(self.c.video.iter().map(|v| (v.as_str(), FileState::Attached, "video")));
        claims.extend(
            self.c
                .translations
                .iter()
                .map(|t| (t.file_id.as_str(), FileState::Attached, submit_langs::FIELD)),
        );
        for (fid, to, field) in &claims {
            if !files::claim(conn, &user.id, "swp", fid, *to).await? {
                return Err(AppError::field(field, LOST));
            }
        }
        Ok(())
    }
    async fn columns(
        &mut self,
        _conn: &mut AnyConnection,
        _user: &User,
        now: i64,
    ) -> AppResult<Vec<(&'static str, Cell)>> {
        self.now = now;
        let (c, file) = (self.c, |key: &str| Cell::Text(self.made[key].file_id.clone()));
        Ok(vec![
            ("format", Cell::Text("swp".into())),
            ("new_release", Cell::Int(i64::from(c.new_release))),
            ("reference_only", Cell::Int(i64::from(c.reference_only))),
            ("bypass", Cell::Int(i64::from(c.record.bypass))),
            ("swc_file", file("swc")),
            ("jes_file", file("jes")),
            ("vis_file", file("vis")),
            ("video_file", c.video.clone().map_or(Cell::Null, Cell::Text)),
            ("content_hash", Cell::Text(self.content_hash.into())),
            ("change_request", c.change.request.clone().map_or(Cell::Null, Cell::Text)),
        ])
    }
    async fn rows(&self, conn: &mut AnyConnection, id: &str, user: &User) -> AppResult<()> {
        insert_zones(conn, id, &self.c.record.zones).await?;
        let r = &self.c.record;
        let revision = AttachedRevision {
            kind: "swp".into(),
            doc_id: id.into(),
            part_number: r.part_number.clone(),
            reason: r.changes.clone(),
            submitted_at: self.now,
        };
        change::attach(self.state, conn, user, &self.c.change, revision).await?;
        Ok(submit_langs::insert(conn, id, &self.c.translations, &self.c.uploads, user, self.now)
            .await?)
    }
    fn audit(&self) -> (String, Value) {
        let (c, r) = (self.c, &self.c.record);
        let after = json!({"partNumber": r.part_number, "zones": r.zones, "contentHash": self.content_hash, "newRelease": c.new_release,
            "referenceOnly": c.reference_only, "bypass": r.bypass, "changes": r.changes});
        let mut after = after;
        if let Some(n) = &c.change.request {
            after["changeRequest"] = n.as_str().into();
        }
        if !c.translations.is_empty() {
            after["translations"] = c
                .translations
                .iter()
                .map(|t| json!({"section": t.section, "lang": t.lang, "sha256": c.uploads[&t.file_id].sha256}))
                .collect();
        }
        (format!("SWP for part {} submitted for review", r.part_number), after)
    }
}

/// Reads a section's PDFs, checks them and merges several into one stored (pending) file.
async fn section(
    state: &AppState,
    user: &User,
    part: &str,
    key: &str,
    ids: &[String],
    uploads: &HashMap<String, PendingFile>,
) -> Result<Section, Refusal> {
    let files: Vec<pdf::Source> = ids
        .iter()
        .map(|i| pdf::Source { name: &uploads[i].filename, key: &uploads[i].key })
        .collect();
    let merged =
        pdf::check_and_merge(&state.storage, &files).await.map_err(pdf::PdfError::message)?;
    match merged {
        Merged::Single => Ok(Section {
            file_id: ids[0].clone(),
            sha256: uploads[&ids[0]].sha256.clone(),
            consumed: Vec::new(),
        }),
        Merged::Bytes(_) | Merged::File(..) => {
            let name = format!("{}-{}.pdf", part.replace(['/', ' '], "-"), key.to_uppercase());
            let rec = files::store_merged(state, &user.id, "swp", &name, merged).await.map_err(|e| match e {
                PutError::TooLarge { .. } | PutError::Stream(_) => text!("These PDFs could not be combined.").to_string(),
                PutError::Full => {
                    text!("The server's storage is full, so the combined PDF was not saved. Tell your administrator, then try again.")
                        .to_string()
                }
                PutError::Unreachable => plantdoc_core::files::STORAGE_UNREACHABLE.to_string(),
                PutError::Store(e) => {
                    tracing::error!(error = %e, "merged PDF not stored");
                    text!("The combined PDF could not be stored; please try again.").to_string()
                }
            })?;
            Ok(Section { file_id: rec.id, sha256: rec.sha256, consumed: ids.to_vec() })
        }
    }
}
