//! What the review engine tells (decision 66): a document entering a stage waits for that
//! stage's reviewers; a verdict goes to its author and on-behalf-of engineer with the
//! reviewer's note; a deploy goes to them too and to every open page of its zones. The
//! kinds are the module's ([`Notices`], declared in its `build` with [`Notices::kinds`]);
//! the engine emits them inside the act's transaction, before its audit rows.
use serde_json::{json, Value};
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::auth::users::{User, USER_COLUMNS};
use crate::error::AppResult;
use crate::events::{Event, EventKind};
use crate::msg;
use crate::zones;

use super::engine::Document;
use super::stages::{Flow, Verdict};

/// A module's event kinds for its documents under review, and where they link.
#[derive(Debug)]
pub struct Notices {
    /// Waits for the reviewers of the stage it enters (at submit, or when an earlier
    /// stage's approval opens the next).
    pub submitted: EventKind,
    pub approved: EventKind,
    pub rejected: EventKind,
    pub deployed: EventKind,
    /// The review view, the document's id appended: `/main/sign-off?review=`.
    pub review_link: &'static str,
    /// The author's list: `/main/swps?tab=my-pending`.
    pub own_link: &'static str,
    /// Where deployed documents are: `/main/swps`.
    pub deployed_link: &'static str,
    /// Where a reviewer finds the translations waiting: `/main/sign-off?tab=translations`.
    pub translations_link: &'static str,
}

impl Notices {
    /// The kinds to declare in the module's `build` (`ctx.event_kind` each).
    pub fn kinds(&self) -> [EventKind; 4] {
        [self.submitted, self.approved, self.rejected, self.deployed]
    }
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// What a document's events are about: `swp:<id>`.
fn subject<D: Document>(id: &str) -> String {
    format!("{}:{id}", D::KIND.words.noun)
}

/// What a translation's waiting events are about (not its document: the document's own
/// review is settled apart).
fn translation_subject<D: Document>(id: &str) -> String {
    format!("{}-translation:{id}", D::KIND.words.noun)
}

fn base<D: Document>(kind: &EventKind, doc: &D, by: &User, data: Value) -> Event {
    let mut data = data;
    data["partNumber"] = json!(doc.part_number);
    data["by"] = json!(by.full_name());
    Event::new(kind.id, doc.company_code.clone(), subject::<D>(&doc.id))
        .zones(doc.zones.clone())
        .by(&by.id)
        .data(data)
}

/// Tells the reviewers of `stages` (by index) that `doc` waits for them: users of its
/// company who review that stage, are not its authors and whose zones overlap its own.
pub async fn waiting<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    stages: &[usize],
) -> AppResult<()> {
    let k = D::KIND;
    let link = format!("{}{}", k.notices.review_link, doc.id);
    let (what, name) = (upper_first(k.words.an_one), doc.names().title);
    let title = |key: &str| msg!("{what} waits for your {key} review: {name}");
    let about = subject::<D>(&doc.id);
    tell_reviewers(
        state,
        conn,
        now,
        by,
        doc,
        (&k.flow, stages),
        &|u| doc.is_author(&u.id),
        (&title, &link, &about),
    )
    .await
}

/// The waiting notices of `doc` are done: of `stage` (judged, by whoever of it), or of
/// every stage (`None`: rejected, deployed or withdrawn). Marked read for everyone told.
pub async fn settled<D: Document>(
    conn: &mut AnyConnection,
    now: i64,
    doc_id: &str,
    stage: Option<&str>,
) -> AppResult<u64> {
    crate::notify::settle(conn, now, D::KIND.notices.submitted.id, &subject::<D>(doc_id), stage)
        .await
}

/// The waiting notices of translation `id` are done (see [`settled`]).
pub async fn translation_settled<D: Document>(
    conn: &mut AnyConnection,
    now: i64,
    id: &str,
    stage: Option<&str>,
) -> AppResult<u64> {
    crate::notify::settle(
        conn,
        now,
        D::KIND.notices.submitted.id,
        &translation_subject::<D>(id),
        stage,
    )
    .await
}

/// Tells the reviewers of `stages` of a translation's `flow` that it waits for them
/// (`label`: which translation of which document); its `proposer` reviews nothing.
pub async fn translation_waiting<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    (flow, stages): (&Flow, &[usize]),
    (id, proposer, label): (&str, &str, &str),
) -> AppResult<()> {
    let what = upper_first(label);
    let title = |key: &str| msg!("{what} waits for your {key} review");
    let link = D::KIND.notices.translations_link;
    let about = translation_subject::<D>(id);
    tell_reviewers(
        state,
        conn,
        now,
        by,
        doc,
        (flow, stages),
        &|u| u.id == proposer,
        (&title, link, &about),
    )
    .await
}

