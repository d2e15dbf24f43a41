//! The process's log: tracing's fmt subscriber (level from `log.level` or `RUST_LOG`, a
//! list of `level` and `target=level`, e.g. `info,sqlx=warn`; pretty or JSON), and the
//! `log` crate's records bridged into it. Crates that log with `log` (lopdf) reach the
//! same subscriber; lopdf's ERROR records become WARN: lopdf reports a damaged uploaded PDF ("Object load error at offset …") at ERROR while the
//! upload check reads it, and a user's bad file is not a server fault (docs/security.md).
use tracing::level_filters::LevelFilter;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;

use crate::base::config::{LogFormat, Settings};

pub fn init(s: &Settings) {
    // A RUST_LOG that does not parse is set aside, and said once the log is up.
    let env = std::env::var("RUST_LOG").ok().map(|v| (v.parse::<Targets>(), v));
    let (from_env, bad_env) = match env {
        Some((Ok(t), _)) => (Some(t), None),
        Some((Err(e), v)) => {
            (None, Some(format!("RUST_LOG {v:?} ignored ({e}): log.level is used")))
        }
        None => (None, None),
    };
    // `log.level` was checked when the settings were read (config.rs).
    let filter = from_env.unwrap_or_else(|| {
        s.log.level.parse().unwrap_or_else(|_| Targets::new().with_default(LevelFilter::INFO))
    });
    let fmt = tracing_subscriber::fmt::layer().with_writer(std::io::stderr);
    let registry = tracing_subscriber::registry().with(filter);
    let set = match s.log.format {
        LogFormat::Json => tracing::subscriber::set_global_default(
            registry.with(fmt.json().flatten_event(true).with_current_span(true)),
        ),
        LogFormat::Pretty => tracing::subscriber::set_global_default(registry.with(fmt)),
    };
    if set.is_ok()
        && log::set_boxed_logger(Box::new(LogBridge(tracing_log::LogTracer::new()))).is_ok()
    {
        log::set_max_level(match LevelFilter::current() {
            LevelFilter::OFF => log::LevelFilter::Off,
            LevelFilter::ERROR => log::LevelFilter::Error,
            LevelFilter::WARN => log::LevelFilter::Warn,
            LevelFilter::INFO => log::LevelFilter::Info,
            LevelFilter::DEBUG => log::LevelFilter::Debug,
            _ => log::LevelFilter::Trace,
        });
    }
    if let Some(why) = bad_env {
        tracing::warn!("{why}");
    }
}

/// tracing-log's bridge, with the crates whose ERROR is about user input demoted to WARN.
struct LogBridge(tracing_log::LogTracer);

/// Crates (targets) that log a refused user file at ERROR.
const USER_INPUT_TARGETS: &[&str] = &["lopdf"];

pub fn demoted(level: log::Level, target: &str) -> log::Level {
    let user_input = USER_INPUT_TARGETS
        .iter()
        .any(|t| target == *t || target.strip_prefix(t).is_some_and(|r| r.starts_with("::")));
    if user_input && level == log::Level::Error {
        log::Level::Warn
    } else {
        level
    }
}

impl log::Log for LogBridge {
    fn enabled(&self, m: &log::Metadata<'_>) -> bool {
        self.0.enabled(
            &log::Metadata::builder()
                .level(demoted(m.level(), m.target()))
                .target(m.target())
                .build(),
        )
    }

    fn log(&self, r: &log::Record<'_>) {
        let level = demoted(r.level(), r.target());
        if level == r.level() {
            return self.0.log(r);
        }
        let record = log::Record::builder()
            .args(*r.args())
            .level(level)
            .target(r.target())
            .module_path(r.module_path())
            .file(r.file())
            .line(r.line())
            .build();
        self.0.log(&record)
    }

    fn flush(&self) {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lopdf_errors_become_warnings_and_nothing_else_changes() {
        assert_eq!(demoted(log::Level::Error, "lopdf::reader"), log::Level::Warn);
        assert_eq!(demoted(log::Level::Error, "lopdf"), log::Level::Warn);
        assert_eq!(demoted(log::Level::Info, "lopdf::reader"), log::Level::Info);
        assert_eq!(demoted(log::Level::Error, "lopdfx"), log::Level::Error);
        assert_eq!(demoted(log::Level::Error, "sqlx::query"), log::Level::Error);
    }

    #[test]
    fn log_level_is_a_level_or_a_list_per_target() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../config");
        for ok in ["warn", "info,sqlx=warn", "plantdoc_core=debug,lopdf=off"] {
            Settings::load_with(&dir, &[("log.level", ok)]).unwrap();
        }
        let e = Settings::load_with(&dir, &[("log.level", "info,sqlx=loud")])
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("log.level"), "{e}");
    }
}
