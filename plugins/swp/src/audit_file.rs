//! The auditor's file of a part (issue 28 item 3): `GET /api/swps/audit-file/{part}.pdf`
//! and `.csv`, optionally `?from=YYYY-MM-DD&to=YYYY-MM-DD` (the signatures' dates, `to`
//! included). For console users who see the part's SWPs (the SWP visibility rule). Every
//! revision with its documents' SHA-256, uploader and on-behalf, each review stage with
//! reviewer, time, verdict and note, deploy and obsolete dates; every read and
//! verification of every version with printed name, date and time with offset, meaning
//! and signature mode; and the audit chain's check at the rows about the part.
//! The alerts that applied to the part (the `PartAlerts` port) and their signatures too.
//! Deleted SWPs are kept (soft delete) and listed with their deletion date; every
//! translation, superseded and withdrawn ones too, with its reviews (decision 95).
//! One list of rows makes both files.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use plantdoc_core::acks::{self, SignAct};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, Verdict};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::with_offset;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files::sha256s;
use plantdoc_core::pdf::report::text_pdf;
use plantdoc_core::ports::PartAlerts;
use plantdoc_core::review::translations as tr;
use serde::Deserialize;

use crate::access::KIND as SWPS;
use crate::model::Swp;
use crate::store;

const STAGES: [&str; 3] = ["Process", "Quality", "Production"];
pub const CSV_HEADER: [&str; 9] = ["record", "revision", "documentId", "versionSha256", "name", "dateTime", "meaning", "mode", "detail"];

#[derive(Deserialize)]
pub struct Range {
    /// First day of the signatures shown (YYYY-MM-DD, UTC).
    from: Option<String>,
    /// Last day of the signatures shown (YYYY-MM-DD, UTC, included).
    to: Option<String>,
}

/// One line of the file.
#[derive(Default)]
pub struct Row {
    record: &'static str,
    revision: String,
    swp_id: String,
    version: String,
    name: String,
    time: String,
    meaning: String,
    mode: String,
    detail: String,
}

impl Row {
    fn cells(&self) -> [&str; 9] {
        [self.record, &self.revision, &self.swp_id, &self.version, &self.name, &self.time, &self.meaning, &self.mode, &self.detail]
    }
}

fn day_ms(field: &str, v: &Option<String>, default: i64, end: bool) -> AppResult<i64> {
    let Some(v) = v.as_deref().filter(|v| !v.is_empty()) else { return Ok(default) };
    let day = chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d").map_err(|_| AppError::field(field, "Please give a date as YYYY-MM-DD."))?;
    let day = if end { day.succ_opt().unwrap_or(day) } else { day };
    Ok(day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc().timestamp_millis())
}

/// The meaning of an act as people read it (the stored meaning is the long form).
fn meaning(stored: &str) -> String {
    match stored {
        acks::READ_AND_UNDERSTOOD => "Read".into(),
        acks::VERIFIED => "Verified".into(),
        other => other.to_string(),
    }
}

fn revision(s: &Swp) -> String {
    s.revision.map(|r| r.to_string()).unwrap_or_else(|| "-".into())
}

/// A translation of a revision or an alert (decision 95), in every state it reached
/// (superseded and withdrawn ones are kept, their files downloadable at `link` + id),
/// and each stage's verdict on it.
fn translation_rows(t: &tr::Translation, link: Option<&str>, base: impl Fn() -> Row, out: &mut Vec<Row>) {
    let file = link.map(|l| format!("; file {l}{}", t.id)).unwrap_or_default();
    let ended = t.ended_at.map(|d| format!("; until {}", with_offset(d))).unwrap_or_default();
    let reviewed = if t.stages == 0 { "; reviewed with its document" } else { "" };
    out.push(Row {
        record: "translation",
        name: t.proposed_by_name.clone(),
        time: with_offset(t.proposed_at),
        meaning: format!("{} in {}", t.section.to_uppercase(), t.lang),
        detail: format!("status {}{ended}{reviewed}; SHA-256 {}{file}", t.status.as_str(), t.sha256),
        ..base()
    });
    for r in &t.reviews {
        out.push(Row {
            record: "translation-approval",
            name: r.reviewer.clone(),
            time: with_offset(r.date),
            meaning: r.status.as_str().into(),
            detail: format!("{} in {}: {} stage; note: {}", t.section.to_uppercase(), t.lang, r.stage, r.note.as_deref().unwrap_or("-")),
            ..base()
        });
    }
}

