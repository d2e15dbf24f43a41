//! Response hardening in one place (docs/security.md, "Headers and error shapes"):
//! security headers on every answer, a sandbox policy on stored files, and the JSON
//! error shape for answers axum makes itself (path/query rejections, 405, body limits).
use crate::{msg, text};
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::app::auth::session;
use crate::app::AppState;
use crate::base::config::{Settings, StorageBackend};

/// Only features Chromium knows: an unknown one ('bluetooth') is a console warning on every
/// page (headers.test.mjs checks there is none).
const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), interest-cohort=()";
/// Stored files (PDFs, videos) open as sandboxed documents: no scripts, forms, popups or
/// top navigation even if a browser took one for HTML. `allow-same-origin` is needed by
/// Chromium's PDF viewer (any stricter policy, `default-src 'none'` included, leaves it
/// blank — tried in Chromium 13x) and lets the viewer frame read a JSON refusal.
const FILES_CSP: &str = "sandbox allow-same-origin";

/// The app's Content-Security-Policy. Scripts only from this origin (Module Federation
/// remotes are served from /remotes/), no eval; styles also inline (antd's CSS-in-JS
/// inserts <style> elements). Frames and media may also come from the S3 endpoint the
/// signed links point at, and the document viewer may ask it for a link's first byte
/// (connect-src: the kit's probe of a cross-origin link before it is shown).
pub fn app_csp(settings: &Settings) -> String {
    let s3 = if settings.storage.backend == StorageBackend::S3 {
        s3_origin(settings)
    } else {
        String::new()
    };
    let extra = if s3.is_empty() { String::new() } else { format!(" {s3}") };
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
         connect-src 'self'{extra}; media-src 'self' blob:{extra}; frame-src 'self' blob:{extra}; worker-src 'self' blob:; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
    )
}

/// Where presigned links point: the configured endpoint's origin (with the bucket as a
/// subdomain unless path-style), or AWS's S3 hosts.
fn s3_origin(settings: &Settings) -> String {
    let s3 = &settings.storage.s3;
    match url::Url::parse(&s3.endpoint) {
        Ok(u) if u.host_str().is_some() => {
            let origin = u.origin().ascii_serialization();
            if s3.path_style {
                origin
            } else {
                let host = u.host_str().unwrap_or_default();
                let port = u.port().map(|p| format!(":{p}")).unwrap_or_default();
                format!("{origin} {}://{}.{host}{port}", u.scheme(), s3.bucket)
            }
        }
        _ => "https://*.amazonaws.com".into(),
    }
}

/// The headers every answer carries, precomputed at start.
#[derive(Clone)]
pub struct Headers {
    csp: HeaderValue,
    hsts: Option<HeaderValue>,
}

impl Headers {
    pub fn new(settings: &Settings) -> Self {
        let https = settings.server.public_url.to_ascii_lowercase().starts_with("https://");
        Headers {
            csp: HeaderValue::from_str(&app_csp(settings))
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
            hsts: https.then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains")),
        }
    }
}

/// What every request meets before its route, in one pass (one layer: each layer of
/// the stack costs allocations per request; docs/speed.md, 'The layers'), in this order:
/// a target or headers over the limits answer 414/431 ([`head_refused`]); an API method the path does not have answers 405 ([`method_refused`]); an unsafe API
/// request without its CSRF token or from another site is refused
/// ([`crate::app::auth::csrf::csrf_check`]); after a write, remembered sessions and answers are voided
/// ([`session::after_write`]); a client without a CSRF cookie gets one; axum's own
/// refusals under /api/ become JSON ([`to_json_error`]); then the headers every answer
/// carries ([`harden`]).
#[derive(Clone)]
pub struct Front {
    pub state: AppState,
    pub methods: MethodTable,
    pub headers: Headers,
}

