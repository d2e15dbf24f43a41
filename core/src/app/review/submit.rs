//! Submit bookkeeping: a checked upload becomes a pending document in one transaction
//! (the module's claims first, the catalogue part, the row with every column a record
//! has plus the module's own, the module's side rows, the audit row) and, when a user
//! the flow allows bypasses review, is deployed at once with every stage marked
//! bypassed. A submission that corrects a rejected document links to it (`correct`).
use std::future::Future;

use serde_json::{Map, Value};
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::audit::AuditEntry;
use crate::auth::users::User;
use crate::base::body::{FromBody, Verdict as BodyVerdict};
use crate::error::{AppError, AppResult, FieldErrors};

use super::correct::{self, Correction};
use super::engine::{append, fetch, Deploy, Document, Hooks};
use super::stages::Verdict;

/// A value of one of the module's own columns in the new row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    Text(String),
    Int(i64),
    /// A text column left empty.
    Null,
}

// Read from the body (decision 124); zones are checked with the company's, on behalf of
// and corrects with the database. Its doc comment is the OpenAPI description.
/// The fields every upload form has (the module's form adds its own).
#[derive(Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordFields {
    #[schema(value_type = crate::parts::PartNumber)]
    pub part_number: BodyVerdict<crate::parts::PartNumber>,
    /// Zone codes of your company
    #[schema(value_type = Vec<String>)]
    pub zones: Value,
    #[serde(flatten)]
    pub change: super::change::ChangeFields,
    /// A process engineer's user id (or CURRENT_USER)
    #[schema(value_type = Option<String>)]
    pub on_behalf_of: Option<Value>,
    /// The rejected document this submission corrects (same part; its author or a manager)
    #[schema(value_type = Option<String>)]
    pub corrects: Option<Value>,
}

impl FromBody for RecordFields {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(RecordFields {
            part_number: crate::parts::PartNumber::of(b.get("partNumber")),
            zones: b.get("zones").cloned().unwrap_or(Value::Null),
            change: super::change::ChangeFields::parse(b)?,
            on_behalf_of: b.get("onBehalfOf").cloned(),
            corrects: b.get(correct::FIELD).cloned(),
        })
    }
}

/// The columns every document has, as the upload form gave them (already checked).
#[derive(Debug, Clone)]
pub struct NewRecord {
    pub part_number: String,
    pub zones: Vec<String>,
    pub changes: String,
    pub on_behalf: Option<User>,
    /// Deploy at once (the module checked the user may: `Flow::may_bypass`).
    pub bypass: bool,
    /// The rejected document this corrects (the module checked it: `correct::check`).
    pub corrects: Option<String>,
}