fn swp_rows(s: &Swp, hashes: &HashMap<String, String>, deleted: &HashMap<String, i64>, out: &mut Vec<Row>) {
    let base = || Row { revision: revision(s), swp_id: s.id.clone(), version: s.content_hash.clone(), ..Row::default() };
    let behalf = if s.on_behalf_name.is_empty() { "-".to_string() } else { s.on_behalf_name.clone() };
    out.push(Row {
        record: "revision",
        name: format!("{} {}", s.owner_firstname, s.owner_lastname),
        time: with_offset(s.upload_date),
        meaning: "Uploaded".into(),
        detail: format!("status {}; on behalf of {behalf}", s.status.as_str()),
        ..base()
    });
    let docs = [("SWC", Some(&s.swc_file)), ("JES", Some(&s.jes_file)), ("VIS", Some(&s.vis_file)), ("Video", s.video_file.as_ref())];
    for (label, id) in docs {
        let Some(id) = id else { continue };
        let sha = hashes.get(id).cloned().unwrap_or_default();
        out.push(Row { record: "document", meaning: label.into(), detail: format!("SHA-256 {sha}"), ..base() });
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
        out.push(Row { record: "deploy", time: with_offset(d), meaning: "Deployed".into(), ..base() });
    }
    if let Some(d) = s.obsolete_date {
        out.push(Row { record: "obsolete", time: with_offset(d), meaning: "Obsolete".into(), ..base() });
    }
    // Issue 28 item 5: a deleted SWP is kept (soft delete) and shown with its date.
    if let Some(d) = deleted.get(&s.id) {
        let detail = if s.deploy_date.is_some() { "removed from the plant floor" } else { "removed from the review process" };
        out.push(Row { record: "deleted", time: with_offset(*d), meaning: "Deleted".into(), detail: detail.into(), ..base() });
    }
}

/// The deletion dates of the deleted SWPs among `ids`.
async fn deleted_dates(state: &AppState, ids: &[String]) -> AppResult<HashMap<String, i64>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(500) {
        let mut q = Params::default();
        let list = q.list(chunk.iter().cloned());
        let sql = format!("SELECT id, deleted_date FROM swps WHERE id IN ({list}) AND status = 'deleted' AND deleted_date IS NOT NULL");
        for r in q.query(&sql).fetch_all(&state.db.pool).await? {
            out.insert(sqlx::Row::try_get(&r, "id")?, sqlx::Row::try_get(&r, "deleted_date")?);
        }
    }
    Ok(out)
}

/// `revision`: the SWP's revision or the alert's tag; `other`: the record binds to a
/// version other than the document's current one.
fn sign_rows(a: &SignAct, revision: String, other: bool, out: &mut Vec<Row>) {
    let r = &a.record;
    let base = || Row {
        record: "signature",
        revision: revision.clone(),
        swp_id: r.doc_id.clone(),
        version: r.version_hash.clone(),
        ..Row::default()
    };
    let mut note = if other { "; bound to a version other than the SWP's current one" } else { "" }.to_string();
    // The files shown (issue 29): each section's language and SHA-256.
    let read: Vec<plantdoc_core::ports::VersionFile> =
        a.read_files.as_deref().and_then(|j| serde_json::from_str(j).ok()).unwrap_or_default();
    for f in &read {
        note.push_str(&format!("; read {} in {} ({})", f.section.to_uppercase(), f.lang.as_deref().unwrap_or("the original"), f.sha256));
    }
    out.push(Row {
        name: format!("{} ({})", r.op_full_name, r.op_no),
        time: with_offset(r.signed_at),
        meaning: meaning(&a.sign_meaning),
        mode: a.sign_mode.clone(),
        detail: format!("operator{note}"),
        ..base()
    });
    if let (Some(at), Some(name)) = (r.verified_at, &r.cl_full_name) {
        out.push(Row {
            name: format!("{name} ({})", r.cl_op_no.as_deref().unwrap_or("")),
            time: with_offset(at),
            meaning: meaning(a.verify_meaning.as_deref().unwrap_or(acks::VERIFIED)),
            mode: a.verify_mode.clone().unwrap_or_else(|| acks::BADGE.into()),
            detail: format!("verifier of {}'s read{note}", r.op_full_name),
            ..base()
        });
    }
}

