//! Live updates: `GET /api/events`, Server-Sent Events. One pump per instance reads the
//! outbox after its last event (PostgreSQL: woken by `LISTEN/NOTIFY` at each commit,
//! polling besides; SQLite, one instance: polling every `poll_ms`) and broadcasts each
//! event once to this instance's open streams, which pass on what their user may see
//! (`audience`). A stream resumes after `Last-Event-ID` from the outbox, and ends within
//! `session.recheck_ms` of its session ending (`streams`), after [`STREAM_TTL`] (the
//! browser reconnects at once), at shutdown, or when it lags. One user, and one address,
//! hold a few streams at most (`streams`).
use std::collections::{BTreeSet, VecDeque};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures::Stream;
use serde_json::Value;
use sqlx::Row;
use tokio::sync::{broadcast, watch};

use super::audience::Viewer;
use super::streams::{Refused, StreamGuard, Streams};
use crate::app::auth::session::ClientIp;
use crate::app::auth::CurrentUser;
use crate::app::tasks::Shutdown;
use crate::app::AppState;
use crate::data::db::Dialect;
use crate::error::{AppError, AppResult, FieldErrors};

/// A stream ends after this long; the browser reconnects with its Last-Event-ID.
pub const STREAM_TTL: Duration = Duration::from_secs(300);
/// Events a reconnecting stream catches up on at most (older ones: reload the page).
const REPLAY_MAX: i64 = 1000;
/// PostgreSQL assigns `seq` at insert but commits in any order: the pump re-reads this
/// many events below its last one, so one committed late is still sent (once).
const PG_LOOKBACK: i64 = 64;

/// One event as the streams see it.
#[derive(Debug)]
pub struct Pushed {
    pub seq: i64,
    pub kind: String,
    pub company: String,
    pub zones: Vec<String>,
    pub subject: String,
    pub data: Value,
    /// Users with a notification of it (their bell count changes).
    pub recipients: Vec<String>,
    /// A personal kind's: only its recipients see it.
    pub personal: bool,
    /// A floor kind's: operators' streams carry it.
    pub floor: bool,
}

/// This instance's open streams: a broadcast of the outbox, the shutdown switch, and
/// the table of who holds which stream.
pub struct Live {
    pub tx: broadcast::Sender<Arc<Pushed>>,
    closing: watch::Sender<bool>,
    pub streams: Arc<Streams>,
}

impl Default for Live {
    fn default() -> Self {
        Self {
            tx: broadcast::channel(1024).0,
            closing: watch::channel(false).0,
            streams: Default::default(),
        }
    }
}

impl Live {
    /// Ends every open stream (shutdown: connections would otherwise wait out the grace).
    pub fn close(&self) {
        let _ = self.closing.send(true);
    }
}

async fn read_after(
    state: &AppState,
    after: i64,
    company: Option<&str>,
    limit: i64,
) -> Result<Vec<Pushed>, sqlx::Error> {
    let by_company = if company.is_some() { " AND company_code = $3" } else { "" };
    let rows = sqlx::query(&format!(
        "SELECT seq, kind, company_code, zones, subject, data FROM events WHERE seq > $1{by_company} ORDER BY seq LIMIT $2"
    ))
    .bind(after)
    .bind(limit)
    .bind(company.unwrap_or_default())
    .fetch_all(&state.db.pool)
    .await?;
    let mut out: Vec<Pushed> = Vec::with_capacity(rows.len());
    for r in rows {
        let kind: String = r.try_get("kind")?;
        let declared = state.event_kind(&kind);
        out.push(Pushed {
            seq: r.try_get("seq")?,
            personal: declared.is_some_and(|k| k.personal),
            floor: declared.is_some_and(|k| k.floor),
            kind,
            company: r.try_get("company_code")?,
            zones: serde_json::from_str(&r.try_get::<String, _>("zones")?).unwrap_or_default(),
            subject: r.try_get("subject")?,
            data: serde_json::from_str(&r.try_get::<String, _>("data")?).unwrap_or(Value::Null),
            recipients: Vec::new(),
        });
    }
    if let (Some(lo), Some(hi)) = (out.first().map(|p| p.seq), out.last().map(|p| p.seq)) {
        let rows = sqlx::query("SELECT event_seq, user_id FROM notifications WHERE event_seq >= $1 AND event_seq <= $2")
            .bind(lo)
            .bind(hi)
            .fetch_all(&state.db.pool)
            .await?;
        for r in rows {
            let seq: i64 = r.try_get("event_seq")?;
            if let Some(p) = out.iter_mut().find(|p| p.seq == seq) {
                p.recipients.push(r.try_get("user_id")?);
            }
        }
    }
    Ok(out)
}

async fn last_seq(state: &AppState) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar::<_, Option<i64>>("SELECT MAX(seq) FROM events")
        .fetch_one(&state.db.pool)
        .await
        .map(Option::unwrap_or_default)
}