pub async fn front(State(f): State<Front>, req: Request, next: Next) -> Response {
    let path = req.uri().path().to_owned();
    let api = path.starts_with("/api/");
    let checked = match head_refused(&req).or_else(|| method_refused(&f.methods, &req)) {
        Some(refusal) => Err(refusal),
        None => crate::app::auth::csrf::csrf_check(&f.state, &req),
    };
    let resp = match checked {
        Err(refusal) => refusal,
        Ok(csrf) => {
            let writes = session::writes(&req);
            let mut resp = next.run(req).await;
            if writes {
                session::after_write(&f.state);
            }
            crate::app::auth::csrf::csrf_issue(&f.state, csrf.is_some(), &mut resp);
            resp
        }
    };
    let mut resp = if api { to_json_error(resp).await } else { resp };
    harden(&f.headers, &path, &mut resp);
    resp
}

/// The security headers of every answer (a sandbox policy on a stored file that is
/// served, not a JSON refusal the viewer reads), and its cache rule when the answer has
/// none: API answers are per-user, never cached; content-hashed static files are
/// immutable; the rest (index.html, main.js, remoteEntry.js) is revalidated each time,
/// so a new build or a module switched on shows at the next load.
fn harden(h: &Headers, path: &str, resp: &mut Response) {
    let ok = resp.status().is_success();
    let hs = resp.headers_mut();
    let csp = if path.starts_with("/files/") && !is_json(hs) {
        HeaderValue::from_static(FILES_CSP)
    } else {
        h.csp.clone()
    };
    hs.insert(header::CONTENT_SECURITY_POLICY, csp);
    hs.insert(
        HeaderName::from_static("permissions-policy"),
        HeaderValue::from_static(PERMISSIONS_POLICY),
    );
    hs.insert(
        HeaderName::from_static("cross-origin-opener-policy"),
        HeaderValue::from_static("same-origin"),
    );
    hs.insert(
        HeaderName::from_static("cross-origin-resource-policy"),
        HeaderValue::from_static("same-origin"),
    );
    if let Some(v) = &h.hsts {
        hs.insert(header::STRICT_TRANSPORT_SECURITY, v.clone());
    }
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "SAMEORIGIN"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        hs.entry(name).or_insert(HeaderValue::from_static(value));
    }
    let cache = if path.starts_with("/api/") {
        "no-store"
    } else if is_hashed_asset(path) && ok {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    hs.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static(cache));
}

/// `name.0123abcd.js`: a file whose name carries its content hash.
fn is_hashed_asset(path: &str) -> bool {
    let file = path.rsplit('/').next().unwrap_or("");
    let mut parts = file.rsplit('.');
    let (Some(_ext), Some(hash)) = (parts.next(), parts.next()) else { return false };
    hash.len() >= 8 && hash.chars().all(|c| c.is_ascii_hexdigit()) && parts.next().is_some()
}

fn is_json(h: &axum::http::HeaderMap) -> bool {
    h.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("json"))
}

/// Every documented API path with the methods it has, for one question asked of every
/// API request: does this path have this method? One lookup in the same matcher axum
/// routes with (matchit, same path syntax); was a second pass through a router of 204
/// handlers per request.
#[derive(Clone)]
pub struct MethodTable(std::sync::Arc<matchit::Router<Allowed>>);

struct Allowed {
    methods: Vec<axum::http::Method>,
    /// The `Allow` header: the methods, GET with HEAD (as axum says it).
    header: HeaderValue,
}

pub fn method_probe(docs: &[crate::app::api::RouteDoc]) -> MethodTable {
    let mut paths: std::collections::BTreeMap<&str, Vec<axum::http::Method>> = Default::default();
    for d in docs {
        let methods = paths.entry(d.path.as_str()).or_default();
        if !methods.contains(&d.method) {
            methods.push(d.method.clone());
        }
    }
    let mut table = matchit::Router::new();
    for (path, mut methods) in paths {
        if methods.contains(&axum::http::Method::GET)
            && !methods.contains(&axum::http::Method::HEAD)
        {
            methods.push(axum::http::Method::HEAD);
        }
        let names: Vec<&str> = methods.iter().map(|m| m.as_str()).collect();
        let header = HeaderValue::from_str(&names.join(",")).expect("method names are header text");
        // Paths are axum's, so axum accepted them: the same matcher accepts them here.
        table.insert(path, Allowed { methods, header }).expect("documented paths are valid routes");
    }
    MethodTable(std::sync::Arc::new(table))
}

