//! The `plantdoc` command line. `serve` is the default.
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::app::{self, BuildOptions};
use crate::base::config::{self, Settings};
use crate::data::audit::{self, Verdict};

#[derive(Parser, Debug)]
#[command(name = "plantdoc", version, about = "Plantdoc: plant-floor document control")]
pub struct Cli {
    /// Folder with default.toml and releases/ (default: $PLANTDOC_CONFIG_DIR or ./config).
    #[arg(long, global = true)]
    pub config_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "parsed once at start; boxing a clap subcommand only adds noise"
)]
pub enum Command {
    /// Run the web server (the default).
    Serve,
    /// Apply pending database migrations of the core and every enabled module, then exit.
    Migrate,
    /// Manage user accounts.
    #[command(subcommand)]
    User(UserCommand),
    /// Load data.
    #[command(subcommand)]
    Seed(SeedCommand),
    /// Check the audit log.
    #[command(subcommand)]
    Audit(AuditCommand),
    /// Check stored files against their rows.
    #[command(subcommand)]
    Storage(StorageCommand),
    /// Copy the database (online) and every blob into DIR, with a manifest of SHA-256 hashes.
    Backup {
        /// A new or empty folder.
        dir: PathBuf,
    },
    /// Restore a backup from DIR into the configured (new, empty) database and storage.
    Restore { dir: PathBuf },
    /// Records kept for `[retention] years_after_obsolete` after they left use.
    #[command(subcommand)]
    Retention(RetentionCommand),
}

