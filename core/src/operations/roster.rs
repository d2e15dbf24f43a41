//! `plantdoc user import FILE.csv [--dry-run]`: a roster of operators and staff from HR, as
//! a CSV with a header row naming the columns of Add Users plus badge and language
//! (`email, firstname, lastname, companyCode, position, department, zones, opNo, badge,
//! lang`, and `active`: `false` disables the person). A person is found by e-mail, or by
//! badge when the row has no e-mail. Each row is new, changed, disabled, unchanged or
//! refused (with its reasons); applying writes every accepted row in one transaction, each
//! with its audit row, and nothing at all if one write fails. New people get a password
//! nobody knows: staff set theirs through 'Forgot password', badge-only operators have none.
use std::collections::BTreeMap;

use serde_json::json;

use crate::app::auth::password;
use crate::app::events::{CoreAct, Event};
use crate::app::AppState;
use crate::base::error::AppError;
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::{self, User, UserInput};

/// What one row does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    New,
    /// The fields that change.
    Changed(Vec<&'static str>),
    Disabled,
    Unchanged,
    /// Why: (field, message); the field is empty for the row as a whole.
    Refused(Vec<(String, String)>),
}

/// Why a disabled person's row is refused, and a kiosk account's or plant administrator's.
pub const DISABLED: &str = crate::text!("This person is disabled; enable them in the console.");
pub const NOT_IMPORTED: &str =
    crate::text!("Kiosk accounts and plant administrators are not imported.");

pub struct Row {
    pub line: usize,
    pub key: String,
    pub verdict: Verdict,
    input: UserInput,
    existing: Option<User>,
}

impl Row {
    /// The row's fields, as checked (a caller applies its own rules of who may).
    pub fn input(&self) -> &UserInput {
        &self.input
    }
    /// The person the row names, if they exist.
    pub fn existing(&self) -> Option<&User> {
        self.existing.as_ref()
    }
    /// Refuses the row for a caller's rule.
    pub fn refuse(&mut self, field: &str, why: &str) {
        self.verdict = Verdict::Refused(vec![(field.into(), why.into())]);
    }
}

fn cell(rec: &csv::StringRecord, cols: &BTreeMap<String, usize>, name: &str) -> String {
    cols.get(&name.to_ascii_lowercase()).and_then(|i| rec.get(*i)).unwrap_or("").trim().to_string()
}

/// A badge-only person keeps the reserved address they were given (the row has none).
fn keep_badge_only_address<'a>(input: &'a mut UserInput, u: &User) -> &'a UserInput {
    if u.is_badge_only() && input.email.ends_with(users::BADGE_ONLY_DOMAIN) {
        input.email = u.email.clone();
    }
    input
}

fn changes(u: &User, i: &UserInput) -> Vec<&'static str> {
    let mut out = Vec::new();
    let pairs: [(&'static str, bool); 9] = [
        ("email", u.email != i.email),
        ("firstname", u.firstname != i.firstname),
        ("lastname", u.lastname != i.lastname),
        ("companyCode", u.company_code != i.company_code),
        ("position", u.position.as_str() != i.position),
        ("department", u.department.as_str() != i.department),
        ("zones", u.zones != i.zones),
        ("opNo", u.op_no != i.op_no),
        ("badge", u.badge != i.badge),
    ];
    for (name, differs) in pairs {
        if differs {
            out.push(name);
        }
    }
    if i.lang.as_ref().is_some_and(|l| *l != u.lang) {
        out.push("lang");
    }
    out
}

/// Reads and judges every row (nothing is written).
pub async fn plan(state: &AppState, csv_text: &str) -> anyhow::Result<Vec<Row>> {
    let mut reader =
        csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(csv_text.as_bytes());
    let cols: BTreeMap<String, usize> =
        reader.headers()?.iter().enumerate().map(|(i, h)| (h.to_ascii_lowercase(), i)).collect();
    anyhow::ensure!(
        cols.contains_key("email") || cols.contains_key("badge"),
        "the header row names neither email nor badge"
    );
    let mut rows = Vec::new();
    let mut conn = state.db.pool.acquire().await?;
    for (n, rec) in reader.records().enumerate() {
        let rec = rec?;
        let get = |name: &str| cell(&rec, &cols, name);
        let opt = |s: String| (!s.is_empty()).then_some(s);
        let mut input = UserInput {
            firstname: get("firstname"),
            lastname: get("lastname"),
            email: get("email"),
            company_code: get("companyCode"),
            position: get("position"),
            department: get("department"),
            zones: get("zones")
                .split([' ', ';', ','])
                .filter(|z| !z.is_empty())
                .map(str::to_string)
                .collect(),
            badge: opt(get("badge")),
            op_no: opt(get("opNo")),
            lang: opt(get("lang")),
            ..Default::default()
        };
        let active = !matches!(get("active").to_ascii_lowercase().as_str(), "false" | "no" | "0");
        let existing = if !input.email.is_empty() {
            users::find_by_email(&mut conn, &input.email.trim().to_lowercase()).await?
        } else if let Some(b) = &input.badge {
            users::find_by_badge(&mut conn, b, &input.company_code.trim().to_lowercase()).await?
        } else {
            None
        };
        let key = if input.email.is_empty() {
            input.badge.clone().unwrap_or_default()
        } else {
            input.email.clone()
        };
        let verdict = match (&existing, active) {
            (Some(u), false) if !u.disabled => Verdict::Disabled,
            (_, false) => Verdict::Unchanged,
            (Some(u), true) if u.disabled => {
                Verdict::Refused(vec![(String::new(), DISABLED.into())])
            }
            _ => match input.normalise_and_check(&state.zones, &state.settings.i18n) {
                Err(AppError::Fields(f)) => Verdict::Refused(f.into_iter().collect()),
                Err(e) => return Err(anyhow::anyhow!("{e}")),
                Ok(()) => match &existing {
                    None => Verdict::New,
                    Some(u) if u.is_kiosk() || u.plant_admin => {
                        Verdict::Refused(vec![(String::new(), NOT_IMPORTED.into())])
                    }
                    Some(u) => match changes(u, keep_badge_only_address(&mut input, u)) {
                        c if c.is_empty() => Verdict::Unchanged,
                        c => Verdict::Changed(c),
                    },
                },
            },
        };
        rows.push(Row { line: n + 2, key, verdict, input, existing });
    }
    Ok(rows)
}

