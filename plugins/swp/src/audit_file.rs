//! The auditor's file of a part (decisions 63 and 84): `GET /api/swps/audit-file/{part}.pdf`
//! and `.csv`, optionally `?from=YYYY-MM-DD&to=YYYY-MM-DD` (the signatures' dates, `to`
//! included). For console users who see the part's SWPs (the SWP visibility rule). Every
//! revision with its documents' SHA-256, uploader and on-behalf, each review stage with
//! reviewer, time, verdict and note, deploy and obsolete dates; every read and
//! verification of every version with printed name, date and time with offset, meaning
//! and signature mode; and the audit chain's check at the rows about the part.
//! The alerts that applied to the part (the `PartAlerts` port) and their signatures too;
//! the training waivers on the part (the `TrainingLevels` port).
//! Deleted SWPs are kept (soft delete) and listed with their deletion date; every
//! translation, superseded and withdrawn ones too, with its reviews (decision 95).
//! One producer of rows makes both files, a page of sign records at a time (decision 96):
//! the CSV is streamed as the rows come; the PDF is set page by page ([`Report`]), at
//! most [`BUILDS`] at once (a request waits [`BUILD_WAIT`] for its turn, then 503).
use std::collections::HashMap;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use plantdoc_core::acks;
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, Verdict};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::with_offset;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files::sha256s;
use plantdoc_core::pdf::report::Report;
use plantdoc_core::ports::{PartAlerts, PartWaiver, TrainingLevels};
use plantdoc_core::review::translations as tr;
use serde::Deserialize;
use tokio::sync::{mpsc, Semaphore};

use crate::access::KIND as SWPS;
use crate::audit_rows::{csv_line, revision, sign_rows, swp_rows, PdfLines, Row, CSV_HEADER};
use crate::model::Swp;
use crate::store;

/// Sign records read at once.
const PAGE: usize = 2000;
/// PDFs set at once (each holds its pages, compressed, and then the file).
const BUILDS: usize = 2;
/// Longest wait for a turn to set a PDF.
const BUILD_WAIT: Duration = Duration::from_secs(120);
static TURNS: Semaphore = Semaphore::const_new(BUILDS);

#[derive(Deserialize)]
pub struct Range {
    /// First day of the signatures shown (YYYY-MM-DD, UTC).
    from: Option<String>,
    /// Last day of the signatures shown (YYYY-MM-DD, UTC, included).
    to: Option<String>,
}

fn day_ms(field: &str, v: &Option<String>, default: i64, end: bool) -> AppResult<i64> {
    let Some(v) = v.as_deref().filter(|v| !v.is_empty()) else { return Ok(default) };
    let day = chrono::NaiveDate::parse_from_str(v, "%Y-%m-%d")
        .map_err(|_| AppError::field(field, "Please give a date as YYYY-MM-DD."))?;
    let day = if end { day.succ_opt().unwrap_or(day) } else { day };
    Ok(day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc().timestamp_millis())
}

