//! Adding users (CLI, seed) and the demo plant.
use crate::app::auth::password;
use crate::app::AppState;
use crate::base::error::AppError;
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::{self, UserInput};
use crate::text;

/// Checks and inserts a user, with an audit row. `temporary`: must change at first sign-in.
pub async fn add_user(
    state: &AppState,
    mut input: UserInput,
    pw: &str,
    temporary: bool,
    actor: &str,
) -> Result<String, AppError> {
    input.normalise_and_check(&state.zones, &state.settings.i18n)?;
    if let Err(msg) = password::check_policy(pw, &[&input.email, &input.firstname, &input.lastname])
    {
        return Err(AppError::field("password", msg));
    }
    let hash = password::hash(state, pw).await?;
    let now = state.now_ms();
    let until = temporary.then_some(now + state.settings.auth.temp_password_days * 86_400_000);
    let mut tx = state.db.begin().await?;
    let id = users::insert(&mut tx, &input, &hash, until, now).await?;
    let after = serde_json::json!({
        "email": input.email, "firstname": input.firstname, "lastname": input.lastname,
        "position": input.position, "department": input.department, "companyCode": input.company_code,
        "zones": input.zones, "badge": input.badge.is_some(), "opNo": input.op_no,
    });
    audit::append(
        &mut tx,
        now,
        &AuditEntry::new("user.create", format!("user:{id}"), "user account created")
            .by(None, actor)
            .after(after),
    )
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// Grants (`on`) or revokes plant administration (module switches, every company's users)
/// for the user with this e-mail: the CLI's `user plant-admin` and the demo seed, never
/// the API. Audited with before and after; `Ok(false)` when nothing changed.
pub async fn set_plant_admin(
    state: &AppState,
    email: &str,
    on: bool,
    actor: &str,
) -> Result<bool, AppError> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let user = users::find_by_email(&mut tx, email)
        .await?
        .filter(|u| !u.disabled)
        .ok_or_else(|| AppError::field("email", text!("There is no user with this e-mail.")))?;
    if user.plant_admin == on {
        return Ok(false);
    }
    sqlx::query("UPDATE users SET plant_admin = $1, updated_at = $2 WHERE id = $3")
        .bind(i64::from(on))
        .bind(now)
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    let meaning = if on { "plant administration granted" } else { "plant administration revoked" };
    let entry = AuditEntry::new("user.plant_admin", format!("user:{}", user.id), meaning)
        .by(None, actor)
        .before(serde_json::json!({"email": user.email, "plantAdmin": user.plant_admin}))
        .after(serde_json::json!({"email": user.email, "plantAdmin": on}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(true)
}

/// The demo password of every demo account that signs in.
pub const DEMO_PASSWORD: &str = "Demo-Plant-2026";

/// A demo account: (email, first, last, position, department, badge, op number).
pub type DemoUser = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

/// The demo accounts.
pub const DEMO_USERS: &[DemoUser] = &[
    ("manager.process@demo.plant", "Paula", "Reyes", "manager", "process", Some("9001"), None),
    ("manager.quality@demo.plant", "Quentin", "Hale", "manager", "quality", Some("9002"), None),
    ("manager.production@demo.plant", "Priya", "Nair", "manager", "production", Some("9003"), None),
    ("manager.paint@demo.plant", "Pavel", "Novak", "manager", "paint", Some("9004"), None),
    ("approver.process@demo.plant", "Arturo", "Diaz", "supervisor", "process", Some("9011"), None),
    ("approver.quality@demo.plant", "Alma", "Kerr", "supervisor", "quality", Some("9012"), None),
    (
        "approver.production@demo.plant",
        "Ana",
        "Silva",
        "supervisor",
        "production",
        Some("9013"),
        None,
    ),
    ("approver.paint@demo.plant", "Amos", "Ward", "supervisor", "paint", Some("9014"), None),
    ("engineer1@demo.plant", "Erin", "Cole", "engineer", "process", Some("9021"), None),
    ("engineer2@demo.plant", "Elias", "Park", "engineer", "process", Some("9022"), None),
    ("supervisor@demo.plant", "Sam", "Ortiz", "supervisor", "production", Some("9031"), None),
    ("kiosk@demo.plant", "Island", "Kiosk", "operator", "production", None, None),
];

/// Operators who only scan badges: (first, last, badge, op number).
pub const DEMO_OPERATORS: &[(&str, &str, &str, &str)] = &[
    ("Olivia", "Grant", "1001", "OP1001"),
    ("Omar", "Haddad", "1002", "OP1002"),
    ("Oscar", "Lind", "1003", "OP1003"),
    ("Ofelia", "Ruiz", "1004", "OP1004"),
    ("Otto", "Berg", "1005", "OP1005"),
    ("Olga", "Petrov", "1006", "OP1006"),
];

pub const DEMO_PARTS: &[(&str, &str)] = &[
    ("7101-0001", "Door panel"),
    ("7101-0002", "Hood hinge"),
    ("7101-0003", "Seat frame"),
    ("7101-0004", "Bumper"),
    ("7102-0010", "Mirror arm"),
    ("7102-0011", "Tail lamp"),
    ("7102-0012", "Fuel door"),
    ("7103-0100", "Console lid"),
];

pub const DEMO_COMPANY: &str = "mpk";

/// The demo plant's administrator (module switches, users of every company).
pub const DEMO_PLANT_ADMIN: &str = "manager.process@demo.plant";

/// Seeds the demo plant on an empty database and prints the accounts.
pub async fn demo(state: &AppState) -> anyhow::Result<()> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(&state.db.pool).await?;
    if count > 0 {
        println!("The database already has {count} users: demo seed skipped.");
        return Ok(());
    }
    let zones = state.zones.codes(DEMO_COMPANY);
    for (email, first, last, position, department, badge, op_no) in DEMO_USERS {
        let input = UserInput {
            firstname: first.to_string(),
            lastname: last.to_string(),
            email: email.to_string(),
            company_code: DEMO_COMPANY.into(),
            position: position.to_string(),
            department: department.to_string(),
            zones: zones.clone(),
            badge: badge.map(str::to_string),
            op_no: op_no.map(str::to_string),
            // The island netbook's account: the one operator account without a badge.
            kiosk: Some(*position == "operator" && badge.is_none()),
            plant_admin: None,
            lang: None,
            temporary: None,
        };
        add_user(state, input, DEMO_PASSWORD, false, "seed")
            .await
            .map_err(|e| anyhow::anyhow!("seed {email}: {e:?}"))?;
    }
    set_plant_admin(state, DEMO_PLANT_ADMIN, true, "seed")
        .await
        .map_err(|e| anyhow::anyhow!("seed plant administrator: {e:?}"))?;
    for (first, last, badge, op_no) in DEMO_OPERATORS {
        let input = UserInput {
            firstname: first.to_string(),
            lastname: last.to_string(),
            email: format!("{}@operators.demo.plant", op_no.to_lowercase()),
            company_code: DEMO_COMPANY.into(),
            position: "operator".into(),
            department: "production".into(),
            zones: zones.clone(),
            badge: Some(badge.to_string()),
            op_no: Some(op_no.to_string()),
            kiosk: None,
            plant_admin: None,
            lang: None,
            temporary: None,
        };
        // Badge-only people: a random password nobody knows.
        add_user(state, input, &password::temporary(), false, "seed")
            .await
            .map_err(|e| anyhow::anyhow!("seed {op_no}: {e:?}"))?;
    }
    let now = state.now_ms();
    for (pn, desc) in DEMO_PARTS {
        sqlx::query("INSERT INTO parts (id, part_number, description, company_code, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(crate::data::db::new_id())
            .bind(pn)
            .bind(desc)
            .bind(DEMO_COMPANY)
            .bind(now)
            .execute(&state.db.pool)
            .await?;
    }
    for m in seed_order(state.modules.iter().filter(|m| m.enabled).collect()) {
        let Some(seed) = &m.built.seed else { continue };
        seed(state).await.map_err(|e| anyhow::anyhow!("seed module {}: {e:#}", m.manifest.id))?;
    }
    println!("Demo plant seeded (company {DEMO_COMPANY}). Accounts, password {DEMO_PASSWORD}:");
    for (email, first, last, position, department, badge, _) in DEMO_USERS {
        let admin = if *email == DEMO_PLANT_ADMIN { "  (plant administrator)" } else { "" };
        println!(
            "  {email:<32} {first} {last:<8} {position:<10} {department:<10} badge {}{admin}",
            badge.unwrap_or("-")
        );
    }
    println!("Operators (badge only, at the island):");
    for (first, last, badge, op_no) in DEMO_OPERATORS {
        println!("  badge {badge}  {op_no}  {first} {last}");
    }
    Ok(())
}

/// The modules in the order they seed: each after the modules whose events it hears (so a
/// module that follows documents sees the demo's real ones deployed, decision 102), otherwise
/// in their own order; a listener of every kind (`"*"`) and a cycle change nothing.
fn seed_order(mut left: Vec<&crate::app::plugin::Module>) -> Vec<&crate::app::plugin::Module> {
    let emits = |m: &crate::app::plugin::Module, kind: &str| {
        m.built.event_kinds.iter().any(|k| k.id == kind)
    };
    let hears = |m: &crate::app::plugin::Module, from: &crate::app::plugin::Module| {
        m.manifest.id != from.manifest.id
            && m.built
                .listeners
                .iter()
                .flat_map(|l| l.kinds.iter())
                .any(|kind| *kind != "*" && emits(from, kind))
    };
    let mut order = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let next = left.iter().position(|m| !left.iter().any(|from| hears(m, from))).unwrap_or(0);
        order.push(left.remove(next));
    }
    order
}
