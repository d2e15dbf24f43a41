//! The lines of the auditor's file (`audit_file`): one [`Row`] per fact, written as a CSV
//! line or as the PDF's lines ([`PdfLines`]).
use std::collections::HashMap;

use plantdoc_core::acks::{self, SignAct};
use plantdoc_core::clock::with_offset;

use crate::model::Swp;

const STAGES: [&str; 3] = ["Process", "Quality", "Production"];
pub const CSV_HEADER: [&str; 9] = [
    "record",
    "revision",
    "documentId",
    "versionSha256",
    "name",
    "dateTime",
    "meaning",
    "mode",
    "detail",
];

/// One line of the file.
#[derive(Default)]
pub struct Row {
    pub record: &'static str,
    pub revision: String,
    pub swp_id: String,
    pub version: String,
    pub name: String,
    pub time: String,
    pub meaning: String,
    pub mode: String,
    pub detail: String,
}

impl Row {
    pub fn cells(&self) -> [&str; 9] {
        [
            self.record,
            &self.revision,
            &self.swp_id,
            &self.version,
            &self.name,
            &self.time,
            &self.meaning,
            &self.mode,
            &self.detail,
        ]
    }
}

/// The meaning of an act as people read it (the stored meaning is the long form).
fn meaning(stored: &str) -> String {
    match stored {
        acks::READ_AND_UNDERSTOOD => "Read".into(),
        acks::VERIFIED => "Verified".into(),
        other => other.to_string(),
    }
}

pub fn revision(s: &Swp) -> String {
    s.revision.map(|r| r.to_string()).unwrap_or_else(|| "-".into())
}

pub fn swp_rows(
    s: &Swp,
    hashes: &HashMap<String, String>,
    deleted: &HashMap<String, i64>,
    out: &mut Vec<Row>,
) {
    let base = || Row {
        revision: revision(s),
        swp_id: s.id.clone(),
        version: s.content_hash.clone(),
        ..Row::default()
    };
    let behalf =
        if s.on_behalf_name.is_empty() { "-".to_string() } else { s.on_behalf_name.clone() };
    out.push(Row {
        record: "revision",
        name: format!("{} {}", s.owner_firstname, s.owner_lastname),
        time: with_offset(s.upload_date),
        meaning: "Uploaded".into(),
        detail: format!("status {}; on behalf of {behalf}", s.status.as_str()),
        ..base()
    });
    // The reason for the change (ISO 13485 4.2.4: every change names its reason).
    let request = s.change_request.as_deref().map(|n| format!("; change request {n}"));
    out.push(Row {
        record: "reason",
        meaning: "Reason for change".into(),
        detail: format!(
            "{}{}",
            if s.changes.is_empty() { "-" } else { s.changes.as_str() },
            request.unwrap_or_default()
        ),
        ..base()
    });
    let docs = [
        ("SWC", Some(&s.swc_file)),
        ("JES", Some(&s.jes_file)),
        ("VIS", Some(&s.vis_file)),
        ("Video", s.video_file.as_ref()),
    ];
    for (label, id) in docs {
        let Some(id) = id else { continue };
        let sha = hashes.get(id).cloned().unwrap_or_default();
        out.push(Row {
            record: "document",
            meaning: label.into(),
            detail: format!("SHA-256 {sha}"),
            ..base()
        });
    }
    for (stage, r) in STAGES.iter().zip(&s.reviews) {
        out.push(Row {
            record: "approval",
            name: r.reviewer.clone().unwrap_or_default(),
            time: r.date.map(with_offset).unwrap_or_default(),
            meaning: r.status.as_str().into(),
            detail: format!("{stage} stage; note: {}", r.note.as_deref().unwrap_or("-")),
            ..base()
        });
    }
    if let Some(d) = s.deploy_date {
        out.push(Row {
            record: "deploy",
            time: with_offset(d),
            meaning: "Deployed".into(),
            ..base()
        });
    }
    if let Some(d) = s.obsolete_date {
        out.push(Row {
            record: "obsolete",
            time: with_offset(d),
            meaning: "Obsolete".into(),
            ..base()
        });
    }
    // Decision 69: a deleted SWP is kept (soft delete) and shown with its date.
    if let Some(d) = deleted.get(&s.id) {
        let detail = if s.deploy_date.is_some() {
            "removed from the plant floor"
        } else {
            "removed from the review process"
        };
        out.push(Row {
            record: "deleted",
            time: with_offset(*d),
            meaning: "Deleted".into(),
            detail: detail.into(),
            ..base()
        });
    }
}

/// A signer's printed name with their operator number in brackets, when they have one.
fn printed(name: &str, op_no: &str) -> String {
    match op_no.trim() {
        "" => name.to_string(),
        no => format!("{name} ({no})"),
    }
}