/// API requests to a known path with a method it does not have answer 405 (JSON,
/// with `Allow`) before CSRF, sign-in or role checks run.
fn method_refused(table: &MethodTable, req: &Request) -> Option<Response> {
    let m = req.method();
    // GET too: a switched-off module's path answers 405 for a method it never has (its
    // routes' gate would say 404 first).
    if !req.uri().path().starts_with("/api/") || m == axum::http::Method::HEAD {
        return None;
    }
    let found = table.0.at(req.uri().path()).ok()?;
    if found.value.methods.contains(m) {
        return None;
    }
    let mut out = (
        StatusCode::METHOD_NOT_ALLOWED,
        axum::Json(json!({"error": text!("This method is not allowed on this path.")})),
    )
        .into_response();
    out.headers_mut().insert(header::ALLOW, found.value.header.clone());
    Some(out)
}

/// The longest request target (path and query) read: longer answers 414. nginx's
/// default line buffer is the same; the app's longest links are under 1 KiB.
pub const MAX_URI: usize = 8 * 1024;
/// Header lines a request may carry (hyper's default; browsers send about 20).
pub const MAX_HEADERS: usize = 100;
/// Bytes of header names and values a request may carry (cookies included).
pub const MAX_HEADER_BYTES: usize = 64 * 1024;

/// A request whose target or headers are over the limits answers 414 or 431 in the JSON
/// shape. hyper's own limits are set above these (`server.rs`), so it is the app that
/// answers, whatever the path.
fn head_refused(req: &Request) -> Option<Response> {
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    let (status, message) = if target > MAX_URI {
        (
            StatusCode::URI_TOO_LONG,
            msg!("The address is too long (more than {} KiB).", MAX_URI / 1024),
        )
    } else if req.headers().len() > MAX_HEADERS {
        (
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            msg!("The request has too many header fields (more than {MAX_HEADERS})."),
        )
    } else if req.headers().iter().map(|(k, v)| k.as_str().len() + v.len()).sum::<usize>()
        > MAX_HEADER_BYTES
    {
        (
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            msg!(
                "The request's header fields are too large (more than {} KiB).",
                MAX_HEADER_BYTES / 1024
            ),
        )
    } else {
        return None;
    };
    Some((status, axum::Json(json!({"error": message}))).into_response())
}

/// Largest rejection text kept (axum's messages are short; the rest is dropped).
const MAX_REJECTION: usize = 300;

/// API answers that axum produced itself (a path or query parameter it could not read,
/// a method the route does not have, a body over the limit) become `{"error": ...}`
/// like every other refusal; a 405 keeps its `Allow` header. A page a browser was sent
/// to (text/html, the single sign-on refusals) stays a page.
async fn to_json_error(resp: Response) -> Response {
    let status = resp.status();
    let html = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if !(status.is_client_error() || status.is_server_error()) || is_json(resp.headers()) || html {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    let text = match axum::body::to_bytes(body, 64 * 1024).await {
        Ok(b) => String::from_utf8_lossy(&b).trim().chars().take(MAX_REJECTION).collect::<String>(),
        Err(_) => String::new(),
    };
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            text!("This method is not allowed on this path.").to_string()
        }
        StatusCode::PAYLOAD_TOO_LARGE => text!("The request body is too large.").to_string(),
        _ if text.is_empty() => {
            status.canonical_reason().unwrap_or("Bad request").to_string() + "."
        }
        _ => text,
    };
    if status.is_server_error() {
        tracing::warn!(%status, "a layer answered an error outside the app's error type");
    }
    let mut out = (status, axum::Json(json!({"error": message}))).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = parts.headers.get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}
