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

/// Runs `work` every `period` (first run after one period) until shutdown.
pub async fn every<F, Fut>(state: AppState, mut stop: Shutdown, period: Duration, mut work: F)
where
    F: FnMut(AppState) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stop.wait() => return,
            _ = tick.tick() => work(state.clone()).await,
        }
    }
}

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
        for m in state.modules.iter().filter(|m| m.enabled) {
            let tasks = std::mem::take(&mut *m.built.tasks.lock().unwrap_or_else(|p| p.into_inner()));
            for t in tasks {
                tracing::info!(task = %t.name, "background task started");
                names.push(t.name.clone());
                set.spawn((t.run)(state.clone(), Shutdown(rx.clone())));
            }
        }
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
