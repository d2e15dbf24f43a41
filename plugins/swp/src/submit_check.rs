//! `uploadS3`'s field checks: every field at once, answered as one field → message map
//! (the sections' upload ids, the video, part, zones, changes, on behalf of, bypass,
//! corrects, the Upload tab's translations), before any file is read.
use plantdoc_core::{msg, text};
use std::collections::HashMap;

use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::files::{self, PendingFile};
use plantdoc_core::parts;
use plantdoc_core::review::submit::NewRecord;
use plantdoc_core::review::{change, correct};
use serde_json::Value;

use crate::access::KIND;
use crate::fields::{check_zones, flag, id_list};
use crate::model::Swp;
use crate::submit::{LOST, MAX_CHANGES_CHARS, MAX_FILES_PER_SECTION, SECTIONS};
use crate::submit_langs::{self, Asked};

/// A submission whose every field is valid.
pub(crate) struct Checked {
    pub(crate) sections: Vec<(&'static str, Vec<String>)>,
    pub(crate) video: Option<String>,
    pub(crate) uploads: HashMap<String, PendingFile>,
    /// Part, zones, changes, on behalf of, bypass.
    pub(crate) record: NewRecord,
    pub(crate) new_release: bool,
    pub(crate) reference_only: bool,
    /// The Upload tab's translations (decision 95).
    pub(crate) translations: Vec<Asked>,
    /// The change request named, under change control.
    pub(crate) change: change::Checked,
}

/// Checks every field and answers all their errors at once.
pub(crate) async fn check(state: &AppState, user: &User, body: &Value) -> AppResult<Checked> {
    let mut e = FieldErrors::new();
    let (sections, video) = check_file_ids(body.get("fileIds").unwrap_or(&Value::Null), &mut e);
    let translations = submit_langs::parse(body.get(submit_langs::FIELD), &mut e);
    let part = parts::check_number(body.get("partNumber").and_then(Value::as_str).unwrap_or(""))
        .map_err(|m| e.insert("partNumber".into(), m.into()))
        .ok();
    let zones = check_zones(state, user, body.get("zones").unwrap_or(&Value::Null))
        .map_err(|m| e.insert("zones".into(), m.into()))
        .ok();
    if !matches!(body.get("format"), None | Some(Value::Null))
        && body.get("format").and_then(Value::as_str) != Some("swp")
    {
        e.insert("format".into(), text!("The format is 'swp'.").into());
    }
    let new_release = flag(body, "newRelease", true, &mut e, "newRelease");
    let reference_only = flag(body, "referenceOnly", false, &mut e, "referenceOnly");
    let bypass = flag(body, "bypassManagement", false, &mut e, "bypass");
    if bypass && !KIND.flow.may_bypass(user) {
        e.insert("bypass".into(), text!("Only managers may bypass management approval.").into());
    }
    let changes = check_changes(body.get("changes"), new_release, &mut e);
    let corrects = correct::check::<Swp>(state, user, body.get(correct::FIELD), part.as_deref())
        .await?
        .map_err(|m| e.insert(correct::FIELD.into(), m.into()))
        .ok()
        .flatten();
    let last: Option<i64> =
        match &part {
            Some(p) => sqlx::query_scalar(
                "SELECT last_revision FROM swp_parts WHERE company_code = $1 AND part_number = $2",
            )
            .bind(&user.company_code)
            .bind(p)
            .fetch_optional(&state.db.pool)
            .await?,
            None => None,
        };
    let earlier = last.is_some_and(|r| r >= 0);
    let change =
        change::check(state, user, body, "swp", part.as_deref(), earlier, &changes, &mut e).await?;
    if let (false, Some(p)) = (new_release, &part) {
        let has = sqlx::query("SELECT current_id FROM swp_parts WHERE company_code = $1 AND part_number = $2 AND current_id IS NOT NULL")
            .bind(&user.company_code)
            .bind(p)
            .fetch_optional(&state.db.pool)
            .await?;
        if has.is_none() {
            e.insert(
                "newRelease".into(),
                msg!("Part {p} has no deployed SWP to change; choose New Release."),
            );
        }
    }
    let on_behalf = users::on_behalf_of(&state.db, user, body.get("onBehalfOf"))
        .await
        .map_err(|m| e.insert("onBehalfOf".into(), m.into()))
        .ok()
        .flatten();
    // The files: the caller's own pending uploads of the right kind.
    let mut all_ids: Vec<String> =
        sections.iter().flat_map(|(_, ids)| ids.iter().cloned()).collect();
    all_ids.extend(video.clone());
    all_ids.extend(translations.iter().map(|t| t.file_id.clone()));
    let uploads = files::pending(state, &user.id, "swp", &all_ids).await?;
    for (key, ids) in &sections {
        if ids.iter().any(|i| uploads.get(i).is_none_or(|u| u.content_type != "application/pdf")) {
            e.entry(key.to_string()).or_insert_with(|| LOST.into());
        }
    }
    if translations.iter().any(|t| all_ids.iter().filter(|i| **i == t.file_id).count() > 1) {
        e.insert(submit_langs::FIELD.into(), text!("A file may be used once only.").into());
    } else if translations
        .iter()
        .any(|t| uploads.get(&t.file_id).is_none_or(|u| u.content_type != "application/pdf"))
    {
        e.insert(submit_langs::FIELD.into(), LOST.into());
    }
    if video
        .as_ref()
        .is_some_and(|v| uploads.get(v).is_none_or(|u| !u.content_type.starts_with("video/")))
    {
        e.insert(
            "video".into(),
            text!("This video is not a pending upload of yours (it may have expired); please upload it again.").into(),
        );
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let record = NewRecord {
        part_number: part.unwrap_or_default(),
        zones: zones.unwrap_or_default(),
        changes,
        on_behalf,
        bypass,
        corrects,
    };
    Ok(Checked {
        sections,
        video,
        uploads,
        record,
        new_release,
        reference_only,
        translations,
        change,
    })
}

/// The three sections' upload ids and the video's, with their field errors.
fn check_file_ids(
    files: &Value,
    e: &mut FieldErrors,
) -> (Vec<(&'static str, Vec<String>)>, Option<String>) {
    let mut sections: Vec<(&'static str, Vec<String>)> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (key, label) in SECTIONS {
        match id_list(files.get(key)) {
            Ok(ids) if ids.is_empty() => {
                e.insert(key.into(), msg!("Please upload the {label}."));
            }
            Ok(ids) if ids.len() > MAX_FILES_PER_SECTION => {
                e.insert(key.into(), msg!("At most {MAX_FILES_PER_SECTION} files."));
            }
            Ok(ids) => {
                if ids
                    .iter()
                    .any(|i| seen.contains(i) || ids.iter().filter(|j| *j == i).count() > 1)
                {
                    e.insert(key.into(), text!("A file may be used once only.").into());
                }
                seen.extend(ids.iter().cloned());
                sections.push((key, ids));
            }
            Err(m) => {
                e.insert(key.into(), m.into());
            }
        }
    }
    let video = match id_list(files.get("video")) {
        Ok(v) if v.len() > 1 => {
            e.insert("video".into(), text!("One video only.").into());
            None
        }
        Ok(mut v) => v.pop(),
        Err(m) => {
            e.insert("video".into(), m.into());
            None
        }
    };
    if !matches!(id_list(files.get("opin")), Ok(v) if v.is_empty()) {
        e.insert("opin".into(), text!("OPIN files are not taken.").into());
    }
    (sections, video)
}

fn check_changes(v: Option<&Value>, new_release: bool, e: &mut FieldErrors) -> String {
    let changes = match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            e.insert("changes".into(), text!("Changes are text.").into());
            return String::new();
        }
    };
    if changes.chars().count() > MAX_CHANGES_CHARS {
        e.insert("changes".into(), msg!("Changes must be at most {MAX_CHANGES_CHARS} characters."));
    } else if !new_release && changes.is_empty() {
        e.insert(
            "changes".into(),
            text!("Please describe the changes to the existing document.").into(),
        );
    }
    changes
}
