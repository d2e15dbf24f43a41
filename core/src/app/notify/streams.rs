//! This instance's open event streams: how many one user or one address holds (the
//! next past `notifications.max_streams_per_user` / `max_streams_per_address` is
//! refused), and the watch that ends a stream whose session has ended.
//!
//! A request is refused within `session.recheck_ms` of its session ending (decision
//! 35); a stream is ended as soon: every half of that the watch reads the session
//! counter (`change_counters` 'auth', moved in the same transaction as any ended session
//! or changed user row), and when it has moved — or a stream opened, or a session's
//! idle or absolute limit passed — reads every open stream's session in one statement.
//! A stream whose session is gone or expired ends; so does one whose user changed in
//! what decides what it carries (`Viewer::key`): the browser reconnects as who they are.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::Row;
use tokio::sync::Notify;

use super::audience::Viewer;
use crate::app::tasks::Shutdown;
use crate::app::AppState;
use crate::auth::users::{User, USER_COLUMNS};
use crate::data::db::Params;

struct Entry {
    user: String,
    ip: IpAddr,
    session: String,
    key: String,
    /// When its session ends unless seen again (app clock, ms); checked again then.
    ends_at: i64,
    end: Arc<Notify>,
}

#[derive(Default)]
pub struct Streams {
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    next: u64,
    streams: HashMap<u64, Entry>,
    /// A stream opened since the watch last read the sessions.
    added: bool,
}

/// Why a stream was not opened.
pub enum Refused {
    User,
    Address,
}

/// An open stream's place in the table; dropping it (the stream ends, the browser
/// goes) frees it.
pub struct StreamGuard {
    streams: Arc<Streams>,
    id: u64,
    /// Notified when the stream must end (its session ended).
    pub end: Arc<Notify>,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        self.streams.lock().streams.remove(&self.id);
    }
}

impl Streams {
    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Opens a stream for `user`'s session from `ip`, unless they hold their share.
    pub fn open(
        self: &Arc<Self>,
        state: &AppState,
        user: &User,
        session: &str,
        ip: IpAddr,
    ) -> Result<StreamGuard, Refused> {
        let n = &state.settings.notifications;
        let mut o = self.lock();
        if o.streams.values().filter(|e| e.user == user.id).count() >= n.max_streams_per_user {
            return Err(Refused::User);
        }
        if n.max_streams_per_address > 0
            && o.streams.values().filter(|e| e.ip == ip).count() >= n.max_streams_per_address
        {
            return Err(Refused::Address);
        }
        o.next += 1;
        let id = o.next;
        let end = Arc::new(Notify::new());
        let entry = Entry {
            user: user.id.clone(),
            ip,
            session: session.to_string(),
            key: Viewer::key(user),
            ends_at: i64::MAX,
            end: end.clone(),
        };
        o.streams.insert(id, entry);
        o.added = true;
        Ok(StreamGuard { streams: self.clone(), id, end })
    }

    pub fn len(&self) -> usize {
        self.lock().streams.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The watch (one per instance, beside the pump).
pub async fn watch_sessions(state: AppState, mut stop: Shutdown) {
    let every = Duration::from_millis((state.settings.session.recheck_ms / 2).clamp(10, 500));
    let mut epoch: Option<i64> = None;
    let mut failed = false;
    loop {
        // After a failed read (the database down), once a second: one WARN line each.
        let wait = if std::mem::take(&mut failed) { Duration::from_secs(1) } else { every };
        tokio::select! {
            _ = stop.wait() => return,
            _ = tokio::time::sleep(wait) => {}
        }
        let streams = &state.live.streams;
        if streams.is_empty() {
            continue;
        }
        let now = state.now_ms();
        let now_epoch =
            match sqlx::query_scalar::<_, i64>("SELECT n FROM change_counters WHERE name = 'auth'")
                .fetch_one(&state.db.pool)
                .await
            {
                Ok(n) => Some(n),
                Err(e) => {
                    tracing::warn!(error = %e, "event streams: cannot read the session counter");
                    failed = true;
                    continue;
                }
            };
        let due = {
            let mut o = streams.lock();
            let due = std::mem::take(&mut o.added) || o.streams.values().any(|e| e.ends_at <= now);
            due || now_epoch != epoch
        };
        if !due {
            continue;
        }
        match recheck(&state, now).await {
            Ok(()) => epoch = now_epoch,
            Err(e) => {
                // Read again next time.
                streams.lock().added = true;
                failed = true;
                tracing::warn!(error = %e, "event streams: cannot read their sessions");
            }
        }
    }
}

/// Reads every open stream's session; ends those whose session is gone, expired, or
/// whose user changed in what decides what the stream carries.
async fn recheck(state: &AppState, now: i64) -> Result<(), sqlx::Error> {
    let sessions: Vec<String> = {
        let o = state.live.streams.lock();
        let mut s: Vec<String> = o.streams.values().map(|e| e.session.clone()).collect();
        s.sort();
        s.dedup();
        s
    };
    let mut found: HashMap<String, (String, i64)> = HashMap::new();
    let cols = USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ");
    for chunk in sessions.chunks(500) {
        let mut q = Params::default();
        let list = q.list(chunk.iter().cloned());
        let sql = format!(
            "SELECT s.id_hash AS s_hash, s.created_at AS s_created, s.last_seen AS s_seen, {cols} \
             FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash IN ({list})"
        );
        for r in q.query(&sql).fetch_all(&state.db.pool).await? {
            let user = User::from_row(&r)?;
            let ends_at = crate::app::auth::session::ends_at(
                state,
                &user,
                r.try_get("s_created")?,
                r.try_get("s_seen")?,
            );
            if !user.disabled {
                found.insert(r.try_get("s_hash")?, (Viewer::key(&user), ends_at));
            }
        }
    }
    let mut o = state.live.streams.lock();
    // Streams opened meanwhile are read next time (`added`).
    for e in o.streams.values_mut().filter(|e| sessions.binary_search(&e.session).is_ok()) {
        match found.get(&e.session) {
            Some((key, ends_at)) if *key == e.key && *ends_at >= now => e.ends_at = *ends_at,
            _ => {
                e.ends_at = i64::MAX;
                e.end.notify_one();
            }
        }
    }
    Ok(())
}
