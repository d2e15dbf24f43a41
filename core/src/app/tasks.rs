//! Background tasks of the enabled modules, run under one shutdown signal.
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::app::AppState;

/// The shutdown signal as a task sees it.
#[derive(Clone)]
pub struct Shutdown(watch::Receiver<bool>);

impl Shutdown {
    /// Completes once shutdown has begun.
    pub async fn wait(&mut self) {
        let _ = self.0.wait_for(|stop| *stop).await;
    }
    pub fn is_set(&self) -> bool {
        *self.0.borrow()
    }
}

/// Runs `work` every `period` (first run after one period) until shutdown. Started by
/// [`Tasks::start`], each tick runs only where the task's lease is taken: once across
/// every instance sharing the database (see [`take_lease`]).
pub async fn every<F, Fut>(state: AppState, mut stop: Shutdown, period: Duration, mut work: F)
where
    F: FnMut(AppState) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let lease = LEASE.try_with(Clone::clone).ok();
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stop.wait() => return,
            _ = tick.tick() => {
                if let Some((name, holder)) = &lease {
                    match take_lease(&state.db, name, holder, period).await {
                        Ok(true) => {}
                        Ok(false) => continue,
                        Err(e) => {
                            tracing::warn!(task = %name, error = %e, "cannot take the task lease; tick skipped");
                            continue;
                        }
                    }
                }
                work(state.clone()).await
            }
        }
    }
}

tokio::task_local! {
    /// The running task's lease name (`module/task`) and this instance's holder id.
    static LEASE: (String, String);
}

/// Takes (or renews) the lease of `name` for `holder` for 90 % of `period`: true when
/// this holder may run the tick. One statement, so two instances never both win; wall
/// clock milliseconds, as the instances share no other clock.
pub async fn take_lease(
    db: &crate::data::db::Db,
    name: &str,
    holder: &str,
    period: Duration,
) -> Result<bool, sqlx::Error> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_millis() as i64;
    let until = now + (period.as_millis() as i64 * 9 / 10).max(1);
    let r = sqlx::query(
        "INSERT INTO task_leases (name, holder, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
         WHERE task_leases.expires_at <= $4 OR task_leases.holder = excluded.holder",
    )
    .bind(name)
    .bind(holder)
    .bind(until)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// How often an instance re-reads the module switches.
pub const SWITCH_REFRESH: Duration = Duration::from_secs(5);

/// Orphan blobs and temporary files left by a process killed mid-upload go without a
/// hand-run `storage check --fix`: once at start (every instance: the age rule makes it
/// safe beside others), then every `storage.sweep_secs` under a lease (once across
/// instances).
async fn storage_sweep(state: AppState, stop: Shutdown, holder: String) {
    let s = &state.settings.storage;
    if s.sweep_secs == 0 {
        return;
    }
    let (period, min_age) =
        (Duration::from_secs(s.sweep_secs), Duration::from_secs(s.sweep_min_age_secs));
    sweep_once(&state, min_age).await;
    let periodic =
        every(state, stop, period, move |state| async move { sweep_once(&state, min_age).await });
    LEASE.scope(("core/storage-sweep".to_string(), holder), periodic).await
}

async fn sweep_once(state: &AppState, min_age: Duration) {
    match state.storage.sweep_orphans(&state.db, min_age).await {
        Ok(r) if r.removed + r.temp_removed > 0 => {
            tracing::info!(
                orphan_blobs = r.removed,
                temporary_files = r.temp_removed,
                "storage sweep removed leftovers of interrupted uploads"
            )
        }
        Ok(_) => {}
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "storage sweep failed; it runs again at the next period")
        }
    }
}

/// How often due webhook deliveries are looked for.
const WEBHOOKS_EVERY: Duration = Duration::from_secs(1);

/// The running tasks and the switch that stops them.
pub struct Tasks {
    stop: watch::Sender<bool>,
    set: JoinSet<()>,
    pub names: Vec<String>,
}

impl Tasks {
    /// Starts every task the enabled modules declared (each at most once per state).
    pub fn start(state: &AppState) -> Tasks {
        let (stop, rx) = watch::channel(false);
        let mut set = JoinSet::new();
        let mut names = Vec::new();
        // One holder id per running instance (two states in one process are two instances).
        let holder = uuid::Uuid::new_v4().simple().to_string();
        for m in state.modules.iter().filter(|m| m.enabled) {
            let tasks =
                std::mem::take(&mut *m.built.tasks.lock().unwrap_or_else(|p| p.into_inner()));
            for t in tasks {
                tracing::info!(task = %t.name, "background task started");
                names.push(t.name.clone());
                let lease = (format!("{}/{}", m.manifest.id, t.name), holder.clone());
                set.spawn(LEASE.scope(lease, (t.run)(state.clone(), Shutdown(rx.clone()))));
            }
        }
        // Each instance keeps its module switches in step with the database (a switch made
        // through another instance). Not a lease-held task: every instance needs it.
        set.spawn(every(state.clone(), Shutdown(rx.clone()), SWITCH_REFRESH, |state| async move {
            crate::app::switches::refresh(&state).await
        }));
        set.spawn(storage_sweep(state.clone(), Shutdown(rx.clone()), holder));
        // Notifications: every instance feeds its own open streams, and mails what it
        // claims (a claim is a conditional UPDATE: one mail per event across instances).
        set.spawn(crate::notify::live::pump(state.clone(), Shutdown(rx.clone())));
        set.spawn(crate::notify::streams::watch_sessions(state.clone(), Shutdown(rx.clone())));
        let every_ms = Duration::from_millis(state.settings.notifications.mail_every_ms.max(10));
        set.spawn(every(state.clone(), Shutdown(rx.clone()), every_ms, |state| async move {
            if let Err(e) = crate::notify::mail::tick(&state).await {
                tracing::warn!(error = %format!("{e:#}"), "notification mail pass failed; it runs again");
            }
        }));
        // Webhooks: any instance sends what it claims (one send per delivery across them).
        set.spawn(every(state.clone(), Shutdown(rx.clone()), WEBHOOKS_EVERY, |state| async move {
            if let Err(e) = crate::app::webhooks::tick(&state).await {
                tracing::warn!(error = %e, "webhook delivery pass failed; it runs again");
            }
        }));
        Tasks { stop, set, names }
    }

    /// Signals shutdown and waits up to `grace` for every task to return; the rest are
    /// aborted. Returns how many had to be aborted.
    pub async fn stop(mut self, grace: Duration) -> usize {
        let _ = self.stop.send(true);
        let deadline = tokio::time::Instant::now() + grace;
        while !self.set.is_empty() {
            match tokio::time::timeout_at(deadline, self.set.join_next()).await {
                Ok(_) => {}
                Err(_) => {
                    let n = self.set.len();
                    tracing::warn!(tasks = n, "background tasks did not stop in time; aborted");
                    self.set.abort_all();
                    return n;
                }
            }
        }
        0
    }
}
