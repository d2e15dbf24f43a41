//! Serving: the HTTP app and the enabled modules' background tasks under one shutdown
//! signal. On the signal the listener stops accepting, requests in flight get
//! `server.shutdown_grace_secs` to finish, then the tasks are stopped (same grace) and
//! `run` returns.
use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::AppState;
use crate::tasks::Tasks;

pub async fn run<F>(state: AppState, listener: TcpListener, signal: F) -> anyhow::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let tasks = Tasks::start(&state);
    let (router, _) = crate::http::router(state.clone());
    let grace = Duration::from_secs(state.settings.server.shutdown_grace_secs);
    let (tx, mut rx) = watch::channel(false);
    let mut rx2 = rx.clone();
    tokio::spawn(async move {
        signal.await;
        tracing::info!("shutting down: no new connections; finishing requests in flight");
        let _ = tx.send(true);
    });
    let server = axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(async move {
            let _ = rx.wait_for(|s| *s).await;
        })
        .into_future();
    let overdue = async move {
        let _ = rx2.wait_for(|s| *s).await;
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        r = server => r?,
        _ = overdue => tracing::warn!(grace_secs = grace.as_secs(), "requests still running after the grace period; closed"),
    }
    let aborted = tasks.stop(grace).await;
    tracing::info!(aborted, "stopped");
    Ok(())
}