/// A translation of a revision or an alert (decision 95), in every state it reached
/// (superseded and withdrawn ones are kept, their files downloadable at `link` + id),
/// and each stage's verdict on it.
fn translation_rows(
    t: &tr::Translation,
    link: Option<&str>,
    base: impl Fn() -> Row,
    out: &mut Vec<Row>,
) {
    let file = link.map(|l| format!("; file {l}{}", t.id)).unwrap_or_default();
    let ended = t.ended_at.map(|d| format!("; until {}", with_offset(d))).unwrap_or_default();
    let reviewed = if t.stages == 0 { "; reviewed with its document" } else { "" };
    out.push(Row {
        record: "translation",
        name: t.proposed_by_name.clone(),
        time: with_offset(t.proposed_at),
        meaning: format!("{} in {}", t.section.to_uppercase(), t.lang),
        detail: format!(
            "status {}{ended}{reviewed}; SHA-256 {}{file}",
            t.status.as_str(),
            t.sha256
        ),
        ..base()
    });
    for r in &t.reviews {
        out.push(Row {
            record: "translation-approval",
            name: r.reviewer.clone(),
            time: with_offset(r.date),
            meaning: r.status.as_str().into(),
            detail: format!(
                "{} in {}: {} stage; note: {}",
                t.section.to_uppercase(),
                t.lang,
                r.stage,
                r.note.as_deref().unwrap_or("-")
            ),
            ..base()
        });
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

/// The rows of the part's file, in batches: its SWPs (oldest first), their signatures in
/// the range a page at a time, the alerts', and the audit chain's check. Stops quietly
/// when nobody reads any more (the download was dropped).
async fn produce(
    state: AppState,
    user: CurrentUser,
    part: String,
    swps: Vec<Swp>,
    range: (i64, i64),
    tx: mpsc::Sender<Vec<Row>>,
) -> AppResult<()> {
    let mut files: Vec<String> = Vec::new();
    for s in &swps {
        files.extend([s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()]);
        files.extend(s.video_file.clone());
    }
    let hashes = sha256s(&state.db, &files).await?;
    let ids: Vec<String> = swps.iter().map(|s| s.id.clone()).collect();
    let deleted = deleted_dates(&state, &ids).await?;
    let mut out = Vec::new();
    let translations = tr::of_docs(&mut *state.db.reader().await?, crate::KIND, &ids).await?;
    for s in &swps {
        swp_rows(s, &hashes, &deleted, &mut out);
        let base = || Row {
            revision: revision(s),
            swp_id: s.id.clone(),
            version: s.content_hash.clone(),
            ..Row::default()
        };
        for t in translations.iter().filter(|t| t.doc_id == s.id) {
            translation_rows(t, Some("/api/swps/translations/file/"), base, &mut out);
        }
    }
    if tx.send(out).await.is_err() {
        return Ok(());
    }
    let by_id: HashMap<&str, &Swp> = swps.iter().map(|s| (s.id.as_str(), s)).collect();
    let mut after = None;
    loop {
        let page =
            acks::trail_page(&state.db, crate::KIND, &ids, range, after.as_ref(), PAGE).await?;
        let mut out = Vec::with_capacity(page.len() * 2);
        for a in &page {
            let s = by_id.get(a.record.doc_id.as_str());
            sign_rows(
                a,
                s.map(|s| revision(s)).unwrap_or_default(),
                s.is_some_and(|s| s.content_hash != a.record.version_hash),
                &mut out,
            );
        }
        after = page.last().map(|a| (a.record.signed_at, a.record.id.clone()));
        if tx.send(out).await.is_err() {
            return Ok(());
        }
        if page.len() < PAGE {
            break;
        }
    }
    if !alert_rows(&state, &user, &part, range, &tx).await? {
        return Ok(());
    }
    if tx.send(waiver_rows(&state, &user, &part).await?).await.is_err() {
        return Ok(());
    }
    // The chain's check at the rows cited (about the part's SWPs), each with its links:
    // bounded by the part, not the log (`plantdoc audit verify` walks it all).
    let targets: Vec<String> = ids.iter().map(|id| format!("swp:{id}")).collect();
    let detail = match audit::verify_targets(&state.db, &targets).await? {
        Verdict::Ok { rows } => format!(
            "audit verify: OK, chain intact at the {rows} rows about this part (each row's hash and its links to the rows before and after it)"
        ),
        Verdict::Broken { seq, reason } => format!("audit verify: BROKEN at row {seq}: {reason} (a row about this part or its neighbour)"),
    };
    let _ = tx.send(vec![Row { record: "audit-chain", detail, ..Row::default() }]).await;
    Ok(())
}

/// The alerts that applied to the part (the `PartAlerts` port; none while the alerts
/// module is off) and their signatures, a page at a time. `false`: nobody reads.
async fn alert_rows(
    state: &AppState,
    user: &CurrentUser,
    part: &str,
    range: (i64, i64),
    tx: &mpsc::Sender<Vec<Row>>,
) -> AppResult<bool> {
    let Some(port) = state.port::<dyn PartAlerts>() else { return Ok(true) };
    let alerts = port.of_part(state, user, part).await?;
    let Some(kind) = alerts.first().map(|a| a.version.kind) else { return Ok(true) };
    let mut out = Vec::new();
    for a in &alerts {
        out.push(Row {
            record: "alert",
            revision: a.tag.clone(),
            swp_id: a.version.id.clone(),
            version: a.version.version_hash.clone(),
            time: a.deploy_ms.map(with_offset).unwrap_or_default(),
            meaning: format!("{} alert", a.alert_type),
            detail: format!(
                "status {}; in force {} to {}",
                a.status,
                with_offset(a.effective_ms),
                with_offset(a.sunset_ms)
            ),
            ..Row::default()
        });
    }
    let ids: Vec<String> = alerts.iter().map(|a| a.version.id.clone()).collect();
    for t in tr::of_docs(&mut *state.db.reader().await?, kind, &ids).await? {
        let Some(a) = alerts.iter().find(|a| a.version.id == t.doc_id) else { continue };
        let base = || Row {
            revision: a.tag.clone(),
            swp_id: a.version.id.clone(),
            version: a.version.version_hash.clone(),
            ..Row::default()
        };
        translation_rows(&t, None, base, &mut out);
    }
    if tx.send(out).await.is_err() {
        return Ok(false);
    }
    let mut after = None;
    loop {
        let page = acks::trail_page(&state.db, kind, &ids, range, after.as_ref(), PAGE).await?;
        let mut out = Vec::with_capacity(page.len() * 2);
        for act in &page {
            let a = alerts.iter().find(|a| a.version.id == act.record.doc_id);
            sign_rows(
                act,
                a.map(|a| a.tag.clone()).unwrap_or_default(),
                a.is_some_and(|a| a.version.version_hash != act.record.version_hash),
                &mut out,
            );
        }
        after = page.last().map(|a| (a.record.signed_at, a.record.id.clone()));
        if tx.send(out).await.is_err() {
            return Ok(false);
        }
        if page.len() < PAGE {
            return Ok(true);
        }
    }
}

/// The training waivers on the part (the `TrainingLevels` port; none while the training
/// module is off): who could run it without the level, from when to when, granted by whom.
async fn waiver_rows(state: &AppState, user: &CurrentUser, part: &str) -> AppResult<Vec<Row>> {
    let Some(port) = state.port::<dyn TrainingLevels>() else { return Ok(Vec::new()) };
    let list = port.waivers_of_part(state, &user.company_code, part).await?;
    let row = |w: PartWaiver| Row {
        record: "training-waiver",
        name: w.operator,
        time: with_offset(w.starts_ms),
        meaning: format!("training waiver granted by {} ({}): {}", w.granted_by, w.via, w.reason),
        detail: match w.revoked_ms {
            Some(t) => format!("until {}; revoked {}", with_offset(w.ends_ms), with_offset(t)),
            None => format!("until {}", with_offset(w.ends_ms)),
        },
        ..Row::default()
    };
    Ok(list.into_iter().map(row).collect())
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
    let filter =
        format!("s.status <> 'pending' AND {vis} AND s.part_number = {}", q.add(part.clone()));
    let swps = store::fetch_list(&state.db, &q, &filter, "s.upload_date, s.id", 10_000, 0).await?;
    if swps.is_empty() {
        return Err(AppError::NotFound);
    }
    let name = format!(
        "auditors-file-{}",
        part.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "_")
    );
    // A PDF waits for its turn before reading anything.
    let turn = if pdf {
        Some(
            tokio::time::timeout(BUILD_WAIT, TURNS.acquire())
                .await
                .map_err(|_| AppError::Unavailable)?
                .map_err(|_| AppError::Unavailable)?,
        )
    } else {
        None
    };
    let (tx, mut rx) = mpsc::channel::<Vec<Row>>(4);
    let producer =
        tokio::spawn(produce(state.clone(), user.clone(), part.clone(), swps, (from, to), tx));
    if pdf {
        let header = format!(
            "Auditor's file · part {part} · {} · generated {} by {}",
            user.company_code,
            with_offset(state.now_ms()),
            user.full_name()
        );
        let build = tokio::task::spawn_blocking(move || {
            let mut report = Report::new(&header);
            let (first, mut writer) = PdfLines::start(&part);
            first.iter().for_each(|l| report.line(l));
            let mut lines = Vec::new();
            while let Some(batch) = rx.blocking_recv() {
                for r in &batch {
                    writer.push(r, &mut lines);
                    lines.drain(..).for_each(|l| report.line(&l));
                }
            }
            report.finish("Auditor's file")
        });
        producer.await.map_err(|e| AppError::Internal(e.into()))??;
        let bytes = build.await.map_err(|e| AppError::Internal(e.into()))?;
        drop(turn);
        let disposition = format!("attachment; filename=\"{name}.pdf\"");
        return Ok((
            [
                (header::CONTENT_TYPE, "application/pdf".to_string()),
                (header::CONTENT_DISPOSITION, disposition),
            ],
            bytes,
        )
            .into_response());
    }
    let mut head = String::new();
    csv_line(&CSV_HEADER, &mut head);
    let rows = futures::stream::unfold((rx, Some(producer)), |(mut rx, producer)| async move {
        if let Some(batch) = rx.recv().await {
            let mut chunk = String::with_capacity(batch.len() * 200);
            batch.iter().for_each(|r| csv_line(&r.cells(), &mut chunk));
            return Some((Ok(Bytes::from(chunk)), (rx, producer)));
        }
        // The end: a failed read cuts the download short instead of ending it as if whole.
        let failed = match producer?.await {
            Ok(Ok(())) => return None,
            Ok(Err(e)) => format!("{e:?}"),
            Err(e) => e.to_string(),
        };
        tracing::error!(error = %failed, "auditor's file cut short");
        Some((Err(std::io::Error::other("the auditor's file could not be read whole")), (rx, None)))
    });
    // Fused: the compression layer polls its body once more after the end, which an
    // unfold must never see.
    let body = Body::from_stream(
        futures::stream::once(async move { Ok(Bytes::from(head)) }).chain(rows).fuse(),
    );
    let disposition = format!("attachment; filename=\"{name}.csv\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}
