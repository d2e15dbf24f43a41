//! Real processes beside the test: `plantdoc serve` on a free port, and an SMTP server.
use std::path::Path;

use super::*;

/// `plantdoc serve` as a process on a free port, over `db` and a blob folder in `tmp`,
/// with `env` on top; its stderr is piped. Returns once /healthz answers.
pub async fn serve_process(
    tmp: &Path,
    db: &str,
    env: &[(&str, &str)],
) -> (std::process::Child, String) {
    serve_process_under(tmp, db, env, &[]).await
}

/// [`serve_process`] started by `wrapper` (e.g. `["prlimit", "--nofile=1024:"]`).
pub async fn serve_process_under(
    tmp: &Path,
    db: &str,
    env: &[(&str, &str)],
    wrapper: &[&str],
) -> (std::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr = format!("127.0.0.1:{port}");
    let mut cmd = match wrapper.split_first() {
        Some((program, args)) => {
            let mut c = std::process::Command::new(program);
            c.args(args).arg("--").arg(env!("CARGO_BIN_EXE_plantdoc"));
            c
        }
        None => std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc")),
    };
    cmd.arg("serve")
        .current_dir(workspace())
        .env("PLANTDOC__DATABASE__URL", db)
        .env("PLANTDOC__STORAGE__DIR", tmp.join("files"))
        .env("PLANTDOC__SERVER__ADDR", &addr)
        .env("PLANTDOC__LOG__LEVEL", "info")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let start = std::time::Instant::now();
    while reqwest::get(format!("http://{addr}/healthz")).await.is_err() {
        if let Some(st) = child.try_wait().unwrap() {
            panic!("serve exited at start: {st}");
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "serve did not start");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    (child, addr)
}

/// A real SMTP server (aiosmtpd, core/app/tests/support/smtp_catcher.py) writing each mail
/// as an .eml file into `dir`; stopped when dropped. `port` is where it listens.
pub struct SmtpCatcher {
    child: std::process::Child,
    pub port: String,
}

impl SmtpCatcher {
    pub fn start(dir: &Path) -> Self {
        Self::start_on(dir, "0")
    }

    /// On `port` ("0": a free one), e.g. one a running app already tried in vain.
    pub fn start_on(dir: &Path, port: &str) -> Self {
        use std::io::{BufRead, BufReader};
        let script = workspace().join("core/app/tests/support/smtp_catcher.py");
        let mut child = std::process::Command::new("python3")
            .arg(&script)
            .arg(dir)
            .arg(port)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("python3 with aiosmtpd (installed by .ci/deps.sh)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let port = line.trim().strip_prefix("READY ").expect("catcher ready").to_string();
        Self { child, port }
    }
}

impl Drop for SmtpCatcher {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