/// `revision`: the SWP's revision or the alert's tag; `other`: the record binds to a
/// version other than the document's current one.
pub fn sign_rows(a: &SignAct, revision: String, other: bool, out: &mut Vec<Row>) {
    let r = &a.record;
    let base = || Row {
        record: "signature",
        revision: revision.clone(),
        swp_id: r.doc_id.clone(),
        version: r.version_hash.clone(),
        ..Row::default()
    };
    let mut note = if other { "; bound to a version other than the SWP's current one" } else { "" }
        .to_string();
    // The files shown (decision 82): each section's language and SHA-256.
    let read: Vec<plantdoc_core::ports::VersionFile> =
        a.read_files.as_deref().and_then(|j| serde_json::from_str(j).ok()).unwrap_or_default();
    for f in &read {
        note.push_str(&format!(
            "; read {} in {} ({})",
            f.section.to_uppercase(),
            f.lang.as_deref().unwrap_or("the original"),
            f.sha256
        ));
    }
    out.push(Row {
        name: printed(&r.op_full_name, &r.op_no),
        time: with_offset(r.signed_at),
        meaning: meaning(&a.sign_meaning),
        mode: a.sign_mode.clone(),
        detail: format!("operator{note}"),
        ..base()
    });
    if let (Some(at), Some(name)) = (r.verified_at, &r.cl_full_name) {
        out.push(Row {
            name: printed(name, r.cl_op_no.as_deref().unwrap_or("")),
            time: with_offset(at),
            meaning: meaning(a.verify_meaning.as_deref().unwrap_or(acks::VERIFIED)),
            mode: a.verify_mode.clone().unwrap_or_else(|| acks::BADGE.into()),
            detail: format!("verifier of {}'s read{note}", r.op_full_name),
            ..base()
        });
    }
}

/// A CSV field, quoted, with formula-starting text made inert.
pub fn csv_field(s: &str) -> String {
    let inert = match s.chars().next() {
        Some('=' | '+' | '@' | '\t' | '\r') => format!("'{s}"),
        Some('-') if s.parse::<f64>().is_err() && s != "-" => format!("'{s}"),
        _ => s.to_string(),
    };
    format!("\"{}\"", inert.replace('"', "\"\""))
}

/// One CSV line (CRLF) of `cells`, appended to `out`.
pub fn csv_line(cells: &[&str], out: &mut String) {
    for (i, c) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&csv_field(c));
    }
    out.push_str("\r\n");
}

/// The PDF's lines, row after row: a heading where a revision, the alerts or a run of
/// signatures begins.
pub struct PdfLines {
    current: String,
    /// The last line written.
    last: String,
}

impl PdfLines {
    /// The file's first lines and the writer.
    pub fn start(part: &str) -> (Vec<String>, Self) {
        let lines = vec![format!("Part {part}: every revision, review, deploy, signature and the audit chain's check."), String::new()];
        (lines, Self { current: String::new(), last: String::new() })
    }

    /// The lines of `r`, appended to `lines`.
    pub fn push(&mut self, r: &Row, lines: &mut Vec<String>) {
        let start = lines.len();
        if r.swp_id != self.current && !r.swp_id.is_empty() && r.record == "revision" {
            self.current = r.swp_id.clone();
            lines.push(String::new());
            lines.push(format!(
                "Revision {} · SWP {} · version SHA-256 {}",
                r.revision, r.swp_id, r.version
            ));
            self.last = lines[lines.len() - 1].clone();
        }
        if r.record == "alert" && !self.last.starts_with("  alert") {
            lines.push(String::new());
            lines.push("Alerts that applied to the part".into());
        }
        if r.record == "signature"
            && !self.last.starts_with("  signature")
            && !self.last.starts_with("Signatures")
        {
            lines.push(String::new());
            lines.push("Signatures (printed name · date and time · meaning · mode · revision · version SHA-256)".into());
        }
        let line = match r.record {
            "signature" => format!(
                "  signature · {} · {} · {} · {} · rev/tag {} · {} · {}",
                r.name, r.time, r.meaning, r.mode, r.revision, r.version, r.detail
            ),
            "alert" => format!(
                "  alert {} · {} · deployed {} · SHA-256 {} · {}",
                r.revision, r.meaning, r.time, r.version, r.detail
            ),
            "audit-chain" => format!("\n{}", r.detail),
            _ => format!("  {} · {} · {} · {} · {}", r.record, r.meaning, r.name, r.time, r.detail),
        };
        lines.extend(line.split('\n').map(str::to_string));
        if lines.len() > start {
            self.last = lines[lines.len() - 1].clone();
        }
    }
}
