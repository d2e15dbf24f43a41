//! Dynamic modules through libloading: a real cdylib built by the workspace answers
//! through the host and its migration runs; broken libraries are refused.
use std::path::{Path, PathBuf};
use std::process::Command;

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

fn example_library() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace().join("target"));
    let lib = target.join("debug").join("libplantdoc_example_dynamic.so");
    if !lib.exists() {
        let ok = Command::new(env!("CARGO"))
            .args(["build", "-p", "plantdoc-example-dynamic"])
            .current_dir(workspace())
            .status()
            .unwrap()
            .success();
        assert!(ok, "building the example module");
    }
    lib
}

fn compile_c(dir: &Path, name: &str, src: &str) -> PathBuf {
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, src).unwrap();
    let so = dir.join(format!("lib{name}.so"));
    let ok = Command::new("cc")
        .args(["-shared", "-fPIC", "-o"])
        .arg(&so)
        .arg(&c)
        .status()
        .expect("a C compiler")
        .success();
    assert!(ok);
    so
}

async fn table_rows(app: &TestApp) -> Option<i64> {
    sqlx::query_as::<_, (i64,)>("SELECT COUNT(*) FROM example_notes")
        .fetch_one(&app.state.db.pool)
        .await
        .ok()
        .map(|r| r.0)
}

#[tokio::test]
async fn the_example_cdylib_answers_through_the_host() {
    let lib = example_library().display().to_string();
    let app = spawn_with(&[("dynamic.libraries", &lib)]).await;
    let anon = app.client().get("/api/example/hello").await;
    assert_eq!(anon.status, StatusCode::UNAUTHORIZED, "deny by default holds for dynamic routes");
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let r = c.get("/api/example/hello").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body, json!({"hello": "Test", "module": "example"}));
    assert_eq!(c.get("/api/example/other").await.status, StatusCode::NOT_FOUND);
    assert_eq!(table_rows(&app).await, Some(1), "its migration ran");
    let m = c.get("/api/modules").await;
    let ex = m.body["modules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == "example")
        .unwrap()
        .clone();
    assert_eq!(ex["enabled"], true);
}

#[tokio::test]
async fn enabling_a_module_later_runs_its_migrations_and_disabling_keeps_its_tables() {
    let lib = example_library().display().to_string();
    let off =
        spawn_with(&[("dynamic.libraries", &lib), ("modules.example.enabled", "false")]).await;
    assert_eq!(table_rows(&off).await, None, "a disabled module's migrations do not run");
    let c = off.signed_in("erin@demo.plant", "engineer", "process").await;
    assert_eq!(
        c.get("/api/example/hello").await.status,
        StatusCode::NOT_FOUND,
        "a disabled module mounts no routes"
    );

    let on =
        spawn_on(tempfile::tempdir().unwrap(), off.db_url.clone(), &[("dynamic.libraries", &lib)])
            .await;
    assert_eq!(table_rows(&on).await, Some(1), "enabling ran the migration");
    drop(on);
    let again = spawn_on(
        tempfile::tempdir().unwrap(),
        off.db_url.clone(),
        &[("dynamic.libraries", &lib), ("modules.example.enabled", "false")],
    )
    .await;
    assert_eq!(table_rows(&again).await, Some(1), "disabling dropped nothing");
}

#[tokio::test]
async fn wrong_abi_and_missing_symbol_are_refused_and_the_host_runs_on() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = compile_c(
        dir.path(),
        "wrongabi",
        "#include <stdint.h>\nstruct t { uint32_t v; };\nstatic const struct t T = { 99 };\nconst struct t *plantdoc_module_entry(void) { return &T; }\n",
    );
    let missing = compile_c(dir.path(), "nosymbol", "int something_else(void) { return 1; }\n");
    let e = plantdoc_core::dynamic::load(&wrong).err().unwrap().to_string();
    assert!(e.contains("ABI version 99 is not supported"), "{e}");
    let e = plantdoc_core::dynamic::load(&missing).err().unwrap().to_string();
    assert!(e.contains("missing symbol plantdoc_module_entry"), "{e}");
    let e =
        plantdoc_core::dynamic::load(Path::new("/nonexistent/libx.so")).err().unwrap().to_string();
    assert!(e.contains("cannot load"), "{e}");

    let libs = format!("{},{},{}", wrong.display(), missing.display(), example_library().display());
    let app = spawn_with(&[("dynamic.libraries", &libs)]).await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    assert_eq!(
        c.get("/api/example/hello").await.status,
        StatusCode::OK,
        "the good library still loads"
    );
    let ids = |body: &serde_json::Value| {
        body["modules"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["id"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let with = ids(&c.get("/api/modules").await.body);
    let plain = spawn().await;
    let without = ids(&plain
        .signed_in("erin@demo.plant", "engineer", "process")
        .await
        .get("/api/modules")
        .await
        .body);
    assert!(
        with.contains(&"example".to_string()) && !without.contains(&"example".to_string()),
        "{with:?}"
    );
    assert_eq!(with.len(), without.len() + 1, "every static module and the example: {with:?}");
}
