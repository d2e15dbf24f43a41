//! The HTTP application: core routes, every enabled module's routes, the OpenAPI
//! description, static files (the shell with SPA fallback, each enabled module's remote
//! under /remotes/<id>/), and the layers (request ids, tracing, gzip, limits, CSRF).
use crate::text;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::trace::TraceLayer;

use crate::app::api::{self, Access, ApiRouter, RouteDoc};
use crate::app::auth::CurrentUser;
use crate::app::AppState;
use crate::base::error::AppResult;

pub mod guard;
pub mod lang;
pub mod schemas;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The core's own routes (single sign-on's only when `[auth.oidc]` is set).
fn core_routes(state: &AppState) -> ApiRouter {
    let api = ApiRouter::new("core")
        .route(Access::Public, Method::GET, "/healthz", "Liveness", healthz)
        .returns::<schemas::Status>()
        .route(Access::Public, Method::GET, "/readyz", "Readiness (database reachable)", readyz)
        .returns::<schemas::Status>()
        .route(
            Access::Public,
            Method::GET,
            "/api/i18n",
            "The plant's default language and the languages people choose ([i18n])",
            lang::plant,
        )
        .returns::<lang::PlantLanguages>()
        .route(
            Access::Console,
            Method::POST,
            "/api/modules/switch",
            "Plant administrators: switch a module on or off now {id, enabled}",
            switch_module,
        )
        .body::<SwitchBody>()
        .answers(&[404, 409])
        .returns::<schemas::Switched>()
        .tier(Access::Session)
        .get(
            "/api/modules",
            "Every known module: switch, release, sidebar entry, web remote",
            modules,
        )
        .returns::<schemas::Modules>()
        .get("/api/zones", "Zones of the signed-in user's company as value/label pairs", zones)
        .scoped(api::Scope::DocumentsRead)
        .returns::<Vec<crate::plant::zones::ZoneOption>>()
        .merge(crate::app::auth::routes::routes())
        .merge(crate::app::auth::token_routes::routes())
        .merge(crate::app::in_force::routes())
        .merge(crate::app::metrics::routes())
        .merge(crate::app::webhooks::routes::routes())
        .merge(crate::app::links::routes())
        .merge(crate::app::notify::routes::routes());
    match state.settings.auth.oidc {
        Some(_) => api.merge(crate::app::auth::oidc::routes()),
        None => api,
    }
}

/// Every route the app mounts for the modules enabled at start, with its documentation.
pub fn api_routes(state: &AppState) -> ApiRouter {
    let mut api = core_routes(state);
    for m in state.modules.iter().filter(|m| m.enabled) {
        if let Some(r) = &m.built.routes {
            api = api.merge(r.clone().switchable());
        }
    }
    api
}

