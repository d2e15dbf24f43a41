//! `GET /api/changes/{id}/pdf`: a change request's record for the auditor — its reason,
//! references and documents, each review stage, the zones' effective and live dates (the
//! cut-in, by whom), the revisions under it with their reasons, the readers' coverage, its
//! closing, the periodic reviews of its documents and the audit chain's check at the rows
//! about it. The core's text report (the auditor's file's).
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, Verdict};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::with_offset;
use plantdoc_core::error::AppResult;
use plantdoc_core::pdf::report::text_pdf;

use crate::access::KIND;
use crate::model::ChangeRequest;
use crate::{coverage, routes, store};

fn when(ms: Option<i64>) -> String {
    ms.map(with_offset).unwrap_or_else(|| "-".into())
}

/// The lines of the record.
async fn lines(state: &AppState, c: &ChangeRequest) -> AppResult<Vec<String>> {
    let mut out = vec![
        format!("Change request {}: {}", c.number, c.title),
        format!("State: {}", c.state()),
        format!(
            "Raised by {} {} on {}",
            c.owner_firstname,
            c.owner_lastname,
            with_offset(c.upload_date)
        ),
        format!("Reason for change: {}", c.changes),
        format!("References: {}", if c.refs.is_empty() { "-".into() } else { c.refs.join(", ") }),
        format!(
            "Documents: {}",
            c.documents
                .iter()
                .map(|d| format!("{} {}", d.kind, d.part_number))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        String::new(),
        "Reviews".into(),
    ];
    for (stage, r) in KIND.flow.stages.iter().zip(&c.reviews) {
        out.push(format!(
            "  {}: {} by {} on {}; note: {}",
            stage.key,
            r.status.as_str(),
            r.reviewer.as_deref().unwrap_or("-"),
            when(r.date),
            r.note.as_deref().unwrap_or("-")
        ));
    }
    out.push(format!("  approved in every stage: {}", when(c.deploy_date)));
    out.extend([String::new(), "Zones: effective from, live on the line".into()]);
    for z in store::zones(&state.db, &c.id).await? {
        let live = match z.live_at {
            Some(at) => format!(
                "live on {} by {}, verified by {}",
                with_offset(at),
                z.live_operator.unwrap_or_default(),
                z.live_verifier.unwrap_or_default()
            ),
            None => "not live yet".into(),
        };
        out.push(format!(
            "  {}: effective {}; {live}",
            z.zone,
            z.effective.as_deref().unwrap_or("at deploy")
        ));
    }
    out.extend([String::new(), "Revisions under this change request".into()]);
    let revisions = store::revisions(&state.db, &c.id).await?;
    if revisions.is_empty() {
        out.push("  none".into());
    }
    for r in &revisions {
        out.push(format!(
            "  {} {} ({}): reason: {}; submitted {}; deployed {}",
            r.kind,
            r.part_number,
            r.doc_id,
            r.reason,
            with_offset(r.submitted_at),
            when(r.deployed_at)
        ));
    }
    let (readers, operators) = coverage::of(&mut *state.db.pool.acquire().await?, &c.id).await?;
    out.extend([
        String::new(),
        format!(
            "Readers' coverage: {readers} of {operators} operators read every revision ({} %)",
            coverage::percent((readers, operators))
        ),
    ]);
    if let Some(at) = c.closed_at {
        out.push(format!(
            "Closed on {} by {}: {}",
            with_offset(at),
            c.closed_by.as_deref().unwrap_or("-"),
            c.close_reason.as_deref().unwrap_or("-")
        ));
    }
    let ids: Vec<&str> = revisions.iter().map(|r| r.doc_id.as_str()).collect();
    let reviews = crate::review_store::verdicts_of(&state.db, &ids).await?;
    if !reviews.is_empty() {
        out.extend([String::new(), "Periodic reviews of its documents".into()]);
        out.extend(reviews.into_iter().map(|l| format!("  {l}")));
    }
    let verdict = match audit::verify_targets(&state.db, &[format!("change:{}", c.id)]).await? {
        Verdict::Ok { rows } => {
            format!("audit verify: OK, chain intact at the {rows} rows about this change request")
        }
        Verdict::Broken { seq, reason } => format!("audit verify: BROKEN at row {seq}: {reason}"),
    };
    out.extend([String::new(), verdict]);
    Ok(out)
}

pub async fn pdf(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let c = routes::visible(&state, &user, &id).await?;
    let lines = lines(&state, &c).await?;
    let title = format!("Change request {}", c.number);
    let header = format!("{title} · {} · printed {}", c.company_code, with_offset(state.now_ms()));
    let bytes = text_pdf(&title, &header, &lines);
    let name = format!("attachment; filename=\"{}.pdf\"", c.number);
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        bytes,
    )
        .into_response())
}
