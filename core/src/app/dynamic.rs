//! Dynamic modules loaded from shared libraries through a small, versioned C ABI.
//! Rust has no stable ABI, so nothing Rust-typed crosses: the library exports one
//! symbol, `plantdoc_module_entry`, returning a pointer to a `#[repr(C)]` table whose
//! first field is the ABI version. The host checks the version before touching
//! anything else, then reads the manifest (JSON), the migrations (JSON list of SQL
//! texts) and calls the request handler with bytes (JSON in, JSON out).
use std::path::Path;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{OriginalUri, State};
use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde::Deserialize;
use serde_json::json;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::CurrentUser;
use crate::app::AppState;
use crate::base::error::AppError;
use crate::data::migrate::Migration;
use crate::plugin::{Manifest, ModuleContext, Plugin};

pub use plantdoc_abi::{EntryFn, PdBytes, PlantdocModuleV1, ABI_VERSION, ENTRY_SYMBOL};

struct Loaded {
    // Kept alive for as long as the table's function pointers may be called.
    _lib: libloading::Library,
    table: *const PlantdocModuleV1,
}

// The table is immutable static data in the library; its functions must be thread-safe
// by the ABI's contract.
unsafe impl Send for Loaded {}
unsafe impl Sync for Loaded {}

impl Loaded {
    fn call_bytes(&self, f: impl FnOnce(&PlantdocModuleV1) -> PdBytes) -> Vec<u8> {
        // SAFETY: the version was checked at load; the library is still loaded.
        let t = unsafe { &*self.table };
        let b = f(t);
        let out = if b.ptr.is_null() {
            Vec::new()
        } else {
            unsafe { std::slice::from_raw_parts(b.ptr, b.len) }.to_vec()
        };
        (t.free_bytes)(b);
        out
    }
}

#[derive(Deserialize)]
struct DynMigration {
    version: i64,
    name: String,
    sql: String,
    #[serde(default)]
    postgres: Option<String>,
}

#[derive(Deserialize)]
struct DynResponse {
    status: u16,
    #[serde(default, rename = "contentType")]
    content_type: Option<String>,
    #[serde(default)]
    body: String,
}

pub struct DynPlugin {
    loaded: Arc<Loaded>,
    manifest: Manifest,
    migrations: Vec<Migration>,
}

/// Loads and checks a module library. Errors say what is wrong; the caller logs them
/// and carries on without the module.
pub fn load(path: &Path) -> anyhow::Result<Arc<dyn Plugin>> {
    // SAFETY: loading runs the library's initialisers; plant IT chooses the libraries.
    let lib = unsafe { libloading::Library::new(path) }
        .map_err(|e| anyhow::anyhow!("cannot load: {e}"))?;
    let entry: EntryFn = unsafe {
        *lib.get::<EntryFn>(ENTRY_SYMBOL.as_bytes())
            .map_err(|_| anyhow::anyhow!("missing symbol {ENTRY_SYMBOL}: not a Plantdoc module"))?
    };
    let table = unsafe { entry() };
    if table.is_null() {
        anyhow::bail!("{ENTRY_SYMBOL} returned null");
    }
    // Only the first field is read before the version is known.
    let version = unsafe { std::ptr::read(table as *const u32) };
    if version != ABI_VERSION {
        anyhow::bail!("ABI version {version} is not supported (this host speaks {ABI_VERSION})");
    }
    let loaded = Arc::new(Loaded { _lib: lib, table });
    let text = String::from_utf8(loaded.call_bytes(|t| (t.manifest_json)()))
        .map_err(|_| anyhow::anyhow!("bad manifest JSON: not UTF-8"))?;
    let mut manifest =
        Manifest::from_json(&text).map_err(|e| anyhow::anyhow!("bad manifest: {e}"))?;
    // Its routes are `/api/<id>/...`, whatever it declared.
    manifest.api = vec![format!("/api/{}/", manifest.id)];
    let migs: Vec<DynMigration> =
        serde_json::from_slice(&loaded.call_bytes(|t| (t.migrations_json)()))
            .map_err(|e| anyhow::anyhow!("bad migrations JSON: {e}"))?;
    let migrations = migs
        .into_iter()
        .map(|m| Migration {
            version: m.version,
            name: m.name,
            postgres: m.postgres.unwrap_or_else(|| m.sql.clone()),
            sqlite: m.sql,
        })
        .collect();
    Ok(Arc::new(DynPlugin { loaded, manifest, migrations }))
}

impl Plugin for DynPlugin {
    fn manifest(&self) -> Manifest {
        self.manifest.clone()
    }
    fn build(&self, ctx: &mut ModuleContext) -> anyhow::Result<()> {
        ctx.migrations(self.migrations.clone());
        let id = self.manifest.id.clone();
        let path = format!("/api/{id}/{{*rest}}");
        let mut r = ApiRouter::new(&id);
        for m in [Method::GET, Method::POST, Method::DELETE] {
            let loaded = self.loaded.clone();
            r = r.route(Access::Session, m.clone(), &path, "Handled by the dynamic module", move |s: State<AppState>, u: CurrentUser, m: Method, uri: OriginalUri, b: Bytes| {
                forward(loaded.clone(), s, u, m, uri, b)
            })
            // What the module answers is its own: any JSON value, said so explicitly.
            .returns_schema(json!({"type": ["object", "array", "string", "number", "integer", "boolean", "null"], "description": "The dynamic module's answer"}));
            if m != Method::GET {
                r = r
                    .body_schema(json!({"description": "Any JSON, passed to the module as bytes"}));
            }
        }
        ctx.routes(r);
        Ok(())
    }
}

async fn forward(
    loaded: Arc<Loaded>,
    State(_state): State<AppState>,
    user: CurrentUser,
    method: Method,
    OriginalUri(uri): OriginalUri,
    body: Bytes,
) -> Result<Response, AppError> {
    let req = json!({
        "method": method.as_str(),
        "path": uri.path(),
        "query": uri.query().unwrap_or(""),
        "user": user.user.to_json(),
        "body": base64::engine::general_purpose::STANDARD.encode(&body),
    });
    let input = serde_json::to_vec(&req).map_err(|e| AppError::Internal(e.into()))?;
    let out = tokio::task::spawn_blocking(move || {
        loaded.call_bytes(|t| (t.handle)(input.as_ptr(), input.len()))
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?;
    let r: DynResponse = serde_json::from_slice(&out)
        .map_err(|e| AppError::Internal(anyhow::anyhow!("dynamic module answered badly: {e}")))?;
    let status = StatusCode::from_u16(r.status).map_err(|e| AppError::Internal(e.into()))?;
    let mut resp = (status, r.body).into_response();
    let ct = r.content_type.unwrap_or_else(|| "application/json".into());
    if let Ok(v) = HeaderValue::from_str(&ct) {
        resp.headers_mut().insert(axum::http::header::CONTENT_TYPE, v);
    }
    Ok(resp)
}