/// The rows of the part's file: its SWPs (oldest first), their signatures in the range,
/// and the audit chain's check.
async fn rows(state: &AppState, user: &CurrentUser, part: &str, swps: &[Swp], from: i64, to: i64) -> AppResult<Vec<Row>> {
    let mut files: Vec<String> = Vec::new();
    for s in swps {
        files.extend([s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()]);
        files.extend(s.video_file.clone());
    }
    let hashes = sha256s(&state.db, &files).await?;
    let ids: Vec<String> = swps.iter().map(|s| s.id.clone()).collect();
    let deleted = deleted_dates(state, &ids).await?;
    let mut out = Vec::new();
    let translations = tr::of_docs(&mut *state.db.reader().await?, crate::KIND, &ids).await?;
    for s in swps {
        swp_rows(s, &hashes, &deleted, &mut out);
        let base = || Row { revision: revision(s), swp_id: s.id.clone(), version: s.content_hash.clone(), ..Row::default() };
        for t in translations.iter().filter(|t| t.doc_id == s.id) {
            translation_rows(t, Some("/api/swps/translations/file/"), base, &mut out);
        }
    }
    for a in acks::trail(&state.db, crate::KIND, &ids, from, to).await? {
        let s = swps.iter().find(|s| s.id == a.record.doc_id);
        sign_rows(&a, s.map(revision).unwrap_or_default(), s.is_some_and(|s| s.content_hash != a.record.version_hash), &mut out);
    }
    alert_rows(state, user, part, from, to, &mut out).await?;
    // The chain's check at the rows cited (about the part's SWPs), each with its links:
    // bounded by the part, not the log (`plantdoc audit verify` walks it all).
    let targets: Vec<String> = ids.iter().map(|id| format!("swp:{id}")).collect();
    let detail = match audit::verify_targets(&state.db, &targets).await? {
        Verdict::Ok { rows } => format!(
            "audit verify: OK, chain intact at the {rows} rows about this part (each row's hash and its links to the rows before and after it)"
        ),
        Verdict::Broken { seq, reason } => format!("audit verify: BROKEN at row {seq}: {reason} (a row about this part or its neighbour)"),
    };
    out.push(Row { record: "audit-chain", detail, ..Row::default() });
    Ok(out)
}

/// The alerts that applied to the part (the `PartAlerts` port; none while the alerts
/// module is off) and their signatures.
async fn alert_rows(state: &AppState, user: &CurrentUser, part: &str, from: i64, to: i64, out: &mut Vec<Row>) -> AppResult<()> {
    let Some(port) = state.port::<dyn PartAlerts>() else { return Ok(()) };
    let alerts = port.of_part(state, user, part).await?;
    let Some(kind) = alerts.first().map(|a| a.version.kind) else { return Ok(()) };
    for a in &alerts {
        out.push(Row {
            record: "alert",
            revision: a.tag.clone(),
            swp_id: a.version.id.clone(),
            version: a.version.version_hash.clone(),
            time: a.deploy_ms.map(with_offset).unwrap_or_default(),
            meaning: format!("{} alert", a.alert_type),
            detail: format!("status {}; in force {} to {}", a.status, with_offset(a.effective_ms), with_offset(a.sunset_ms)),
            ..Row::default()
        });
    }
    let ids: Vec<String> = alerts.iter().map(|a| a.version.id.clone()).collect();
    for t in tr::of_docs(&mut *state.db.reader().await?, kind, &ids).await? {
        let Some(a) = alerts.iter().find(|a| a.version.id == t.doc_id) else { continue };
        let base =
            || Row { revision: a.tag.clone(), swp_id: a.version.id.clone(), version: a.version.version_hash.clone(), ..Row::default() };
        translation_rows(&t, None, base, out);
    }
    for act in acks::trail(&state.db, kind, &ids, from, to).await? {
        let a = alerts.iter().find(|a| a.version.id == act.record.doc_id);
        sign_rows(
            &act,
            a.map(|a| a.tag.clone()).unwrap_or_default(),
            a.is_some_and(|a| a.version.version_hash != act.record.version_hash),
            out,
        );
    }
    Ok(())
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

fn csv(rows: &[Row]) -> String {
    let line = |cells: &[&str]| cells.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",") + "\r\n";
    let mut out = line(&CSV_HEADER);
    for r in rows {
        out.push_str(&line(&r.cells()));
    }
    out
}