/// What a module adds to a submission: its checked form and the writes of its own.
pub trait Submission: Send + Sync {
    type Doc: Hooks;
    fn record(&self) -> &NewRecord;
    /// The transaction's first writes: claim the uploads, the guard against the sweep
    /// and against a second submit of the same files.
    fn claim(
        &self,
        conn: &mut AnyConnection,
        user: &User,
    ) -> impl Future<Output = AppResult<()>> + Send;
    /// The module's own columns, once the part is in the catalogue (it may take a
    /// number from a counter here).
    fn columns(
        &mut self,
        conn: &mut AnyConnection,
        user: &User,
        now: i64,
    ) -> impl Future<Output = AppResult<Vec<(&'static str, Cell)>>> + Send;
    /// Rows that go with the new document (its zones).
    fn rows(
        &self,
        conn: &mut AnyConnection,
        id: &str,
        user: &User,
    ) -> impl Future<Output = AppResult<()>> + Send;
    /// The submit audit row's meaning and its `after`.
    fn audit(&self) -> (String, Value);
}

/// Submits `s` as `user`'s new pending document (deployed at once if it bypasses
/// review) and returns its id. The act and its audit rows commit together.
pub async fn submit<S: Submission>(state: &AppState, user: &User, s: &mut S) -> AppResult<String> {
    let k = S::Doc::KIND;
    if s.record().bypass && !k.flow.may_bypass(user) {
        return Err(AppError::forbidden());
    }
    let id = crate::db::new_id();
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    s.claim(&mut tx, user).await?;
    let part_id =
        crate::parts::ensure(&mut tx, &user.company_code, &s.record().part_number, "", now).await?;
    let fixes = match &s.record().corrects {
        Some(c) => Some(
            correct::confirm::<S::Doc>(&mut tx, &state.zones, user, c, &s.record().part_number)
                .await?,
        ),
        None => None,
    };
    let own = s.columns(&mut tx, user, now).await?;
    insert(&mut tx, k.table.name, user, s.record(), &id, &part_id, now, fixes.as_ref(), &own)
        .await?;
    s.rows(&mut tx, &id, user).await?;
    let deployed = if s.record().bypass {
        bypass::<S::Doc>(state, &mut tx, user, &id, now).await?
    } else {
        Vec::new()
    };
    if !s.record().bypass {
        let doc = fetch::<S::Doc>(&mut tx, &id).await?.ok_or(AppError::NotFound)?;
        let pending = vec![Verdict::Pending; k.flow.stages.len()];
        let open: Vec<usize> =
            (0..pending.len()).filter(|i| k.flow.open(*i, true, &pending).is_ok()).collect();
        super::notices::waiting(state, &mut tx, now, user, &doc, &open).await?;
    }
    let (meaning, mut after) = s.audit();
    if let Some(c) = &fixes {
        after["corrects"] = c.id.clone().into();
    }
    append(&mut tx, now, &[k.act(user, "submit", &id, meaning).after(after)]).await?;
    append(
        &mut tx,
        now,
        &fixes.iter().map(|c| correct::audit::<S::Doc>(user, c, &id)).collect::<Vec<_>>(),
    )
    .await?;
    append(&mut tx, now, &deployed).await?;
    tx.commit().await?;
    Ok(id)
}

#[allow(clippy::too_many_arguments, reason = "the columns of one new record, bound in order")]
async fn insert(
    conn: &mut AnyConnection,
    table: &str,
    user: &User,
    r: &NewRecord,
    id: &str,
    part_id: &str,
    now: i64,
    fixes: Option<&Correction>,
    own: &[(&'static str, Cell)],
) -> AppResult<()> {
    let names: String = own.iter().map(|(c, _)| format!(", {c}")).collect();
    let marks: String = (0..own.len()).map(|i| format!(", ${}", 18 + i)).collect();
    let sql = format!(
        "INSERT INTO {table} (id, company_code, part_number, part_id, status, owner_id, owner_firstname, owner_lastname, \
         on_behalf_id, on_behalf_name, zones, zone_mask, changes, upload_date, corrects_id, corrects_date, corrects_reviewer, \
         corrects_note{names}) VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17{marks})"
    );
    let (fix_id, fix_date, fix_reviewer, fix_note) = correct::cells(fixes);
    let (behalf_id, behalf_name) = r
        .on_behalf
        .as_ref()
        .map(|u| (Some(u.id.clone()), u.full_name()))
        .unwrap_or((None, String::new()));
    let mut q = sqlx::query(&sql)
        .bind(id)
        .bind(&user.company_code)
        .bind(&r.part_number)
        .bind(part_id)
        .bind(&user.id)
        .bind(&user.firstname)
        .bind(&user.lastname)
        .bind(behalf_id)
        .bind(behalf_name)
        .bind(serde_json::to_string(&r.zones).unwrap_or_default())
        .bind(crate::zones::zone_mask(&r.zones))
        .bind(&r.changes)
        .bind(now)
        .bind(fix_id)
        .bind(fix_date)
        .bind(fix_reviewer)
        .bind(fix_note);
    for (_, v) in own {
        q = match v {
            Cell::Text(s) => q.bind(s.clone()),
            Cell::Int(i) => q.bind(*i),
            Cell::Null => q.bind(None::<String>),
        };
    }
    q.execute(&mut *conn).await?;
    Ok(())
}

/// Marks every stage bypassed by `user` and deploys the document.
async fn bypass<D: Hooks>(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &User,
    id: &str,
    now: i64,
) -> AppResult<Vec<AuditEntry>> {
    let k = D::KIND;
    let sets: Vec<String> = k
        .flow
        .stages
        .iter()
        .map(|s| {
            let [status, reviewer_id, reviewer, date, _] = s.columns;
            format!(
                "{status} = '{}', {reviewer_id} = $1, {reviewer} = $2, {date} = $3",
                Verdict::Bypassed.as_str()
            )
        })
        .collect();
    sqlx::query(&format!("UPDATE {} SET {} WHERE id = $4", k.table.name, sets.join(", ")))
        .bind(&user.id)
        .bind(user.full_name())
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let doc = fetch::<D>(conn, id).await?.ok_or(AppError::NotFound)?;
    super::engine::deploy_and_tell(state, conn, now, user, &doc, Deploy::Bypassed).await
}
