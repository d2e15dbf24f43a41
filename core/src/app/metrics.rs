//! `GET /metrics` for operations, in the OpenMetrics text format Prometheus scrapes:
//! requests and their latency by route template and status (counted by a route layer on
//! every API route), and what the plant's queues hold, read at the scrape (pool, mail,
//! outbox lag, PDF workers, event streams, sessions, sign records). One registry per app,
//! so two apps in one process (the tests) keep their own counts. Only from the addresses in
//! `[metrics] allow` (loopback by default) or with a token of scope `metrics`.
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use sqlx::Row;

use crate::app::api::{Access, ApiRouter, Scope};
use crate::app::auth::session::ClientIp;
use crate::app::auth::tokens;
use crate::app::AppState;
use crate::base::error::AppError;
use crate::text;

const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";
const REFUSED: &str =
    text!("Metrics are for the addresses in [metrics] allow, or a token with the metrics scope.");

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    method: String,
    route: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StateLabel {
    state: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: String,
}

type Histograms = Family<RouteLabels, Histogram, fn() -> Histogram>;

fn latency_histogram() -> Histogram {
    // 0.5 ms to ~4 s: the kiosk's reads sit at the low end, uploads at the high.
    Histogram::new(exponential_buckets(0.0005, 2.0, 14))
}

/// The app's registry and the metrics it fills.
pub struct Metrics {
    registry: Registry,
    requests: Family<RouteLabels, Counter>,
    latency: Histograms,
    pool: Family<StateLabel, Gauge>,
    pool_max: Gauge,
    mail: Family<StateLabel, Gauge>,
    outbox_lag: Gauge,
    pdf_busy: Gauge,
    pdf_max: Gauge,
    streams: Gauge,
    sessions: Gauge,
    signs: Family<KindLabel, Gauge>,
}

impl Default for Metrics {
    fn default() -> Self {
        let mut m = Metrics {
            registry: Registry::with_prefix("plantdoc"),
            requests: Family::default(),
            latency: Family::new_with_constructor(latency_histogram),
            pool: Family::default(),
            pool_max: Gauge::default(),
            mail: Family::default(),
            outbox_lag: Gauge::default(),
            pdf_busy: Gauge::default(),
            pdf_max: Gauge::default(),
            streams: Gauge::default(),
            sessions: Gauge::default(),
            signs: Family::default(),
        };
        let r = &mut m.registry;
        r.register(
            "http_requests",
            "API requests by route template and status",
            m.requests.clone(),
        );
        r.register(
            "http_request_duration_seconds",
            "API request latency by route template and status",
            m.latency.clone(),
        );
        r.register("db_pool_connections", "Database pool connections (idle, busy)", m.pool.clone());
        r.register("db_pool_max_connections", "Database pool size limit", m.pool_max.clone());
        r.register(
            "db_pool_wait_seconds",
            "Time to get a read connection or a write transaction (its wait on the pool)",
            crate::data::db::POOL_WAIT.clone(),
        );
        r.register(
            "mail_queue",
            "Notification mails waiting (due, digest, sending) and unsent outbox mails (outbox)",
            m.mail.clone(),
        );
        r.register(
            "outbox_lag_seconds",
            "How long the oldest due notification mail has waited past its time",
            m.outbox_lag.clone(),
        );
        r.register("pdf_workers_busy", "PDF worker processes running now", m.pdf_busy.clone());
        r.register("pdf_workers_max", "PDF worker budget", m.pdf_max.clone());
        r.register(
            "event_streams_open",
            "Open live event streams (/api/events) on this instance",
            m.streams.clone(),
        );
        r.register("sessions", "Sessions in the database (staff and kiosks)", m.sessions.clone());
        r.register(
            "sign_records",
            "Sign records (kiosk signatures) by document kind",
            m.signs.clone(),
        );
        m
    }
}