fn pdf_lines(part: &str, rows: &[Row]) -> Vec<String> {
    let mut lines = vec![format!("Part {part}: every revision, review, deploy, signature and the audit chain's check."), String::new()];
    let mut current = String::new();
    for r in rows {
        if r.swp_id != current && !r.swp_id.is_empty() && r.record == "revision" {
            current = r.swp_id.clone();
            lines.push(String::new());
            lines.push(format!("Revision {} · SWP {} · version SHA-256 {}", r.revision, r.swp_id, r.version));
        }
        if r.record == "alert" && lines.last().is_some_and(|l| !l.starts_with("  alert")) {
            lines.push(String::new());
            lines.push("Alerts that applied to the part".into());
        }
        if r.record == "signature" && lines.last().is_some_and(|l| !l.starts_with("  signature") && !l.starts_with("Signatures")) {
            lines.push(String::new());
            lines.push("Signatures (printed name · date and time · meaning · mode · revision · version SHA-256)".into());
        }
        let line = match r.record {
            "signature" => format!(
                "  signature · {} · {} · {} · {} · rev/tag {} · {} · {}",
                r.name, r.time, r.meaning, r.mode, r.revision, r.version, r.detail
            ),
            "alert" => format!("  alert {} · {} · deployed {} · SHA-256 {} · {}", r.revision, r.meaning, r.time, r.version, r.detail),
            "audit-chain" => format!("\n{}", r.detail),
            _ => format!("  {} · {} · {} · {} · {}", r.record, r.meaning, r.name, r.time, r.detail),
        };
        lines.extend(line.split('\n').map(str::to_string));
    }
    lines
}

/// `GET /api/swps/audit-file/{partNumber}.pdf|.csv`.
pub async fn audit_file(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(file): Path<String>,
    Query(range): Query<Range>,
) -> AppResult<Response> {
    let (part, pdf) = match file.rsplit_once('.') {
        Some((p, "pdf")) => (p, true),
        Some((p, "csv")) => (p, false),
        _ => return Err(AppError::NotFound),
    };
    let part = part.trim().to_uppercase();
    let from = day_ms("from", &range.from, 0, false)?;
    let to = day_ms("to", &range.to, i64::MAX, true)?;
    let mut q = Params::default();
    let vis = SWPS.visible_sql(&state.zones, &mut q, &user);
    let filter = format!("s.status <> 'pending' AND {vis} AND s.part_number = {}", q.add(part.clone()));
    let swps = store::fetch_list(&state.db, &q, &filter, "s.upload_date, s.id", 10_000, 0).await?;
    if swps.is_empty() {
        return Err(AppError::NotFound);
    }
    let rows = rows(&state, &user, &part, &swps, from, to).await?;
    let name = format!("auditors-file-{}", part.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "_"));
    if pdf {
        let header = format!(
            "Auditor's file · part {part} · {} · generated {} by {}",
            user.company_code,
            with_offset(state.now_ms()),
            user.full_name()
        );
        let lines = pdf_lines(&part, &rows);
        let bytes = tokio::task::spawn_blocking(move || text_pdf("Auditor's file", &header, &lines))
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        let disposition = format!("attachment; filename=\"{name}.pdf\"");
        return Ok(
            ([(header::CONTENT_TYPE, "application/pdf".to_string()), (header::CONTENT_DISPOSITION, disposition)], bytes).into_response()
        );
    }
    let disposition = format!("attachment; filename=\"{name}.csv\"");
    Ok(([(header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)], csv(&rows))
        .into_response())
}
