//! Serving: the HTTP app and the enabled modules' background tasks under one shutdown
//! signal. On the signal the listener stops accepting, requests in flight get
//! `server.shutdown_grace_secs` to finish, then the tasks are stopped (same grace) and
//! `run` returns.
//!
//! The accept loop is axum::serve's, written out so hyper's HTTP/1 limits can be set:
//! hyper answers a head it refuses (too many header lines, a URI over 64 KiB) itself,
//! with an empty text answer, before the app sees the request. Its limits are set above
//! the app's own (`http::guard`: 414 and 431 in the JSON shape), so a real client meets
//! the app's answer (docs/security.md). hyper's header timer closes a connection whose
//! head does not arrive within `server.header_read_timeout_secs` of its waiting for one,
//! a kept-alive idle one too; the open connections are capped (`app::conns`).
use std::future::Future;
use std::time::Duration;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::app::conns::{Admit, Conns};
use crate::app::tasks::Tasks;
use crate::app::AppState;

/// Header lines hyper reads before answering 431 itself (its default is 100, the app's
/// limit `guard::MAX_HEADERS`). Above 100 hyper keeps the parse table on the heap
/// (256 × 64 bytes per request head).
const HYPER_MAX_HEADERS: usize = 256;

pub async fn run<F>(state: AppState, listener: TcpListener, signal: F) -> anyhow::Result<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let tasks = Tasks::start(&state);
    let (router, _) = crate::app::http::router(state.clone());
    let grace = Duration::from_secs(state.settings.server.shutdown_grace_secs);
    let header_timeout = Duration::from_secs(state.settings.server.header_read_timeout_secs);
    let conns =
        Conns::new(state.settings.server.max_connections, crate::app::conns::open_files_limit());
    tracing::info!(
        max_connections = conns.cap(),
        header_read_timeout_secs = header_timeout.as_secs(),
        "connection limits"
    );
    let (tx, mut rx) = watch::channel(false);
    let mut rx2 = rx.clone();
    let live = state.clone();
    tokio::spawn(async move {
        signal.await;
        // Open event streams end now; they would hold their connections for the grace.
        live.live.close();
        tracing::info!("shutting down: no new connections; finishing requests in flight");
        let _ = tx.send(true);
    });
    // Each connection holds a receiver; all dropped = every connection closed.
    let (open_tx, open_rx) = watch::channel(());
    let server = async move {
        loop {
            let (stream, addr) = tokio::select! {
                _ = async { rx.wait_for(|s| *s).await.is_ok() } => break,
                accepted = listener.accept() => match accepted {
                    Ok(conn) => conn,
                    Err(e) => {
                        accept_error(e).await;
                        continue;
                    }
                },
            };
            let guard = match conns.admit() {
                Admit::Serve(g) => g,
                // Closed at once (dropped), never queued: see `app::conns`.
                Admit::Refuse => continue,
            };
            let io = TokioIo::new(conns.track(stream, &guard));
            let svc = router.clone().map_request(move |req: axum::http::Request<Incoming>| {
                let mut req = req.map(axum::body::Body::new);
                req.extensions_mut().insert(ConnectInfo(addr));
                req
            });
            let (mut stop, open) = (rx.clone(), open_rx.clone());
            tokio::spawn(async move {
                let mut http = hyper::server::conn::http1::Builder::new();
                http.max_headers(HYPER_MAX_HEADERS)
                    .timer(TokioTimer::new())
                    .header_read_timeout(header_timeout);
                let conn = http.serve_connection(io, TowerToHyperService::new(svc)).with_upgrades();
                tokio::pin!(conn);
                tokio::select! {
                    r = conn.as_mut() => {
                        if let Err(e) = r {
                            tracing::trace!(error = %e, "connection ended");
                        }
                    }
                    // Closed to make room at the cap: dropped, not answered.
                    _ = guard.conn.evicted.notified() => {}
                    _ = async { stop.wait_for(|s| *s).await.is_ok() } => {
                        conn.as_mut().graceful_shutdown();
                        if let Err(e) = conn.await {
                            tracing::trace!(error = %e, "connection ended");
                        }
                    }
                }
                drop(open);
                drop(guard);
            });
        }
        drop(open_rx);
        drop(listener);
        open_tx.closed().await;
    };
    let overdue = async move {
        let _ = rx2.wait_for(|s| *s).await;
        tokio::time::sleep(grace).await;
    };
    tokio::select! {
        _ = server => {}
        _ = overdue => tracing::warn!(grace_secs = grace.as_secs(), "requests still running after the grace period; closed"),
    }
    let aborted = tasks.stop(grace).await;
    tracing::info!(aborted, "stopped");
    Ok(())
}

/// As axum::serve: a connection reset before accept is nothing; anything else (no file
/// descriptors left) is logged and the loop waits a second.
async fn accept_error(e: std::io::Error) {
    use std::io::ErrorKind::*;
    if matches!(e.kind(), ConnectionRefused | ConnectionAborted | ConnectionReset) {
        return;
    }
    tracing::error!(error = %e, "accept error");
    tokio::time::sleep(Duration::from_secs(1)).await;
}
