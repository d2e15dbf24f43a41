//! Notifications (decision 66): every event emitted (`AppState::emit`) is written to the
//! outbox (`events`) in the act's transaction, with one notification for each recipient
//! the emitting module named (`Event::to`, `Event::to_owners`) who may see it and did
//! not turn the kind off. Three ways out read what was written, after the commit:
//!
//! - `routes`: the bell (`/api/notifications`) and the preferences;
//! - `mail`: a task mails what is due (one mail per event, or a daily digest), claiming
//!   rows with a conditional UPDATE so one event is mailed once across instances;
//! - `live`: `/api/events`, Server-Sent Events fed from the outbox (PostgreSQL
//!   `LISTEN/NOTIFY` wakes every instance at once).
//!
//! A personal kind (mail about one's own account, `EventKind::personal`) is told to its
//! owners only, always by its own mail, rendered by the act and written here to the mail
//! outbox; the mail task sends that row (`Mailer::deliver`).
//!
//! The core names no kind: the kinds, their labels and default channels are the
//! modules' (`ctx.event_kind`).
use std::collections::BTreeSet;

use sqlx::{AnyConnection, Row};

use crate::app::http::lang::for_person;
use crate::app::AppState;
use crate::data::db::{Dialect, Params};
use crate::error::AppResult;
use crate::events::{Channel, Event, EventKind};
use crate::plant::{users, zones};

pub mod audience;
pub mod live;
pub mod mail;
pub mod routes;
pub mod streams;

/// The PostgreSQL channel an emit notifies (delivered at the commit).
pub const PG_CHANNEL: &str = "plantdoc_events";

pub use crate::base::config::NotifySettings;

/// The kind as declared, or (a kind undeclared in a release build) the bell.
pub fn kind_of(state: &AppState, id: &str) -> EventKind {
    state.event_kind(id).unwrap_or(EventKind::new("", ""))
}

/// Whether a user of `company` with `user_zones` may see an event of `company` in
/// `event_zones` (none: the whole company).
pub fn may_see(
    state: &AppState,
    company: &str,
    user_zones: &[String],
    event_company: &str,
    event_zones: &[String],
) -> bool {
    company == event_company
        && (event_zones.is_empty()
            || state.zones.covers_company(company, user_zones)
            || zones::overlap(user_zones, event_zones))
}

/// Writes the event and its notifications on the act's connection (see the module doc).
/// Recipients are told at most once, never the actor, never about another company, and
/// (but for owners) never about zones they do not see. A personal kind tells its owners
/// only (the actor too: a person may act on their own account), each by its mail,
/// written here to the mail outbox (`mail_outbox_id`) for the mail task to send.
/// Three statements whatever the number of recipients (the act's transaction pays a
/// round trip for each on PostgreSQL): the event (with its NOTIFY), the recipients with
/// their preference (else the kind's default; a personal kind: always by mail), the
/// notifications.
pub async fn record(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    e: &Event,
) -> AppResult<()> {
    let seq = insert_event(state, conn, now, e).await?;
    let kind = kind_of(state, e.kind);
    debug_assert!(
        !kind.personal || (e.to.is_empty() && e.mail.is_some()),
        "a personal event names its owners and carries its mail"
    );
    let mut seen = BTreeSet::new();
    let owners = e.owners.iter().map(|u| (u, true));
    let audience = e.to.iter().filter(|_| !kind.personal).map(|u| (u, false));
    let asked: Vec<(&String, bool)> = owners
        .chain(audience)
        .filter(|(id, _)| (e.actor.as_ref() != Some(*id) || kind.personal) && seen.insert(*id))
        .collect();
    if asked.is_empty() {
        return Ok(());
    }
    let mut q = Params::default();
    let list = q.list(asked.iter().map(|(id, _)| (*id).clone()));
    let k = q.add(kind.id);
    let sql = format!(
        "SELECT {}, (SELECT channel FROM notification_prefs p WHERE p.user_id = users.id AND p.kind = {k}) AS chosen \
         FROM users WHERE id IN ({list})",
        users::USER_COLUMNS
    );
    let mut found = std::collections::HashMap::new();
    for r in q.query(&sql).fetch_all(&mut *conn).await? {
        let chosen: Option<String> = r.try_get("chosen")?;
        let u = users::User::from_row(&r)?;
        found.insert(u.id.clone(), (u, chosen));
    }
    let mut told = Vec::new();
    for (id, owner) in asked {
        let Some((u, chosen)) = found.get(id) else { continue };
        let zones_ok = owner || may_see(state, &u.company_code, &u.zones, &e.company, &e.zones);
        if u.disabled || u.company_code != e.company || !zones_ok {
            continue;
        }
        let channel = if kind.personal {
            Channel::Email
        } else {
            chosen.as_deref().and_then(Channel::parse).unwrap_or(kind.default)
        };
        let mail_state = match channel {
            Channel::Off => continue,
            Channel::Bell => "none",
            Channel::Email => "due",
            Channel::Digest => "digest",
        };
        let outbox = match (&e.mail, kind.personal) {
            (Some(m), true) => {
                // In the recipient's language (theirs, else the plant's), like their screens.
                let (subject, text) =
                    (for_person(state, u, &m.subject), for_person(state, u, &m.text));
                Some(state.mail.queue(&mut *conn, now, &u.email, &subject, &text).await?)
            }
            _ => None,
        };
        told.push((id, channel, mail_state, outbox));
    }
    // 500 rows a statement (six values each), well under either database's limit on parameters.
    for chunk in told.chunks(500) {
        let mut q = Params::default();
        let (seq, kind_id, at) = (q.add(seq), q.add(e.kind), q.add(now));
        let mut rows = Vec::with_capacity(chunk.len());
        for (id, channel, mail_state, outbox) in chunk {
            let (nid, user, chan, mail) = (
                q.add(crate::data::db::new_id()),
                q.add((*id).clone()),
                q.add(channel.as_str()),
                q.add(*mail_state),
            );
            let outbox = outbox.clone().map_or_else(|| "NULL".to_string(), |o| q.add(o));
            rows.push(format!(
                "({nid}, {seq}, {user}, {kind_id}, {chan}, {at}, {mail}, {at}, {outbox})"
            ));
        }
        let sql = format!(
            "INSERT INTO notifications (id, event_seq, user_id, kind, channel, created_at, mail_state, mail_next_at, mail_outbox_id) \
             VALUES {} ON CONFLICT (event_seq, user_id) DO NOTHING",
            rows.join(", ")
        );
        q.query(&sql).execute(&mut *conn).await?;
    }
    Ok(())
}