/// Route layer on every API route: counts the request and its latency under its route
/// template (never the path: ids would make a series each).
pub async fn track(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let route = req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_string());
    let method = req.method().as_str().to_string();
    let started = Instant::now();
    let resp = next.run(req).await;
    let labels = RouteLabels {
        method,
        route: route.unwrap_or_else(|| "unmatched".into()),
        status: resp.status().as_u16(),
    };
    let m = &state.metrics;
    m.requests.get_or_create(&labels).inc();
    m.latency.get_or_create(&labels).observe(started.elapsed().as_secs_f64());
    resp
}

pub fn routes() -> ApiRouter {
    ApiRouter::new("core")
        .route(
            Access::Public,
            axum::http::Method::GET,
            "/metrics",
            "Operations metrics (OpenMetrics text): from the [metrics] allow addresses, or a token with scope metrics",
            scrape,
        )
        .answers(&[401, 403, 429])
        .returns_content(CONTENT_TYPE, serde_json::json!({"type": "string"}))
}

async fn scrape(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
) -> Response {
    let allowed = match tokens::bearer(&headers) {
        Some(t) => tokens::check(&state, t, Some(Scope::Metrics)).await.map(|_| ()),
        None if state.settings.metrics.allows(ip) => Ok(()),
        None => Err(AppError::Forbidden(REFUSED.into())),
    };
    if let Err(e) = allowed {
        return e.into_response();
    }
    if let Err(e) = read_gauges(&state).await {
        return AppError::from(e).into_response();
    }
    let mut out = String::new();
    if prometheus_client::encoding::text::encode(&mut out, &state.metrics.registry).is_err() {
        return AppError::Internal(anyhow::anyhow!("metrics encoding")).into_response();
    }
    ([(header::CONTENT_TYPE, HeaderValue::from_static(CONTENT_TYPE))], out).into_response()
}

/// The gauges read at the scrape: each is one small query or a count in memory.
async fn read_gauges(state: &AppState) -> Result<(), sqlx::Error> {
    let m = &state.metrics;
    let pool = &state.db.pool;
    let (size, idle) = (i64::from(pool.size()), pool.num_idle() as i64);
    m.pool.get_or_create(&StateLabel { state: "idle".into() }).set(idle);
    m.pool.get_or_create(&StateLabel { state: "busy".into() }).set(size - idle);
    m.pool_max.set(i64::from(pool.options().get_max_connections()));
    m.pdf_busy.set(crate::documents::pdf::worker::busy() as i64);
    m.pdf_max.set(crate::documents::pdf::worker::WORKERS as i64);
    m.streams.set(state.live.streams.len() as i64);
    let now = state.now_ms();
    for s in ["due", "digest", "sending"] {
        m.mail.get_or_create(&StateLabel { state: s.into() }).set(0);
    }
    let rows = sqlx::query(
        "SELECT mail_state, COUNT(*) AS n FROM notifications WHERE mail_state IN ('due', 'digest', 'sending') GROUP BY mail_state",
    )
    .fetch_all(pool)
    .await?;
    for r in rows {
        let s: String = r.try_get("mail_state")?;
        m.mail.get_or_create(&StateLabel { state: s }).set(r.try_get("n")?);
    }
    let unsent: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND error IS NULL")
            .fetch_one(pool)
            .await?;
    m.mail.get_or_create(&StateLabel { state: "outbox".into() }).set(unsent);
    let oldest: Option<i64> = sqlx::query_scalar(
        "SELECT MIN(mail_next_at) FROM notifications WHERE mail_state = 'due' AND mail_next_at <= $1",
    )
    .bind(now)
    .fetch_one(pool)
    .await?;
    m.outbox_lag.set(oldest.map_or(0, |t| (now - t) / 1000));
    m.sessions.set(sqlx::query_scalar("SELECT COUNT(*) FROM sessions").fetch_one(pool).await?);
    let rows =
        sqlx::query("SELECT doc_kind, COUNT(*) AS n FROM acknowledgements GROUP BY doc_kind")
            .fetch_all(pool)
            .await?;
    for r in rows {
        let kind: String = r.try_get("doc_kind")?;
        m.signs.get_or_create(&KindLabel { kind }).set(r.try_get("n")?);
    }
    Ok(())
}
