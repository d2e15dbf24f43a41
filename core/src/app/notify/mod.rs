//! Notifications (issue 27): every event emitted (`AppState::emit`) is written to the
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

use sqlx::AnyConnection;

use crate::app::AppState;
use crate::data::db::Dialect;
use crate::error::AppResult;
use crate::events::{Channel, Event, EventKind};
use crate::plant::{users, zones};

pub mod live;
pub mod mail;
pub mod routes;

/// The PostgreSQL channel an emit notifies (delivered at the commit).
pub const PG_CHANNEL: &str = "plantdoc_events";

pub use crate::base::config::NotifySettings;

/// The kind as declared, or (a kind undeclared in a release build) the bell.
pub fn kind_of(state: &AppState, id: &str) -> EventKind {
    state.event_kind(id).unwrap_or(EventKind::new("", ""))
}

/// How `user` is told of `kind`: their choice, else the kind's default (a personal
/// kind: always by mail).
pub async fn channel_for(conn: &mut AnyConnection, user: &str, kind: &EventKind) -> Result<Channel, sqlx::Error> {
    if kind.personal {
        return Ok(Channel::Email);
    }
    let chosen: Option<String> = sqlx::query_scalar("SELECT channel FROM notification_prefs WHERE user_id = $1 AND kind = $2")
        .bind(user)
        .bind(kind.id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(chosen.as_deref().and_then(Channel::parse).unwrap_or(kind.default))
}

/// Whether a user of `company` with `user_zones` may see an event of `company` in
/// `event_zones` (none: the whole company).
pub fn may_see(state: &AppState, company: &str, user_zones: &[String], event_company: &str, event_zones: &[String]) -> bool {
    company == event_company
        && (event_zones.is_empty() || state.zones.covers_company(company, user_zones) || zones::overlap(user_zones, event_zones))
}

/// Writes the event and its notifications on the act's connection (see the module doc).
/// Recipients are told at most once, never the actor, never about another company, and
/// (but for owners) never about zones they do not see. A personal kind tells its owners
/// only (the actor too: a person may act on their own account), each by its mail,
/// written here to the mail outbox (`mail_outbox_id`) for the mail task to send.
pub async fn record(state: &AppState, conn: &mut AnyConnection, now: i64, e: &Event) -> AppResult<()> {
    let seq: i64 = sqlx::query_scalar(
        "INSERT INTO events (kind, company_code, zones, subject, actor_id, data, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING seq",
    )
    .bind(e.kind)
    .bind(&e.company)
    .bind(serde_json::to_string(&e.zones).unwrap_or_else(|_| "[]".into()))
    .bind(&e.subject)
    .bind(e.actor.clone())
    .bind(e.data.to_string())
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    let kind = kind_of(state, e.kind);
    debug_assert!(!kind.personal || (e.to.is_empty() && e.mail.is_some()), "a personal event names its owners and carries its mail");
    let mut told = BTreeSet::new();
    let owners = e.owners.iter().map(|u| (u, true));
    let audience = e.to.iter().filter(|_| !kind.personal).map(|u| (u, false));
    for (id, owner) in owners.chain(audience) {
        if (e.actor.as_ref() == Some(id) && !kind.personal) || told.contains(id) {
            continue;
        }
        let Some(u) = users::find_by_id(conn, id).await? else { continue };
        let zones_ok = owner || may_see(state, &u.company_code, &u.zones, &e.company, &e.zones);
        if u.disabled || u.company_code != e.company || !zones_ok {
            continue;
        }
        let channel = channel_for(conn, id, &kind).await?;
        let mail_state = match channel {
            Channel::Off => continue,
            Channel::Bell => "none",
            Channel::Email => "due",
            Channel::Digest => "digest",
        };
        let outbox_id = match (&e.mail, kind.personal) {
            (Some(m), true) => Some(state.mail.queue(&mut *conn, now, &u.email, &m.subject, &m.text).await?),
            _ => None,
        };
        sqlx::query(
            "INSERT INTO notifications (id, event_seq, user_id, kind, channel, created_at, mail_state, mail_next_at, mail_outbox_id) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $8) ON CONFLICT (event_seq, user_id) DO NOTHING",
        )
        .bind(crate::data::db::new_id())
        .bind(seq)
        .bind(id)
        .bind(e.kind)
        .bind(channel.as_str())
        .bind(now)
        .bind(mail_state)
        .bind(outbox_id)
        .execute(&mut *conn)
        .await?;
        told.insert(id.clone());
    }
    if state.db.dialect == Dialect::Postgres {
        sqlx::query("SELECT 1 AS told FROM pg_notify($1, $2)").bind(PG_CHANNEL).bind(seq.to_string()).execute(&mut *conn).await?;
    }
    Ok(())
}
