//! Settings → Users → Import: the roster CSV of `plantdoc user import` (the core's
//! `operations::roster`, the same judging and writing) from the console. Each row is also
//! held to the managers' rules here (`access`): the caller's companies only, nobody changes
//! their own position, department or zones, the flags and other managers' credentials as
//! in Edit User. A dry run writes nothing; else every accepted row in one transaction,
//! each audited as the manager.
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::Json as Reply;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::http::lang::for_person;
use plantdoc_core::operations::roster::{self, Row, Verdict};
use plantdoc_core::{text, AppError, AppResult, AppState};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::{self, Refusal};
use crate::acts::require_manager;
use crate::store;

/// A roster is a few thousand rows at most: 1 MB.
const MAX_BYTES: usize = 1 << 20;
const NOT_UTF8: &str = text!("The file is not a CSV in UTF-8.");
const NO_HEADER: &str = text!("The header row names neither email nor badge.");
const TOO_BIG: &str = text!("A roster file is at most 1 MB.");

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// true: judge the rows and write nothing.
    #[serde(default)]
    dry_run: bool,
}

/// Why a refused row is refused: the field (empty: the row) and the message.
#[derive(Serialize, ToSchema)]
pub struct Reason {
    field: String,
    message: String,
}

/// One row's verdict.
#[derive(Serialize, ToSchema)]
pub struct RowJson {
    line: usize,
    /// The row's e-mail, or its badge.
    key: String,
    /// new | changed | disabled | unchanged | refused
    verdict: String,
    /// The fields a changed row changes.
    fields: Vec<String>,
    /// Why a refused row is refused.
    reasons: Vec<Reason>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Imported {
    dry_run: bool,
    /// Whether the accepted rows were written.
    applied: bool,
    rows: Vec<RowJson>,
    /// new, changed, disabled, unchanged, refused: how many rows of each.
    counts: std::collections::BTreeMap<String, usize>,
}

/// The managers' rules on a judged row (the roster checks only the fields).
fn held_to_rules(me: &CurrentUser, r: &mut Row) {
    let input = r.input();
    let refusal = match (&r.verdict, r.existing()) {
        (_, Some(u)) if !access::sees(me, &u.company_code) => {
            Some(Refusal::Field("email", text!("There is no user with this e-mail.")))
        }
        (Verdict::New, _) => access::may_register(me, input).err(),
        (Verdict::Changed(_), Some(u)) => access::may_edit(me, u, input).err(),
        (Verdict::Disabled, Some(u)) => access::may_delete(me, u).err(),
        _ => None,
    };
    match refusal {
        Some(Refusal::Field(f, m)) => r.refuse(f, m),
        Some(Refusal::NotManager) => r.refuse("", access::NOT_MANAGER),
        None => {}
    }
}

fn word(v: &Verdict) -> &'static str {
    match v {
        Verdict::New => "new",
        Verdict::Changed(_) => "changed",
        Verdict::Disabled => "disabled",
        Verdict::Unchanged => "unchanged",
        Verdict::Refused(_) => "refused",
    }
}

pub async fn import(
    State(state): State<AppState>,
    me: CurrentUser,
    Query(q): Query<ImportQuery>,
    body: Bytes,
) -> AppResult<Reply<Imported>> {
    require_manager(&me)?;
    if body.len() > MAX_BYTES {
        return Err(AppError::PayloadTooLarge(TOO_BIG.into()));
    }
    let text = std::str::from_utf8(&body).map_err(|_| AppError::field("file", NOT_UTF8))?;
    let mut rows =
        roster::plan(&state, text.trim_start_matches('\u{feff}')).await.map_err(|e| {
            let header = e.to_string().contains("names neither");
            AppError::field("file", if header { NO_HEADER } else { NOT_UTF8 })
        })?;
    let mut conn = state.db.pool.acquire().await?;
    for r in &mut rows {
        held_to_rules(&me, r);
        // Operator numbers stay unique per company among active users, as in Add/Edit User.
        if matches!(r.verdict, Verdict::New | Verdict::Changed(_)) {
            let except = r.existing().map(|u| u.id.clone()).unwrap_or_default();
            if let Err(AppError::Fields(f)) =
                store::check_op_no(&mut conn, r.input(), &except).await
            {
                if let Some((field, m)) = f.into_iter().next() {
                    r.refuse(&field, &m);
                }
            }
        }
    }
    drop(conn);
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    let list: Vec<RowJson> = rows
        .iter()
        .map(|r| {
            *counts.entry(word(&r.verdict).into()).or_default() += 1;
            let fields = match &r.verdict {
                Verdict::Changed(f) => f.iter().map(|x| x.to_string()).collect(),
                _ => Vec::new(),
            };
            let reasons = match &r.verdict {
                Verdict::Refused(why) => why
                    .iter()
                    .map(|(f, m)| Reason {
                        field: f.to_string(),
                        message: for_person(&state, &me, m),
                    })
                    .collect(),
                _ => Vec::new(),
            };
            RowJson {
                line: r.line,
                key: r.key.clone(),
                verdict: word(&r.verdict).into(),
                fields,
                reasons,
            }
        })
        .collect();
    let accepted = rows
        .iter()
        .any(|r| matches!(r.verdict, Verdict::New | Verdict::Changed(_) | Verdict::Disabled));
    let applied = !q.dry_run && accepted;
    if applied {
        roster::apply(&state, &rows, (Some(&me.id), &me.full_name())).await?;
    }
    Ok(Reply(Imported { dry_run: q.dry_run, applied, rows: list, counts }))
}