/// Writes every new, changed and disabled row in one transaction, audited as `actor`
/// (a person's id and name, or none and what ran it).
pub async fn apply(
    state: &AppState,
    rows: &[Row],
    actor: (Option<&str>, &str),
) -> Result<(), AppError> {
    let now = state.now_ms();
    let mut hashes = Vec::new();
    for _ in rows.iter().filter(|r| r.verdict == Verdict::New) {
        // Nobody knows it: staff choose theirs through 'Forgot password'.
        hashes.push(password::hash(state, &crate::app::auth::session::random_token()).await?);
    }
    let mut hashes = hashes.into_iter();
    let told = state.kind_serving(CoreAct::UserChanged);
    let mut tx = state.db.begin().await?;
    for r in rows {
        let (action, target, after) = match &r.verdict {
            Verdict::New => {
                let hash = hashes.next().unwrap_or_default();
                let id = users::insert(&mut tx, &r.input, &hash, None, now).await?;
                (
                    "user.create",
                    id,
                    json!({"email": r.input.email, "companyCode": r.input.company_code, "position": r.input.position}),
                )
            }
            Verdict::Changed(fields) => {
                let u = r.existing.as_ref().expect("a changed row has its user");
                users::update(&mut tx, &u.id, &r.input, now).await?;
                ("user.update", u.id.clone(), json!({"changed": fields}))
            }
            Verdict::Disabled => {
                let u = r.existing.as_ref().expect("a disabled row has its user");
                sqlx::query("UPDATE users SET disabled = 1, badge = NULL, updated_at = $1 WHERE id = $2 AND disabled = 0")
                    .bind(now)
                    .bind(&u.id)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("DELETE FROM sessions WHERE user_id = $1")
                    .bind(&u.id)
                    .execute(&mut *tx)
                    .await?;
                ("user.disable", u.id.clone(), json!({"disabled": true}))
            }
            Verdict::Unchanged | Verdict::Refused(_) => continue,
        };
        let entry = AuditEntry::new(action, format!("user:{target}"), "roster import")
            .by(actor.0, actor.1)
            .after(after);
        audit::append(&mut tx, now, &entry).await?;
        // Told as Edit and Delete User tell it (data: the zones after the change).
        if let (Some(kind), Some(u)) = (told, r.existing.as_ref()) {
            let disabled = r.verdict == Verdict::Disabled;
            let (zones, position, company) = if disabled {
                (&u.zones, json!(u.position), &u.company_code)
            } else {
                (&r.input.zones, json!(r.input.position), &r.input.company_code)
            };
            let mut event = Event::new(kind.id, &u.company_code, format!("user:{}", u.id))
                .zones(zones)
                .data(json!({"userId": u.id, "disabled": disabled, "zones": zones, "position": position, "companyCode": company}));
            if let Some(by) = actor.0 {
                event = event.by(by);
            }
            state.emit(&mut tx, now, &event).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The command: prints each row's verdict and the counts; exit 2 when a row is refused.
pub async fn run(
    settings: crate::base::config::Settings,
    file: &std::path::Path,
    dry_run: bool,
) -> anyhow::Result<std::process::ExitCode> {
    let text = std::fs::read_to_string(file)?;
    let state = crate::app::build_state(settings, Default::default()).await?;
    let rows = plan(&state, &text).await?;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &rows {
        let (word, detail) = match &r.verdict {
            Verdict::New => ("new", String::new()),
            Verdict::Changed(f) => ("changed", f.join(", ")),
            Verdict::Disabled => ("disabled", String::new()),
            Verdict::Unchanged => ("unchanged", String::new()),
            Verdict::Refused(why) => {
                let why: Vec<String> = why
                    .iter()
                    .map(|(f, m)| if f.is_empty() { m.clone() } else { format!("{f}: {m}") })
                    .collect();
                ("refused", why.join("; "))
            }
        };
        *counts.entry(word).or_default() += 1;
        println!(
            "line {}: {word} {}{}",
            r.line,
            r.key,
            if detail.is_empty() { String::new() } else { format!(": {detail}") }
        );
    }
    let n = |w: &str| counts.get(w).copied().unwrap_or(0);
    let summary = format!(
        "{} new, {} changed, {} disabled, {} unchanged, {} refused",
        n("new"),
        n("changed"),
        n("disabled"),
        n("unchanged"),
        n("refused")
    );
    if dry_run {
        println!("{summary} (dry run: nothing written)");
    } else {
        apply(&state, &rows, (None, "cli: user import"))
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        println!("{summary}; written");
    }
    Ok(if n("refused") > 0 {
        std::process::ExitCode::from(2)
    } else {
        std::process::ExitCode::SUCCESS
    })
}