#[derive(Subcommand, Debug)]
pub enum RetentionCommand {
    /// Lists the documents past retention and removes them: their rows, sign records and
    /// stored files, each with an audit row.
    Purge {
        /// Only list what would be removed.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum StorageCommand {
    /// Every file row has its blob with the recorded SHA-256, every blob has its row;
    /// prints the counts (exit 1 on any problem left).
    Check {
        /// Remove orphan blobs and stale temporary uploads (never a blob a row names).
        #[arg(long)]
        fix: bool,
        /// With --fix: spare orphans younger than this (an upload in flight).
        #[arg(long, default_value_t = 300)]
        min_age_secs: u64,
    },
}

#[derive(Subcommand, Debug)]
pub enum UserCommand {
    /// Add a user.
    Add(Box<UserAdd>),
    /// Grant (on) or revoke (off) plant administration: module switches and the users of
    /// every company. Audited.
    PlantAdmin {
        /// The user's e-mail.
        email: String,
        #[arg(value_parser = ["on", "off"])]
        state: String,
    },
    /// Import a roster CSV (Add Users' columns, badge, lang, active); --dry-run only
    /// shows each row's verdict. Applied in one transaction, audited.
    Import {
        file: std::path::PathBuf,
        #[arg(long)]
        dry_run: bool,
    },
    /// Set a person's signature PIN (4 to 8 digits; the kiosk's badge+pin mode). Audited.
    Pin {
        #[arg(long)]
        email: String,
        #[arg(long)]
        pin: String,
    },
}

#[derive(Args, Debug)]
pub struct UserAdd {
    #[arg(long)]
    pub email: String,
    /// Password; with --temporary it must be changed at first sign-in. Without
    /// --password, --temporary makes a random one and prints it.
    #[arg(long, required_unless_present = "temporary")]
    pub password: Option<String>,
    #[arg(long)]
    pub first: String,
    #[arg(long)]
    pub last: String,
    /// manager, engineer, supervisor, clerk, ojt or operator.
    #[arg(long)]
    pub position: String,
    /// production, process, quality or paint.
    #[arg(long)]
    pub department: String,
    /// Company code: umw, mpk, mps, mph, mpc, mpd or mpq.
    #[arg(long)]
    pub company: String,
    /// Zones, comma-separated (e.g. A1,B2).
    #[arg(long, value_delimiter = ',')]
    pub zones: Vec<String>,
    /// Badge number (kiosk identification).
    #[arg(long)]
    pub badge: Option<String>,
    /// Operator number.
    #[arg(long = "op-no")]
    pub op_no: Option<String>,
    /// The password is temporary: a new one is required at first sign-in.
    #[arg(long)]
    pub temporary: bool,
    /// A kiosk netbook's account (position operator, no badge): the only account that
    /// may call the island's badge lookups and signing calls.
    #[arg(long)]
    pub kiosk: bool,
    /// The person's language: en, es or pl (`[i18n] languages`); default `[i18n] default`.
    #[arg(long)]
    pub lang: Option<String>,
    /// Make the user a plant administrator (module switches, users of every company).
    #[arg(long)]
    pub plant_admin: bool,
    /// A temporary worker (agency, seasonal): training levels are capped
    /// (`modules.training.temporary_max_level`).
    #[arg(long)]
    pub temporary_worker: bool,
}

#[derive(Subcommand, Debug)]
pub enum SeedCommand {
    /// A demo plant on an empty database; prints the demo accounts.
    Demo,
}

#[derive(Subcommand, Debug)]
pub enum AuditCommand {
    /// Walk the hash chain; print OK or the first broken row (exit 1).
    Verify,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    // The PDF worker (crate::documents::pdf::worker): no configuration, no runtime, no logging.
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() == Some(crate::documents::pdf::worker::ARG) {
        return crate::documents::pdf::worker::child_main(&args.next().unwrap_or_default());
    }
    let cli = Cli::parse();
    let dir = cli.config_dir.clone().unwrap_or_else(config::default_dir);
    let settings = match Settings::load(&dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    crate::base::logging::init(&settings);
    let rt = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    rt.block_on(run(cli.command.unwrap_or(Command::Serve), settings))
}

async fn run(cmd: Command, settings: Settings) -> ExitCode {
    let result = match cmd {
        Command::Serve => serve(settings).await,
        Command::Migrate => app::build_state(settings, BuildOptions::default()).await.map(|_| {
            println!("migrations are up to date");
            ExitCode::SUCCESS
        }),
        Command::User(UserCommand::Add(a)) => user_add(settings, *a).await,
        Command::User(UserCommand::PlantAdmin { email, state }) => {
            plant_admin(settings, &email, state == "on").await
        }
        Command::User(UserCommand::Pin { email, pin }) => user_pin(settings, &email, &pin).await,
        Command::User(UserCommand::Import { file, dry_run }) => {
            crate::operations::roster::run(settings, &file, dry_run).await
        }
        Command::Seed(SeedCommand::Demo) => seed_demo(settings).await,
        Command::Audit(AuditCommand::Verify) => audit_verify(settings).await,
        Command::Storage(StorageCommand::Check { fix, min_age_secs }) => {
            crate::operations::ops_cli::storage_check(settings, fix, min_age_secs).await
        }
        Command::Backup { dir } => crate::operations::ops_cli::backup(settings, &dir).await,
        Command::Restore { dir } => crate::operations::ops_cli::restore(settings, &dir).await,
        Command::Retention(RetentionCommand::Purge { dry_run }) => {
            crate::operations::ops_cli::retention_purge(settings, dry_run).await
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let msg = format!("{e:#}");
            eprintln!("error: {msg}");
            if msg.starts_with("configuration error") {
                ExitCode::from(2)
            } else {
                ExitCode::from(1)
            }
        }
    }
}

async fn serve(settings: Settings) -> anyhow::Result<ExitCode> {
    let addr = settings.server.addr;
    let started = std::time::Instant::now();
    let open_files = crate::app::conns::raise_open_files_limit();
    tracing::info!(open_files, "open-files limit");
    let state = app::build_state(settings, BuildOptions::default()).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr} (server.addr): {e}"))?;
    let enabled: Vec<&str> =
        state.modules.iter().filter(|m| m.enabled).map(|m| m.manifest.id.as_str()).collect();
    tracing::info!(%addr, release = %state.settings.release, modules = ?enabled, start_ms = started.elapsed().as_millis() as u64, "Plantdoc is serving");
    println!(
        "Plantdoc {} (release {}) on http://{addr}",
        env!("CARGO_PKG_VERSION"),
        state.settings.release
    );
    crate::app::server::run(state, listener, shutdown()).await?;
    Ok(ExitCode::SUCCESS)
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down");
}

async fn user_add(settings: Settings, a: UserAdd) -> anyhow::Result<ExitCode> {
    let state = app::build_state(settings, BuildOptions::default()).await?;
    let input = crate::plant::users::UserInput {
        firstname: a.first,
        lastname: a.last,
        email: a.email,
        company_code: a.company,
        position: a.position,
        department: a.department,
        zones: a.zones,
        badge: a.badge,
        op_no: a.op_no,
        kiosk: Some(a.kiosk),
        plant_admin: None,
        lang: a.lang,
        temporary: Some(a.temporary_worker),
    };
    let (password, shown) = match a.password {
        Some(p) => (p, false),
        None => (crate::app::auth::password::temporary(), true),
    };
    let email = input.email.clone();
    match crate::operations::seed::add_user(&state, input, &password, a.temporary, "cli").await {
        Ok(id) => {
            if a.plant_admin {
                crate::operations::seed::set_plant_admin(&state, &email, true, "cli")
                    .await
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
            }
            println!(
                "user added: {id}{}",
                if a.plant_admin { " (plant administrator)" } else { "" }
            );
            if shown {
                println!("temporary password: {password}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(crate::base::error::AppError::Fields(errs)) => {
            for (k, v) in errs {
                eprintln!("--{}: {v}", cli_flag(&k));
            }
            Ok(ExitCode::from(2))
        }
        Err(e) => Err(anyhow::anyhow!("{e}")),
    }
}

async fn plant_admin(settings: Settings, email: &str, on: bool) -> anyhow::Result<ExitCode> {
    let state = app::build_state(settings, BuildOptions::default()).await?;
    match crate::operations::seed::set_plant_admin(&state, email, on, "cli").await {
        Ok(changed) => {
            let what = if on { "is a plant administrator" } else { "is not a plant administrator" };
            println!(
                "{} {what}{}",
                email.trim().to_lowercase(),
                if changed { "" } else { " (unchanged)" }
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(crate::base::error::AppError::Fields(errs)) => {
            for v in errs.values() {
                eprintln!("{email}: {v}");
            }
            Ok(ExitCode::from(2))
        }
        Err(e) => Err(anyhow::anyhow!("{e}")),
    }
}

async fn user_pin(settings: Settings, email: &str, pin: &str) -> anyhow::Result<ExitCode> {
    use crate::app::auth::pin;
    if let Err(msg) = pin::check_new(pin) {
        eprintln!("--pin: {msg}");
        return Ok(ExitCode::from(2));
    }
    let state = app::build_state(settings, BuildOptions::default()).await?;
    let mut conn = state.db.pool.acquire().await?;
    let user = crate::plant::users::find_by_email(&mut conn, email).await?.filter(|u| !u.disabled);
    drop(conn);
    let Some(user) = user else {
        eprintln!("{email}: There is no user with this e-mail.");
        return Ok(ExitCode::from(2));
    };
    if let Err(msg) = pin::check_for(&user, pin) {
        eprintln!("--pin: {msg}");
        return Ok(ExitCode::from(2));
    }
    pin::set(&state, &user, pin, pin::SetBy::Cli).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    println!("{} has a new signature PIN", user.email);
    Ok(ExitCode::SUCCESS)
}

fn cli_flag(field: &str) -> &str {
    match field {
        "firstname" => "first",
        "lastname" => "last",
        "companyCode" => "company",
        other => other,
    }
}

async fn seed_demo(settings: Settings) -> anyhow::Result<ExitCode> {
    let state = app::build_state(settings, BuildOptions::default()).await?;
    crate::operations::seed::demo(&state).await?;
    Ok(ExitCode::SUCCESS)
}

async fn audit_verify(settings: Settings) -> anyhow::Result<ExitCode> {
    let db = crate::data::db::Db::connect(&settings.database).await?;
    match audit::verify(&db).await? {
        Verdict::Ok { rows } => {
            println!("OK: {rows} audit rows, chain intact");
            Ok(ExitCode::SUCCESS)
        }
        Verdict::Broken { seq, reason } => {
            println!("BROKEN at row {seq}: {reason}");
            Ok(ExitCode::from(1))
        }
    }
}
