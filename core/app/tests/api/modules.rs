//! The plugin contract as the host shows it: /api/modules, release toggles, ordering,
//! migrations.
use plantdoc_core::app::{migration_sets, resolve_modules};
use plantdoc_core::config::Settings;
use plantdoc_core::migrate::check_unique;
use plantdoc_core::plugin::Manifest;
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::*;

fn module<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["modules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("module {id} listed"))
}

#[tokio::test]
async fn release_1_0_is_the_spec_package() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let r = c.get("/api/modules").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["release"], "1.0");
    for id in ["signoff", "swp", "alerts", "users", "island"] {
        assert_eq!(module(&r.body, id)["enabled"], true, "{id}");
        assert_eq!(module(&r.body, id)["release"], "1.0");
    }
    for id in ["training", "kanban", "dashboard"] {
        assert_eq!(module(&r.body, id)["enabled"], false, "{id}");
        assert_eq!(module(&r.body, id)["release"], "2.0", "{id} is labelled release 2.0");
    }
    let swp = module(&r.body, "swp");
    assert_eq!(swp["name"], "SWPs");
    assert_eq!(swp["sidebar"]["group"], "Document Control");
    assert_eq!(swp["sidebar"]["route"], "/main/swps");
    assert_eq!(swp["sidebar"]["label"], "SWPs");
    // The names in other languages, as the manifest gives them (decision 78); none: {}.
    let alerts = module(&r.body, "alerts");
    assert_eq!(alerts["nameLabels"], serde_json::json!({"es": "Alertas", "pl": "Alerty"}));
    assert_eq!(alerts["sidebar"]["labels"]["es"], "Alertas");
    assert_eq!(module(&r.body, "users")["sidebar"]["labels"]["pl"], "Ustawienia");
    assert_eq!(swp["remote"]["url"], "/remotes/swp/remoteEntry.js");
    assert_eq!(swp["remote"]["scope"], "plantdoc_swp");
    assert_eq!(swp["remote"]["module"], "./Module");
    assert_eq!(module(&r.body, "users")["sidebar"]["label"], "Settings");
    assert_eq!(module(&r.body, "users")["sidebar"]["group"], Value::Null);
    assert_eq!(module(&r.body, "training")["sidebar"]["group"], "Production");
    assert_eq!(module(&r.body, "kanban")["sidebar"]["group"], "Engineering");
    // Dependencies come before their dependants.
    let ids: Vec<&str> =
        r.body["modules"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
    let pos = |id: &str| ids.iter().position(|x| *x == id).unwrap();
    assert!(
        pos("swp") < pos("signoff") && pos("alerts") < pos("signoff") && pos("swp") < pos("island")
    );
    // Anonymous callers get nothing.
    assert_eq!(app.client().get("/api/modules").await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn release_2_0_enables_everything_and_overrides_win() {
    let app = spawn_with(&[("release", "2.0"), ("modules.kanban.enabled", "false")]).await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let r = c.get("/api/modules").await;
    assert_eq!(r.body["release"], "2.0");
    for m in r.body["modules"].as_array().unwrap() {
        assert_eq!(
            m["enabled"],
            m["id"] != "kanban",
            "{}: every module but the overridden one",
            m["id"]
        );
    }
    assert_eq!(module(&r.body, "kanban")["enabled"], false, "local override");
}

#[tokio::test]
async fn disabled_modules_serve_no_remote() {
    let app = spawn().await;
    // An enabled module's remote folder is served; a disabled one's is not.
    let c = app.client();
    let enabled = c.get("/remotes/swp/remoteEntry.js").await.status;
    let disabled = c.get("/remotes/kanban/remoteEntry.js").await;
    assert_eq!(disabled.status, StatusCode::NOT_FOUND);
    assert_eq!(disabled.body["error"], "Not found.");
    let built = workspace().join("plugin-web/swp/dist/remoteEntry.js").exists();
    assert_eq!(enabled, if built { StatusCode::OK } else { StatusCode::NOT_FOUND });
}

/// Every module folder's manifest (`plugins/*/module.json`), by id.
fn manifests() -> Vec<Manifest> {
    let mut v: Vec<Manifest> = std::fs::read_dir(workspace().join("plugins"))
        .unwrap()
        .map(|d| d.unwrap().path().join("module.json"))
        .filter(|p| p.is_file())
        .map(|p| {
            Manifest::from_json(&std::fs::read_to_string(&p).unwrap())
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        })
        .collect();
    v.sort_by(|a, b| a.id.cmp(&b.id));
    v
}

#[test]
fn migration_versions_keep_to_the_ranges_of_the_manifests() {
    let s = settings(&[("release", "2.0")]);
    let modules = resolve_modules(&s, false, &[]).unwrap();
    let sets = migration_sets(&modules, false);
    check_unique(&sets).unwrap();
    let manifests = manifests();
    // Every module folder is linked into the binary (core/app/Cargo.toml).
    for m in &manifests {
        assert!(
            modules.iter().any(|l| l.manifest.id == m.id),
            "plugins/{}: not linked (core/app/Cargo.toml)",
            m.id
        );
    }
    assert_eq!(sets.len(), manifests.len() + 1, "core + every module");
    // The declared ranges do not overlap each other (nor the core's 1–999: Manifest::check).
    let ranges: Vec<(&str, i64, i64)> = manifests
        .iter()
        .filter_map(|m| m.migrations.map(|[lo, hi]| (m.id.as_str(), lo, hi)))
        .collect();
    for (i, a) in ranges.iter().enumerate() {
        for b in &ranges[i + 1..] {
            assert!(
                a.2 < b.1 || b.2 < a.1,
                "migration ranges of {} {:?} and {} {:?} overlap",
                a.0,
                (a.1, a.2),
                b.0,
                (b.1, b.2)
            );
        }
    }
    // Each module's migrations keep to the range its manifest declares.
    for set in &sets {
        for m in &set.migrations {
            if set.module == "core" {
                assert!(m.version < 1000, "core {}", m.version);
            } else {
                let (_, lo, hi) = ranges
                    .iter()
                    .find(|r| r.0 == set.module)
                    .unwrap_or_else(|| panic!("{} has migrations but no range", set.module));
                assert!(
                    (*lo..=*hi).contains(&m.version),
                    "{} {} outside {lo}–{hi}",
                    set.module,
                    m.version
                );
            }
        }
    }
}

#[test]
fn a_release_lists_only_known_modules() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("releases")).unwrap();
    std::fs::copy(config_dir().join("default.toml"), dir.path().join("default.toml")).unwrap();
    std::fs::write(dir.path().join("releases/9.9.toml"), "modules = [\"swp\", \"nope\"]\n")
        .unwrap();
    let s = Settings::load_with(dir.path(), &[("release", "9.9")]).unwrap();
    assert!(s.module_enabled("swp") && !s.module_enabled("alerts"));
    let e = resolve_modules(&s, false, &[]).err().unwrap().to_string();
    assert!(e.contains("release 9.9: unknown module 'nope'"), "{e}");
    // A release file is a list of ids, nothing else.
    std::fs::write(
        dir.path().join("releases/9.9.toml"),
        "modules = [\"swp\"]\n[server]\naddr = \"0.0.0.0:1\"\n",
    )
    .unwrap();
    let e = Settings::load_with(dir.path(), &[("release", "9.9")]).err().unwrap().to_string();
    assert!(e.contains("9.9.toml") && e.contains("server"), "{e}");
}

