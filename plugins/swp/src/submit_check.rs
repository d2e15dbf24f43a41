//! `uploadS3`'s field checks: every field at once, answered as one field → message map
//! (the sections' upload ids, the video, part, zones, changes, on behalf of, bypass,
//! corrects, the Upload tab's translations), before any file is read.
use plantdoc_core::{msg, text};
use std::collections::HashMap;

use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::body::take;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files::{self, PendingFile};
use plantdoc_core::review::submit::NewRecord;
use plantdoc_core::review::{change, correct};

use crate::access::KIND;
use crate::fields::check_zones;
use crate::model::Swp;
use crate::submit::LOST;
use crate::submit_form::SubmitForm;
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
pub(crate) async fn check(state: &AppState, user: &User, form: &SubmitForm) -> AppResult<Checked> {
    let mut e = form.file_ids.refused.clone();
    let (sections, video) = (form.file_ids.sections.clone(), form.file_ids.video.clone());
    let translations = form.translations.0.clone();
    e.extend(form.translations.1.clone());
    let part = take(&mut e, "partNumber", &form.record.part_number).map(String::from);
    let zones = check_zones(state, user, &form.record.zones)
        .map_err(|m| e.insert("zones".into(), m.into()))
        .ok();
    take(&mut e, "format", &form.format);
    let new_release = take(&mut e, "newRelease", &form.new_release).unwrap_or(true);
    let reference_only = take(&mut e, "referenceOnly", &form.reference_only).unwrap_or(false);
    let bypass = take(&mut e, "bypass", &form.bypass_management).unwrap_or(false);
    if bypass && !KIND.flow.may_bypass(user) {
        e.insert("bypass".into(), text!("Only managers may bypass management approval.").into());
    }
    let changes =
        take(&mut e, "changes", &form.record.change.changes).map(|c| c.0).unwrap_or_default();
    if !new_release && changes.is_empty() && form.record.change.changes.is_ok() {
        e.insert(
            "changes".into(),
            text!("Please describe the changes to the existing document.").into(),
        );
    }
    let corrects =
        correct::check::<Swp>(state, user, form.record.corrects.as_ref(), part.as_deref())
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
        change::check(state, user, &form.record.change, ("swp", part.as_deref()), earlier, &mut e)
            .await?;
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
    let on_behalf = users::on_behalf_of(&state.db, user, form.record.on_behalf_of.as_ref())
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
