//! `GET /api/alerts/copy/{id}` (no sign-in): the page a printed alert's QR code opens —
//! is this alert in force? (`plantdoc_core::copy_check`: the part number and the verdict
//! only, limited per address).
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use plantdoc_core::auth::session::ClientIp;
use plantdoc_core::copy_check::{self, Verdict};
use plantdoc_core::review::Status;
use plantdoc_core::{msg, AppError, AppState};

use crate::store;

pub async fn check(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(page) = copy_check::limited(&state, ip) {
        return page;
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    let verdict = match store::fetch_one(&state.db, &id).await {
        Ok(Some(a)) => {
            let now = state.now_ms();
            let part = a.record.part_number.clone();
            if a.status == Status::Deployed && a.effective_date <= now && now < a.sunset_date {
                Verdict::Current { part, what: msg!("alert {} in force", a.alert_tag) }
            } else {
                Verdict::Obsolete { part, current: None }
            }
        }
        Ok(None) => Verdict::Unknown,
        Err(e) => return AppError::from(e).into_response(),
    };
    copy_check::answer(&state, accept, verdict)
}