/// The event's row; on PostgreSQL its NOTIFY in the same statement (delivered at the
/// commit, like the rows).
async fn insert_event(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    e: &Event,
) -> Result<i64, sqlx::Error> {
    const INSERT: &str =
        "INSERT INTO events (kind, company_code, zones, subject, actor_id, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING seq";
    let pg = state.db.dialect == Dialect::Postgres;
    let with_notify;
    let sql = if pg {
        with_notify =
            format!("WITH e AS ({INSERT}) SELECT e.seq FROM e, (SELECT 1 AS told FROM pg_notify($8, (SELECT seq::text FROM e))) n");
        with_notify.as_str()
    } else {
        INSERT
    };
    let mut q = sqlx::query_scalar(sql)
        .bind(e.kind)
        .bind(&e.company)
        .bind(serde_json::to_string(&e.zones).unwrap_or_else(|_| "[]".into()))
        .bind(&e.subject)
        .bind(e.actor.clone())
        .bind(e.data.to_string())
        .bind(now);
    if pg {
        q = q.bind(PG_CHANNEL);
    }
    q.fetch_one(&mut *conn).await
}

/// The work notifications asked for is done (a review stage judged by anyone of it, the
/// document rejected, deployed or withdrawn): every notification of the events of `kind`
/// about `subject` (those whose `data.stage` is `stage`, when given) is marked read for
/// everyone it went to, and a mail not yet sent is not sent. Answers how many changed.
pub async fn settle(
    conn: &mut AnyConnection,
    now: i64,
    kind: &str,
    subject: &str,
    stage: Option<&str>,
) -> AppResult<u64> {
    let events: Vec<(i64, String)> =
        sqlx::query_as("SELECT seq, data FROM events WHERE subject = $1 AND kind = $2")
            .bind(subject)
            .bind(kind)
            .fetch_all(&mut *conn)
            .await?;
    let of_stage = |data: &str| {
        let v: serde_json::Value = serde_json::from_str(data).unwrap_or_default();
        stage.is_none_or(|s| v.get("stage").and_then(serde_json::Value::as_str) == Some(s))
    };
    let seqs: Vec<i64> =
        events.into_iter().filter(|(_, d)| of_stage(d)).map(|(seq, _)| seq).collect();
    let mut changed = 0;
    for chunk in seqs.chunks(500) {
        let mut q = Params::default();
        let at = q.add(now);
        let list = chunk.iter().map(|s| q.add(*s)).collect::<Vec<_>>().join(", ");
        let sql = format!(
            "UPDATE notifications SET read_at = COALESCE(read_at, {at}), \
             mail_state = CASE WHEN mail_state IN ('due', 'digest') THEN 'none' ELSE mail_state END \
             WHERE event_seq IN ({list}) AND (read_at IS NULL OR mail_state IN ('due', 'digest'))"
        );
        changed += q.query(&sql).execute(&mut *conn).await?.rows_affected();
    }
    Ok(changed)
}