pub fn router(state: AppState) -> (Router, Vec<RouteDoc>) {
    let (mut api_router, mut docs) = core_routes(&state).into_router(&state);
    // Every module's routes, each behind its run-time switch (404 while off).
    for m in state.modules.iter() {
        let Some(routes) = &m.built.routes else { continue };
        let (r, d) = routes.clone().switchable().into_router(&state);
        if d.is_empty() {
            continue;
        }
        api_router = api_router.merge(r.route_layer(axum::middleware::from_fn_with_state(
            (state.clone(), m.manifest.id.clone()),
            crate::app::switches::gate,
        )));
        docs.extend(d);
    }
    // Counted under their route templates (the fallbacks below are not routes).
    api_router = api_router.route_layer(axum::middleware::from_fn_with_state(
        state.clone(),
        crate::app::metrics::track,
    ));
    docs.push(RouteDoc {
        method: Method::GET,
        path: "/api/openapi.json".into(),
        summary: "This OpenAPI description".into(),
        tag: "core".into(),
        access: Access::Public,
        scope: None,
        spec: crate::app::openapi::OpSpec {
            ok: Some((
                "application/json".into(),
                json!({"type": "object", "required": ["openapi", "paths"]}),
            )),
            ..Default::default()
        },
    });
    let doc = api::openapi(&docs);
    let mut app: Router<AppState> = Router::new()
        .route("/api/openapi.json", get(move || std::future::ready(Json(doc.clone()))))
        .merge(api_router)
        // Unknown API paths (a disabled module's included) answer 404 in JSON, under both
        // prefixes modules may serve (`plugin::check_routes`), never the web shell.
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .route("/scim/{*rest}", axum::routing::any(api_not_found));

    let s = &state.settings.server;
    for m in state.modules.iter().filter(|m| m.manifest.remote) {
        let dir = s.remotes_dir.join(&m.manifest.id).join("dist");
        let remote = Router::new().nest_service(
            &format!("/remotes/{}", m.manifest.id),
            tower::ServiceBuilder::new()
                .map_response(vary_accept_encoding)
                .service(static_dir(dir)),
        );
        app = app.merge(remote.layer(axum::middleware::from_fn_with_state(
            (state.clone(), m.manifest.id.clone()),
            crate::app::switches::gate,
        )));
    }
    app = app.route("/remotes/{*rest}", axum::routing::any(api_not_found));
    let index = s.web_dir.join("index.html");
    let spa = static_dir(&s.web_dir)
        .fallback(ServeFile::new(index).precompressed_br().precompressed_gzip());
    let spa = tower::ServiceBuilder::new().map_response(vary_accept_encoding).service(spa);

    let body_limit = s.body_limit;
    let routes: Router = app.fallback_service(spa).with_state(state.clone());
    // The layers wrap the router once, as one tower stack (outermost first). Through
    // `Router::layer` each layer wrapped every route in a boxed service, and calling one
    // cloned the boxes of all the layers inside it: ~90 allocations per request.
    let stack = tower::ServiceBuilder::new()
        .layer(SetRequestIdLayer::new(REQUEST_ID, RequestIds))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|req: &Request| {
                    let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
                    tracing::info_span!("http", request_id = %id, method = %req.method(), path = %req.uri().path())
                })
                // One line per request, carrying the span's request id.
                .on_response(tower_http::trace::DefaultOnResponse::new().level(tracing::Level::INFO))
                .on_request(()),
        )
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(|_| {
            crate::base::error::AppError::Internal(anyhow::anyhow!("handler panicked")).into_response()
        }))
        .layer(CompressionLayer::new().gzip(true))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(state.clone(), lang::translate))
        .layer(axum::middleware::from_fn_with_state(
            guard::Front { methods: guard::method_probe(&docs), headers: guard::Headers::new(&state.settings), state },
            guard::front,
        ))
        .service(routes);
    let app = Router::new().fallback_service(stack);
    (app, docs)
}

/// Request ids shaped like UUIDs: this instance's random 64 bits, then a count. Unique
/// per instance without a call for randomness per request (a UUID v4 each asked the
/// kernel: a system call on every request).
#[derive(Clone, Default)]
struct RequestIds;

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        static INSTANCE: std::sync::LazyLock<u64> =
            std::sync::LazyLock::new(|| uuid::Uuid::new_v4().as_u64_pair().0);
        static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let (a, c) = (*INSTANCE, n & 0xffff_ffff_ffff);
        let id = format!(
            "{:08x}-{:04x}-{:04x}-{:04x}-{c:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0xffff,
            (n >> 48) & 0xffff
        );
        HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

/// A build folder: a file's `.br` / `.gz` sibling made at build time (`npm run build`
/// writes them) is served as is when the browser accepts it, instead of compressing on
/// the fly (brotli at its best level is ~20 % under gzip and too slow to do per request).
fn static_dir(dir: impl AsRef<std::path::Path>) -> ServeDir {
    ServeDir::new(dir).precompressed_br().precompressed_gzip()
}