#[test]
fn unknown_modules_in_config_are_refused() {
    let s = settings(&[("modules.nope.enabled", "true")]);
    let e = resolve_modules(&s, false, &[]).err().unwrap().to_string();
    assert!(e.contains("modules.nope"), "{e}");
    assert!(e.contains("unknown module 'nope'"), "{e}");
}

#[test]
fn an_enabled_module_needs_its_dependencies_enabled() {
    let s = settings(&[("modules.swp.enabled", "false")]);
    let e = resolve_modules(&s, false, &[]).err().unwrap().to_string();
    assert!(e.contains("needs module 'swp', which is disabled"), "{e}");
}

#[tokio::test]
async fn zones_are_the_company_list_with_spec_labels() {
    let app = spawn().await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    let r = c.get("/api/zones").await;
    let list = r.body.as_array().unwrap();
    assert_eq!(list.len(), 13, "mpk has 13 zones");
    assert_eq!(list[0], serde_json::json!({"value": "A1", "label": "A Zone 1"}));
    assert_eq!(list[11], serde_json::json!({"value": "shipping", "label": "Shipping"}));
    assert_eq!(list[12], serde_json::json!({"value": "ojt", "label": "OJT"}));
}

/// No module crate depends on another (decision 55): what one module offers the others is a
/// port of the core (`plantdoc_core::ports`, docs/modules.md "Ports"). Read from
/// `cargo metadata`: a `plugins/*` package's normal and build dependencies never name
/// another `plugins/*` package. Dev-dependencies may (the island's kiosk benchmark runs
/// the whole app); they never reach the module's library.
#[test]
fn no_module_crate_depends_on_another() {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(workspace())
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let plugins = std::path::Path::new(meta["workspace_root"].as_str().unwrap()).join("plugins");
    let packages = meta["packages"].as_array().unwrap();
    let modules: Vec<&Value> = packages
        .iter()
        .filter(|p| {
            std::path::Path::new(p["manifest_path"].as_str().unwrap()).starts_with(&plugins)
        })
        .collect();
    let names: Vec<&str> = modules.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert!(
        names.len() >= 8 && names.contains(&"plantdoc-island") && names.contains(&"plantdoc-swp"),
        "{names:?}"
    );
    let mut links = Vec::new();
    for m in &modules {
        for d in m["dependencies"].as_array().unwrap() {
            if names.contains(&d["name"].as_str().unwrap()) {
                links.push((
                    m["name"].as_str().unwrap(),
                    d["name"].as_str().unwrap(),
                    d["kind"].as_str().unwrap_or("normal"),
                ));
            }
        }
    }
    let crossing: Vec<_> = links.iter().filter(|(_, _, kind)| *kind != "dev").collect();
    assert!(
        crossing.is_empty(),
        "module crates depending on module crates (use a port of the core): {crossing:?}"
    );
    assert!(
        links.contains(&("plantdoc-island", "plantdoc-swp", "dev")),
        "the benchmark's links are seen (the check reads real data): {links:?}"
    );
}

#[test]
fn manifest_labels_are_per_language() {
    let base = r#"{"id": "x", "name": "X", "release": "1.0", "route": "/main/x", "sidebar": {"label": "X", "icon": "I", "order": 1, "labels": LABELS}, "nameLabels": NAMES}"#;
    let with = |labels: &str, names: &str| {
        Manifest::from_json(&base.replace("LABELS", labels).replace("NAMES", names))
    };
    let m = with(r#"{"es": "Equis"}"#, r#"{"pl": "Iks"}"#).unwrap();
    assert_eq!(m.sidebar.unwrap().labels["es"], "Equis");
    assert_eq!(m.name_labels["pl"], "Iks");
    let e = with(r#"{"Spanish": "Equis"}"#, "{}").unwrap_err().to_string();
    assert!(e.contains("sidebar.labels") && e.contains("not a language code"), "{e}");
    let e = with("{}", r#"{"es": " "}"#).unwrap_err().to_string();
    assert!(e.contains("nameLabels") && e.contains("empty"), "{e}");
    // Optional: a manifest without them is as before.
    let plain = Manifest::from_json(r#"{"id": "y", "name": "Y", "release": "1.0"}"#).unwrap();
    assert!(plain.name_labels.is_empty());
}
