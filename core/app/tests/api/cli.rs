//! The `plantdoc` command line, run as a process.
use std::process::{Command, Output};

use crate::helpers::*;

/// A fresh database and blob folder for the CLI, as environment variables.
pub struct PlantVars {
    pub db: String,
    files: String,
}

impl PlantVars {
    pub fn each(&self) -> [(&str, &str); 2] {
        [("PLANTDOC__DATABASE__URL", &self.db), ("PLANTDOC__STORAGE__DIR", &self.files)]
    }
}

/// A temporary folder with a fresh database (SQLite file or PostgreSQL) and a blob folder.
pub async fn fresh_plant() -> (tempfile::TempDir, PlantVars) {
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let files = tmp.path().join("files").display().to_string();
    (tmp, PlantVars { db, files })
}

pub fn plantdoc(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_plantdoc"));
    c.args(args).current_dir(workspace()).env("PLANTDOC__LOG__LEVEL", "error");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

pub fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn every_command_has_help() {
    for args in [
        vec!["--help"],
        vec!["serve", "--help"],
        vec!["migrate", "--help"],
        vec!["user", "add", "--help"],
        vec!["user", "plant-admin", "--help"],
        vec!["user", "pin", "--help"],
        vec!["seed", "demo", "--help"],
        vec!["audit", "verify", "--help"],
        vec!["storage", "check", "--help"],
        vec!["backup", "--help"],
        vec!["restore", "--help"],
        vec!["retention", "purge", "--help"],
    ] {
        let o = plantdoc(&args, &[]);
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        assert!(text(&o).contains("Usage: plantdoc"), "{args:?}");
    }
    let o = plantdoc(&["user", "add", "--help"], &[]);
    for flag in [
        "--email",
        "--password",
        "--first",
        "--last",
        "--position",
        "--department",
        "--company",
        "--zones",
        "--badge",
        "--op-no",
        "--temporary",
        "--kiosk",
        "--plant-admin",
    ] {
        assert!(text(&o).contains(flag), "{flag}");
    }
}

#[test]
fn a_bad_config_value_names_the_key_and_exits_2() {
    for (key, value, expect) in [
        ("PLANTDOC__SERVER__ADDR", "not-an-address", "server.addr"),
        ("PLANTDOC__STORAGE__BACKEND", "floppy", "storage.backend"),
        ("PLANTDOC__RELEASE", "9.9", "release"),
        ("PLANTDOC__MODULES__NOPE__ENABLED", "true", "modules.nope"),
        ("PLANTDOC__SESSION__IDLE_TIMEOUT_SECS", "99999", "session.idle_timeout_secs"),
        ("PLANTDOC__SESSION__RECHECK_MS", "5000", "session.recheck_ms"),
        // A module's own typed settings: a bad value, an unknown key, a module with none.
        ("PLANTDOC__MODULES__SWP__PDF_MAX_MB", "lots", "modules.swp.pdf_max_mb"),
        ("PLANTDOC__MODULES__SWP__COLOUR", "red", "modules.swp.colour: unknown key"),
        ("PLANTDOC__MODULES__KANBAN__SPEED", "9", "modules.kanban.speed: unknown key"),
        ("PLANTDOC__MODULES__ISLAND__ENABLED", "maybe", "modules.island.enabled"),
        // A translation always has a review stage (decision 95).
        (
            "PLANTDOC__REVIEW__TRANSLATION_STAGES",
            "0",
            "review.translation_stages: must be at least 1",
        ),
    ] {
        let o = plantdoc(
            &["migrate"],
            &[(key, value), ("PLANTDOC__DATABASE__URL", "sqlite:///nonexistent-dir-x/never.db")],
        );
        assert_eq!(o.status.code(), Some(2), "{key}: {}", text(&o));
        assert!(text(&o).contains(expect), "{key}: {}", text(&o));
        assert!(text(&o).contains("configuration error"), "{key}: {}", text(&o));
    }
}

#[test]
fn a_database_that_is_down_at_start_is_a_clear_error() {
    let o = plantdoc(
        &["migrate"],
        &[
            ("PLANTDOC__DATABASE__URL", "postgres://plantdoc:secret@127.0.0.1:1/plantdoc"),
            ("PLANTDOC__DATABASE__ACQUIRE_TIMEOUT_SECS", "2"),
        ],
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("cannot open the database"), "{t}");
    assert!(!t.contains("secret"), "password not printed: {t}");
}

#[test]
fn environment_values_are_typed_by_their_key() {
    let tmp = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/pd.db", tmp.path().display());
    // "2.0" stays the release name; "false" and "7" become a bool and a number.
    let o = plantdoc(
        &["migrate"],
        &[
            ("PLANTDOC__DATABASE__URL", &db),
            ("PLANTDOC__RELEASE", "2.0"),
            ("PLANTDOC__MODULES__KANBAN__ENABLED", "false"),
            ("PLANTDOC__DATABASE__MAX_CONNECTIONS", "7"),
        ],
    );
    assert!(o.status.success(), "{}", text(&o));
}

#[tokio::test]
async fn user_add_seed_and_migrate_work_on_a_fresh_database() {
    let (_tmp, vars) = fresh_plant().await;
    let env = vars.each();
    let o = plantdoc(&["migrate"], &env);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("migrations are up to date"));
    let o = plantdoc(
        &[
            "user",
            "add",
            "--email",
            "Lead@Demo.Plant",
            "--password",
            "Shift-Change-Secret-1",
            "--first",
            "Lee",
            "--last",
            "Lead",
            "--position",
            "supervisor",
            "--department",
            "production",
            "--company",
            "mpk",
            "--zones",
            "A1,B2",
            "--badge",
            "4242",
            "--op-no",
            "CL1",
        ],
        &env,
    );
    assert!(o.status.success(), "{}", text(&o));
    let o = plantdoc(
        &[
            "user",
            "add",
            "--email",
            "lead@demo.plant",
            "--password",
            "Shift-Change-Secret-1",
            "--first",
            "Lee",
            "--last",
            "Lead",
            "--position",
            "boss",
            "--department",
            "production",
            "--company",
            "mpk",
            "--zones",
            "Z9",
        ],
        &env,
    );
    assert_eq!(o.status.code(), Some(2));
    let t = text(&o);
    assert!(t.contains("--position: Position must be one of"), "{t}");
    assert!(t.contains("--zones: Zone Z9 is not a zone of company mpk."), "{t}");
    let o = plantdoc(
        &[
            "user",
            "add",
            "--email",
            "tmp@demo.plant",
            "--first",
            "Tim",
            "--last",
            "Temp",
            "--position",
            "engineer",
            "--department",
            "process",
            "--company",
            "mpk",
            "--temporary",
        ],
        &env,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("temporary password: "));
    // --kiosk: a kiosk netbook's account, only for an operator without a badge.
    let netbook = [
        "user",
        "add",
        "--email",
        "netbook@demo.plant",
        "--password",
        "Shift-Change-Secret-1",
        "--first",
        "Line",
        "--last",
        "Netbook",
        "--position",
        "operator",
        "--department",
        "production",
        "--company",
        "mpk",
        "--kiosk",
    ];
    let o = plantdoc(&netbook, &env);
    assert!(o.status.success(), "{}", text(&o));
    let mut badged = netbook.to_vec();
    badged[3] = "netbook2@demo.plant";
    badged.extend(["--badge", "77"]);
    let o = plantdoc(&badged, &env);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o)
            .contains("--kiosk: Only an operator account without a badge can be a kiosk account."),
        "{}",
        text(&o)
    );
    sqlx::any::install_default_drivers();
    let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&vars.db).await.unwrap();
    let flags: Vec<(String, i64)> = sqlx::query_as("SELECT email, kiosk FROM users ORDER BY email")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        flags,
        [
            ("lead@demo.plant".to_string(), 0),
            ("netbook@demo.plant".to_string(), 1),
            ("tmp@demo.plant".to_string(), 0)
        ]
    );

    // Plant administration: granted at creation or later, revoked, audited; never guessed.
    let o = plantdoc(
        &[
            "user",
            "add",
            "--email",
            "it@demo.plant",
            "--password",
            "Shift-Change-Secret-1",
            "--first",
            "Ida",
            "--last",
            "Tech",
            "--position",
            "manager",
            "--department",
            "process",
            "--company",
            "umw",
            "--plant-admin",
        ],
        &env,
    );
    assert!(o.status.success() && text(&o).contains("(plant administrator)"), "{}", text(&o));
    let o = plantdoc(&["user", "plant-admin", "Lead@Demo.Plant", "on"], &env);
    assert!(
        o.status.success() && text(&o).contains("lead@demo.plant is a plant administrator"),
        "{}",
        text(&o)
    );
    let o = plantdoc(&["user", "plant-admin", "lead@demo.plant", "on"], &env);
    assert!(text(&o).contains("(unchanged)"), "{}", text(&o));
    let o = plantdoc(&["user", "plant-admin", "lead@demo.plant", "off"], &env);
    assert!(
        o.status.success() && text(&o).contains("lead@demo.plant is not a plant administrator"),
        "{}",
        text(&o)
    );
    let o = plantdoc(&["user", "plant-admin", "nobody@demo.plant", "on"], &env);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("There is no user with this e-mail."));
    assert_eq!(
        plantdoc(&["user", "plant-admin", "lead@demo.plant", "maybe"], &env).status.code(),
        Some(2),
        "clap refuses"
    );

    // Demo seed refuses a database that has users; on an empty one it prints accounts.
    let o = plantdoc(&["seed", "demo"], &env);
    assert!(text(&o).contains("demo seed skipped"), "{}", text(&o));
    let tmp2 = tempfile::tempdir().unwrap();
    let db2 = fresh_database(tmp2.path()).await;
    let files2 = tmp2.path().join("files").display().to_string();
    let o = plantdoc(
        &["seed", "demo"],
        &[("PLANTDOC__DATABASE__URL", db2.as_str()), ("PLANTDOC__STORAGE__DIR", files2.as_str())],
    );
    assert!(o.status.success(), "{}", text(&o));
    let t = text(&o);
    assert!(t.contains("Reyes    manager    process    badge 9001  (plant administrator)"), "{t}");
    for must in [
        "manager.process@demo.plant",
        "approver.quality@demo.plant",
        "engineer1@demo.plant",
        "supervisor@demo.plant",
        "kiosk@demo.plant",
        "badge 1001",
        "Demo-Plant-2026",
    ] {
        assert!(t.contains(must), "{must}: {t}");
    }
}

#[tokio::test]
async fn the_server_logs_json_lines_with_request_ids() {
    let tmp = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}/pd.db", tmp.path().display());
    let (mut child, addr) =
        serve_process(tmp.path(), &db, &[("PLANTDOC__LOG__FORMAT", "json")]).await;
    let r = reqwest::get(format!("http://{addr}/healthz")).await.unwrap();
    assert!(r.status().is_success(), "the server answered");
    let id = r.headers()["x-request-id"].to_str().unwrap().to_string();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let log = String::from_utf8_lossy(&out.stderr);
    let line = log
        .lines()
        .find(|l| l.contains(&id))
        .unwrap_or_else(|| panic!("no log line with {id}: {log}"));
    let v: serde_json::Value = serde_json::from_str(line).expect("a JSON log line");
    assert_eq!(v["span"]["request_id"], id, "{line}");
    assert_eq!(v["span"]["path"], "/healthz");
}
