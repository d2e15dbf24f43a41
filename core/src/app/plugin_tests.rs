//! Unit tests of the plugin contract (manifests, prefixes, module order).
use super::*;

fn module(id: &str, deps: &[&str], enabled: bool) -> Module {
    let manifest = Manifest::new(id, id, "1.0").depends_on(deps);
    Module { manifest, enabled, built: Arc::new(Built::default()) }
}

fn ids(v: &[Module]) -> Vec<&str> {
    v.iter().map(|m| m.manifest.id.as_str()).collect()
}

#[test]
fn dependencies_come_first() {
    let sorted = sort_modules(vec![
        module("signoff", &["swp", "alerts"], true),
        module("alerts", &[], true),
        module("swp", &[], true),
        module("island", &["swp"], true),
    ])
    .unwrap();
    assert_eq!(ids(&sorted), vec!["alerts", "swp", "island", "signoff"]);
}

#[test]
fn a_missing_dependency_is_refused() {
    let e = sort_modules(vec![module("signoff", &["swp"], true)]).err().unwrap().to_string();
    assert_eq!(e, "module 'signoff' needs module 'swp', which is not installed");
}

#[test]
fn a_cycle_is_refused_and_named() {
    let e = sort_modules(vec![
        module("a", &["b"], true),
        module("b", &["c"], true),
        module("c", &["a"], true),
    ])
    .err()
    .unwrap()
    .to_string();
    assert_eq!(e, "module dependency cycle: a -> b -> c -> a");
}

#[test]
fn a_disabled_dependency_of_an_enabled_module_is_refused() {
    let e = sort_modules(vec![module("signoff", &["swp"], true), module("swp", &[], false)])
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("needs module 'swp', which is disabled"), "{e}");
    // Both off is fine.
    assert!(
        sort_modules(vec![module("signoff", &["swp"], false), module("swp", &[], false)]).is_ok()
    );
}

#[test]
fn a_path_is_served_by_the_module_whose_prefix_it_carries() {
    let with = |id: &str, api: &[&str], shared: &[&str]| {
        let mut m = module(id, &[], true);
        (m.manifest.api, m.manifest.shared_api) = (
            api.iter().map(|s| s.to_string()).collect(),
            shared.iter().map(|s| s.to_string()).collect(),
        );
        m
    };
    let e = sort_modules(vec![
        with("kiosk", &["/api/kiosk/"], &[]),
        with("docs", &["/api/docs/", "/api/kiosk/log/"], &[]),
    ])
    .err()
    .unwrap()
    .to_string();
    assert_eq!(
        e,
        r#"module 'docs': API prefix "/api/kiosk/log/" overlaps module 'kiosk''s "/api/kiosk/": serve the path from 'kiosk' (through a port), or list it in "sharedApi" (docs/modules.md)"#
    );
    let shared = with("docs", &["/api/docs/"], &["/api/kiosk/log/"]);
    assert!(
        shared.manifest.owns_path("/api/kiosk/log/1") && !shared.manifest.owns_path("/api/kiosk/1")
    );
    assert!(
        sort_modules(vec![with("kiosk", &["/api/kiosk/"], &[]), shared]).is_ok(),
        "declared shared"
    );
    assert!(
        sort_modules(vec![with("x", &["/api/x/"], &[]), with("xy", &["/api/xy/"], &[])]).is_ok(),
        "/api/xy/ is not under /api/x/"
    );
}

#[test]
fn duplicate_ids_are_refused() {
    let e = sort_modules(vec![module("swp", &[], true), module("swp", &[], true)])
        .err()
        .unwrap()
        .to_string();
    assert_eq!(e, "module 'swp' is registered twice");
}

#[test]
fn manifests_are_checked() {
    let ok = r#"{"id":"x","name":"X","release":"1.0","api":["/api/x/","/api/users/all"],"migrations":[9500,9599]}"#;
    let m = Manifest::from_json(ok).unwrap();
    assert!(m.owns_path("/api/x/y") && m.owns_path("/api/x") && !m.owns_path("/api/xy"));
    assert!(
        m.owns_path("/api/users/all")
            && m.owns_path("/api/users/all/{id}")
            && !m.owns_path("/api/users/allx")
    );
    let bad_api = r#"{"id":"x","name":"X","release":"1.0","api":["/x/"]}"#;
    assert!(Manifest::from_json(bad_api)
        .unwrap_err()
        .to_string()
        .contains("must start with /api/"));
    let bad_range = r#"{"id":"x","name":"X","release":"1.0","migrations":[5, 9]}"#;
    assert!(Manifest::from_json(bad_range)
        .unwrap_err()
        .to_string()
        .contains("1–999 are the core's"));
    let unknown = r#"{"id":"x","name":"X","release":"1.0","colour":"red"}"#;
    assert!(Manifest::from_json(unknown)
        .unwrap_err()
        .to_string()
        .contains("unknown field `colour`"));
}