/// The answer for a static file depends on Accept-Encoding (precompressed siblings): say so
/// to caches.
fn vary_accept_encoding<B>(mut resp: Response<B>) -> Response<B> {
    let has = resp
        .headers()
        .get_all(header::VARY)
        .iter()
        .any(|v| v.to_str().is_ok_and(|v| v.to_ascii_lowercase().contains("accept-encoding")));
    if !has {
        resp.headers_mut().append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    resp
}

async fn api_not_found() -> Response {
    (StatusCode::NOT_FOUND, Json(json!({"error": text!("Not found.")}))).into_response()
}

async fn healthz() -> Json<schemas::Status> {
    Json(schemas::Status { status: "ok".into() })
}

async fn readyz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(schemas::Status { status: "ready".into() }).into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "not ready: database unreachable");
            let status = schemas::Status { status: "database unavailable".into() };
            (StatusCode::SERVICE_UNAVAILABLE, Json(status)).into_response()
        }
    }
}

async fn modules(
    State(state): State<AppState>,
    _user: CurrentUser,
) -> AppResult<Json<schemas::Modules>> {
    let switches = state.switches.read().unwrap_or_else(|p| p.into_inner()).clone();
    let modules = state
        .modules
        .iter()
        .map(|m| {
            let man = &m.manifest;
            schemas::ModuleEntry {
                id: man.id.clone(),
                name: man.name.clone(),
                name_labels: man.name_labels.clone(),
                enabled: state.module_enabled(&man.id),
                switch: switches.get(&man.id).cloned(),
                release: man.release.clone(),
                mount: man.mount,
                route: man.route.clone(),
                home: man.home,
                when_disabled: man.when_disabled,
                sidebar: man.sidebar.as_ref().map(|s| schemas::Sidebar {
                    group: s.group.clone(),
                    label: s.label.clone(),
                    labels: s.labels.clone(),
                    icon: s.icon.clone(),
                    order: s.order,
                    route: man.route.clone(),
                }),
                api: man.api.iter().chain(&man.shared_api).cloned().collect(),
                migrations: man.migrations,
                dependencies: man.dependencies.clone(),
                remote: man.remote.then(|| schemas::Remote {
                    url: format!("/remotes/{}/remoteEntry.js", man.id),
                    scope: man.scope(),
                    module: "./Module".into(),
                }),
            }
        })
        .collect();
    Ok(Json(schemas::Modules { release: state.settings.release.clone(), modules }))
}

pub const NOT_PLANT_ADMIN: &str = text!("Switching modules is for plant administrators only.");

#[derive(serde::Deserialize, utoipa::ToSchema)]
struct SwitchBody {
    #[serde(default)]
    id: String,
    enabled: bool,
}

/// Plant IT (plant administrators, set by the CLI) switch a module on or off for the
/// whole plant without a restart; a company's managers do not (decision 46).
async fn switch_module(
    State(state): State<AppState>,
    user: CurrentUser,
    crate::base::error::Json(b): crate::base::error::Json<SwitchBody>,
) -> AppResult<Json<schemas::Switched>> {
    if !user.plant_admin || user.disabled {
        return Err(crate::base::error::AppError::Forbidden(NOT_PLANT_ADMIN.into()));
    }
    let s =
        crate::app::switches::set(&state, &b.id, b.enabled, &user.id, &user.full_name()).await?;
    Ok(Json(schemas::Switched { id: b.id, enabled: s.enabled, switch: s }))
}

async fn zones(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Json<Vec<crate::plant::zones::ZoneOption>> {
    Json(state.zones.options(&user.company_code))
}

/// An answer whose JSON was written as bytes (no `Value` tree): the kiosk's feeds, the
/// training matrix, the SWP viewer.
pub fn json_bytes(body: impl Into<axum::body::Body>) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body.into()).into_response()
}

/// Adds `"key": json` (JSON text already) as the last member of the object `out` ends
/// with (its closing brace is moved after it).
pub fn push_field(out: &mut Vec<u8>, key: &str, json: &[u8]) {
    debug_assert!(out.last() == Some(&b'}') && !key.contains(['"', '\\']));
    out.pop();
    if out.last() != Some(&b'{') {
        out.push(b',');
    }
    out.push(b'"');
    out.extend_from_slice(key.as_bytes()); // the caller's names: nothing to escape
    out.extend_from_slice(b"\":");
    out.extend_from_slice(json);
    out.push(b'}');
}
