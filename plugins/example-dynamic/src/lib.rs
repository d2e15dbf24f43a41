//! An example dynamic module. It depends on nothing of Plantdoc's but the ABI crate
//! (`plantdoc-abi`, no dependencies): the C ABI version 1 is the whole contract.
use std::panic::{catch_unwind, AssertUnwindSafe};

use serde_json::{json, Value};

use plantdoc_abi::{PdBytes, PlantdocModuleV1, ABI_VERSION};

fn bytes(v: Vec<u8>) -> PdBytes {
    PdBytes::from_vec(v)
}

extern "C" fn manifest_json() -> PdBytes {
    bytes(
        json!({
            "id": "example",
            "name": "Example",
            "release": "2.0",
            "mount": "none",
            "whenDisabled": "hide",
            "api": ["/api/example/"],
            "migrations": [9000, 9999],
            "dependencies": []
        })
        .to_string()
        .into_bytes(),
    )
}

extern "C" fn migrations_json() -> PdBytes {
    bytes(
        json!([{
            "version": 9001,
            "name": "example_init",
            "sql": "CREATE TABLE example_notes (id TEXT PRIMARY KEY, note TEXT NOT NULL); INSERT INTO example_notes (id, note) VALUES ('1', 'installed');"
        }])
        .to_string()
        .into_bytes(),
    )
}

fn answer(req: &Value) -> Value {
    let path = req["path"].as_str().unwrap_or("");
    match (req["method"].as_str().unwrap_or(""), path) {
        ("GET", "/api/example/hello") => json!({
            "status": 200,
            "body": json!({"hello": req["user"]["firstname"], "module": "example"}).to_string()
        }),
        _ => json!({"status": 404, "body": json!({"error": "Not found."}).to_string()}),
    }
}

extern "C" fn handle(ptr: *const u8, len: usize) -> PdBytes {
    // A panic must not unwind into the host.
    let out = catch_unwind(AssertUnwindSafe(|| {
        let input = unsafe { std::slice::from_raw_parts(ptr, len) };
        match serde_json::from_slice::<Value>(input) {
            Ok(req) => answer(&req),
            Err(_) => json!({"status": 400, "body": "{\"error\":\"bad request\"}"}),
        }
    }))
    .unwrap_or_else(|_| json!({"status": 500, "body": "{\"error\":\"module failed\"}"}));
    bytes(out.to_string().into_bytes())
}

extern "C" fn free_bytes(b: PdBytes) {
    // SAFETY: the host hands back only bytes this library made, once each.
    unsafe { b.free() }
}

static MODULE: PlantdocModuleV1 = PlantdocModuleV1 {
    abi_version: ABI_VERSION,
    manifest_json,
    migrations_json,
    handle,
    free_bytes,
};

/// The one symbol the host looks up.
#[no_mangle]
pub extern "C" fn plantdoc_module_entry() -> *const PlantdocModuleV1 {
    &MODULE
}
