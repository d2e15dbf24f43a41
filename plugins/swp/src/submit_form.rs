//! `uploadS3`'s request, read from its body (decision 124): each field's verdict, in the
//! rules' types (the core's `RecordFields`: part number, change fields; the sections'
//! files here).
//! The submit answers every error at once, the company's and the database's among them
//! (zones, on behalf of, corrects, pending uploads: `submit_check`), so nothing here
//! refuses the request by itself. The OpenAPI document shows this type.
use plantdoc_core::body::{FromBody, Verdict};
use plantdoc_core::error::FieldErrors;
use plantdoc_core::review::submit::RecordFields;
use plantdoc_core::{msg, text};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::fields::{flag_of, id_list};
use crate::submit::{MAX_FILES_PER_SECTION, SECTIONS};
use crate::submit_langs::{self, Asked};

/// The three sections' upload ids and the video's, with what was refused (by section).
#[derive(Debug, Clone, Default)]
pub(crate) struct Files {
    pub(crate) sections: Vec<(&'static str, Vec<String>)>,
    pub(crate) video: Option<String>,
    pub(crate) refused: FieldErrors,
}

impl Files {
    /// `fileIds`: each section 1 to 10 files, no file twice, one video at most, no OPIN.
    pub(crate) fn parse(files: &Value) -> Files {
        let mut f = Files::default();
        let e = &mut f.refused;
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
                    f.sections.push((key, ids));
                }
                Err(m) => {
                    e.insert(key.into(), m.into());
                }
            }
        }
        f.video = match id_list(files.get("video")) {
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
        f
    }
}

/// The upload form.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitForm {
    /// Section → list of pending upload ids (swc, jes, vis, opin, video)
    #[schema(value_type = Object)]
    pub(crate) file_ids: Files,
    /// The Upload tab's translations: [{section, lang, fileIds: [id]}]
    #[schema(value_type = Option<Vec<Object>>)]
    pub(crate) translations: (Vec<Asked>, FieldErrors),
    /// 'swp' when given
    #[schema(value_type = Option<String>)]
    pub(crate) format: Verdict<()>,
    #[schema(value_type = Option<bool>)]
    pub(crate) new_release: Verdict<bool>,
    #[schema(value_type = Option<bool>)]
    pub(crate) reference_only: Verdict<bool>,
    /// Managers only: deploy at once
    #[schema(value_type = Option<bool>)]
    pub(crate) bypass_management: Verdict<bool>,
    #[serde(flatten)]
    pub(crate) record: RecordFields,
}

impl FromBody for SubmitForm {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        let mut langs = FieldErrors::new();
        let asked = submit_langs::parse(b.get(submit_langs::FIELD), &mut langs);
        let format = match b.get("format") {
            None | Some(Value::Null) => Ok(()),
            Some(v) if v.as_str() == Some("swp") => Ok(()),
            Some(_) => Err(text!("The format is 'swp'.").into()),
        };
        Ok(SubmitForm {
            file_ids: Files::parse(b.get("fileIds").unwrap_or(&Value::Null)),
            translations: (asked, langs),
            format,
            new_release: flag_of(b.get("newRelease"), true),
            reference_only: flag_of(b.get("referenceOnly"), false),
            bypass_management: flag_of(b.get("bypassManagement"), false),
            record: RecordFields::parse(b)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_sections_files() {
        let f = Files::parse(&json!({"swc": ["a"], "jes": "b", "vis": ["c", "d"], "video": "v"}));
        assert!(f.refused.is_empty(), "{:?}", f.refused);
        let ids: Vec<_> = f.sections.iter().map(|(k, ids)| (*k, ids.len())).collect();
        assert_eq!(ids, [("swc", 1), ("jes", 1), ("vis", 2)]);
        assert_eq!(f.video.as_deref(), Some("v"));
        let f = Files::parse(
            &json!({"swc": ["a", "a"], "jes": ["a"], "vis": [1], "video": ["v", "w"], "opin": ["o"]}),
        );
        let refused: Vec<_> = f.refused.keys().map(String::as_str).collect();
        assert_eq!(refused, ["jes", "opin", "swc", "video", "vis"]);
        assert_eq!(f.refused["swc"], "A file may be used once only.");
        assert_eq!(f.refused["jes"], "A file may be used once only.");
        let f = Files::parse(&Value::Null);
        assert_eq!(f.refused["swc"], "Please upload the Standard Work Chart.");
        let f = Files::parse(&json!({"swc": vec!["x"; 11]}));
        assert_eq!(f.refused["swc"], "At most 10 files.");
    }

    #[test]
    fn the_form_keeps_each_verdict() {
        let form = |v: Value| SubmitForm::parse(v.as_object().unwrap()).unwrap();
        let f = form(json!({"partNumber": " p-1 ", "format": "swp", "newRelease": false}));
        assert_eq!(&*f.record.part_number.unwrap(), "P-1");
        assert!(f.format.is_ok() && f.new_release == Ok(false) && f.reference_only == Ok(false));
        let f = form(json!({"partNumber": "bad*", "format": "pdf", "bypassManagement": "yes"}));
        assert!(f.record.part_number.is_err());
        assert_eq!(f.format.unwrap_err(), "The format is 'swp'.");
        assert_eq!(f.bypass_management.unwrap_err(), "Expected true or false.");
        assert_eq!(form(json!({})).new_release, Ok(true));
    }
}