/// The pump: every instance runs one (not lease-held: each has its own streams).
pub async fn pump(state: AppState, mut stop: Shutdown) {
    let poll = Duration::from_millis(state.settings.notifications.poll_ms.max(10));
    let mut last = loop {
        match last_seq(&state).await {
            Ok(n) => break n,
            Err(e) => tracing::warn!(error = %e, "event pump cannot read the outbox; retrying"),
        }
        tokio::select! { _ = stop.wait() => return, _ = tokio::time::sleep(Duration::from_secs(1)) => {} }
    };
    let pg = state.db.dialect == Dialect::Postgres;
    let mut listener = if pg { listen(&state).await } else { None };
    let mut seen: BTreeSet<i64> = BTreeSet::new();
    loop {
        tokio::select! {
            _ = stop.wait() => return,
            _ = wake(&mut listener, if pg { poll * 4 } else { poll }) => {}
        }
        let from = if pg { last - PG_LOOKBACK } else { last };
        match read_after(&state, from, None, 500).await {
            Ok(events) => {
                for p in events {
                    last = last.max(p.seq);
                    if seen.insert(p.seq) {
                        let _ = state.live.tx.send(Arc::new(p));
                    }
                }
                seen = seen.split_off(&(last - PG_LOOKBACK));
            }
            Err(e) => tracing::warn!(error = %e, "event pump cannot read the outbox"),
        }
    }
}

async fn listen(state: &AppState) -> Option<sqlx::postgres::PgListener> {
    let mut l = match sqlx::postgres::PgListener::connect(&state.settings.database.url).await {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!(error = %e, "LISTEN connection failed; live updates poll the outbox");
            return None;
        }
    };
    match l.listen(super::PG_CHANNEL).await {
        Ok(()) => Some(l),
        Err(e) => {
            tracing::warn!(error = %e, "LISTEN failed; live updates poll the outbox");
            None
        }
    }
}

/// Until a NOTIFY arrives (then a moment more, so a burst is read once) or `poll` passes.
async fn wake(listener: &mut Option<sqlx::postgres::PgListener>, poll: Duration) {
    match listener {
        Some(l) => match tokio::time::timeout(poll, l.recv()).await {
            Ok(Ok(_)) => tokio::time::sleep(Duration::from_millis(20)).await,
            Ok(Err(_)) => tokio::time::sleep(poll).await,
            Err(_) => {}
        },
        None => tokio::time::sleep(poll).await,
    }
}

struct Open {
    viewer: Viewer,
    guard: StreamGuard,
    queue: VecDeque<SseEvent>,
    rx: broadcast::Receiver<Arc<Pushed>>,
    closing: watch::Receiver<bool>,
    replayed_to: i64,
    until: tokio::time::Instant,
}

/// `GET /api/events`: first a `ready` event whose id is where the stream starts, then
/// the missed events after `Last-Event-ID` (or `?after=`), then each new one.
pub async fn stream(
    State(state): State<AppState>,
    user: CurrentUser,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    axum::extract::Query(q): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> AppResult<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>> {
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .or(q.get("after").map(String::as_str))
        .and_then(|s| s.parse::<i64>().ok());
    let guard = state.live.streams.open(&state, &user, &user.session_hash, ip).map_err(|why| {
        let whose = match why {
            Refused::User => "user",
            Refused::Address => "address",
        };
        tracing::info!(user = %user.id, %ip, whose, "event stream refused: too many open");
        AppError::TooManyRequests { retry_after_secs: 60, fields: FieldErrors::new() }
    })?;
    let rx = state.live.tx.subscribe();
    let viewer = Viewer::of(&user, state.zones.covers_company(&user.company_code, &user.zones));
    let mut queue = VecDeque::new();
    let mut at = last_seq(&state).await?;
    if let Some(from) = resume.filter(|n| *n >= 0 && *n < at) {
        let missed =
            read_after(&state, from.max(at - REPLAY_MAX), Some(&viewer.company), REPLAY_MAX)
                .await?;
        at = missed.last().map(|p| p.seq).unwrap_or(at).max(at);
        queue.extend(missed.iter().filter(|p| viewer.sees(p)).map(|p| viewer.message(p)));
    }
    queue.push_front(
        SseEvent::default()
            .event("ready")
            .id(at.to_string())
            .retry(Duration::from_millis(1000))
            .data("{}"),
    );
    let open = Open {
        viewer,
        guard,
        queue,
        rx,
        closing: state.live.closing.subscribe(),
        replayed_to: at,
        until: tokio::time::Instant::now() + STREAM_TTL,
    };
    let s = futures::stream::unfold(open, |mut o| async move {
        if let Some(e) = o.queue.pop_front() {
            return Some((Ok(e), o));
        }
        loop {
            let got = tokio::select! {
                _ = o.closing.wait_for(|c| *c) => None,
                _ = o.guard.end.notified() => None,
                _ = tokio::time::sleep_until(o.until) => None,
                // Behind the broadcast (an error): end; the browser resumes from the outbox.
                r = o.rx.recv() => Some(r.ok()),
            };
            match got {
                None | Some(None) => return None,
                Some(Some(p)) if p.seq > o.replayed_to && o.viewer.sees(&p) => {
                    let e = o.viewer.message(&p);
                    return Some((Ok(e), o));
                }
                Some(Some(_)) => {}
            }
        }
    });
    let keepalive = Duration::from_secs(state.settings.notifications.keepalive_secs.max(1));
    Ok(Sse::new(s).keep_alive(KeepAlive::new().interval(keepalive)))
}