/// A notice's title for a stage's key.
type Title<'a> = &'a (dyn Fn(&str) -> String + Sync);

/// One waiting notice per stage to the users of the document's company who review that
/// stage, whose zones overlap the document's and whom `excluded` does not name.
#[allow(clippy::too_many_arguments)]
async fn tell_reviewers<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    (flow, stages): (&Flow, &[usize]),
    excluded: &(dyn Fn(&User) -> bool + Sync),
    (title, link, about): (Title<'_>, &str, &str),
) -> AppResult<()> {
    if stages.is_empty() {
        return Ok(());
    }
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE company_code = $1 AND disabled = 0 AND kiosk = 0 AND position <> 'operator'");
    let rows = sqlx::query(&sql).bind(&doc.company_code).fetch_all(&mut *conn).await?;
    let users = rows.iter().map(User::from_row).collect::<Result<Vec<_>, _>>()?;
    for &i in stages {
        let stage = &flow.stages[i];
        let to = users
            .iter()
            .filter(|u| (stage.reviews)(u) && !excluded(u) && zones::overlap(&u.zones, &doc.zones))
            .map(|u| u.id.clone());
        let data = json!({"title": title(stage.key), "link": link, "stage": stage.key});
        let mut e = base(&D::KIND.notices.submitted, doc, by, data).to(to.collect::<Vec<String>>());
        e.subject = about.to_string();
        state.emit(conn, now, &e).await?;
    }
    Ok(())
}

/// Tells the author and the on-behalf-of engineer of a stage's verdict (`said`: the
/// stage, the verdict, the note).
pub async fn verdict<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    said: (&str, Verdict, &Option<String>),
) -> AppResult<()> {
    let (k, (stage, verdict, note)) = (D::KIND, said);
    let (kind, word) = if verdict == Verdict::Rejected {
        (&k.notices.rejected, "rejected")
    } else {
        (&k.notices.approved, "approved")
    };
    let title = format!(
        "Your {} was {word} in the {stage} review by {}: {}",
        k.words.one,
        by.full_name(),
        doc.names().title
    );
    let data = json!({"title": title, "note": note, "link": k.notices.own_link, "stage": stage, "verdict": verdict.as_str()});
    state.emit(conn, now, &base(kind, doc, by, data).to_owners(owners(doc))).await
}

/// Tells a translation's proposer of a stage's verdict (`label`: which translation).
pub async fn translation_verdict<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    (proposer, label): (&str, &str),
    said: (&str, Verdict, &Option<String>),
) -> AppResult<()> {
    let (k, (stage, verdict, note)) = (D::KIND, said);
    let (kind, word) = if verdict == Verdict::Rejected {
        (&k.notices.rejected, "rejected")
    } else {
        (&k.notices.approved, "approved")
    };
    let title = format!("Your {label} was {word} in the {stage} review by {}", by.full_name());
    let data = json!({"title": title, "note": note, "link": k.notices.deployed_link, "stage": stage, "verdict": verdict.as_str()});
    state.emit(conn, now, &base(kind, doc, by, data).to(vec![proposer.to_string()])).await
}

/// Tells the authors (and every open page of its zones, and every listener: reading
/// obligations) that `doc` was deployed, with the module's own fields (`data`: revision,
/// earlier versions …). Called by the engine after the module's deploy hook
/// (`engine::deploy_and_tell`), reviewed or bypassed alike.
pub async fn deployed<D: Document>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    by: &User,
    doc: &D,
    data: Value,
) -> AppResult<()> {
    let k = D::KIND;
    let (what, name) = (k.words.one, doc.names().title);
    let title = msg!("Your {what} was deployed to the plant floor: {name}");
    let mut all = json!({"title": title, "link": k.notices.deployed_link});
    if let Value::Object(fields) = data {
        for (key, v) in fields {
            all[key] = v;
        }
    }
    state.emit(conn, now, &base(&k.notices.deployed, doc, by, all).to_owners(owners(doc))).await
}

fn owners<D: Document>(doc: &D) -> Vec<String> {
    std::iter::once(doc.owner_id.clone()).chain(doc.on_behalf_id.clone()).collect()
}
