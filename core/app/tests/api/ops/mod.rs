//! Operations: `plantdoc storage check`, `backup` and `restore` run as processes.
mod backup;
mod check;
mod drills;
mod drills_infra;
mod scale;
mod sweep;

use std::process::{Command, Output};

use crate::helpers::*;

/// `plantdoc ARGS` over a database and a blob folder.
pub fn plantdoc(args: &[&str], db: &str, files: &std::path::Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plantdoc"))
        .args(args)
        .current_dir(workspace())
        .env("PLANTDOC__LOG__LEVEL", "error")
        .env("PLANTDOC__DATABASE__URL", db)
        .env("PLANTDOC__STORAGE__DIR", files)
        .output()
        .unwrap()
}

pub fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// Row counts of the tables a plant's documents and signatures live in.
pub async fn counts(pool: &sqlx::AnyPool) -> Vec<(String, i64)> {
    let mut out = Vec::new();
    for t in ["users", "files", "swps", "swp_parts", "acknowledgements", "audit_log"] {
        let (n,): (i64,) =
            sqlx::query_as(&format!("SELECT COUNT(*) FROM {t}")).fetch_one(pool).await.unwrap();
        out.push((t.to_string(), n));
    }
    out
}

/// A kiosk plant (a deployed SWP with its files) with one verified signature; answers
/// the app, the plant and the blob folder.
pub async fn signed_plant(
    part: &str,
) -> (TestApp, crate::island::support::Plant, std::path::PathBuf) {
    let app = spawn().await;
    let p = crate::island::support::plant(&app, part).await;
    p.signed("a").await;
    let files = app.tmp.path().join("files");
    (app, p, files)
}
