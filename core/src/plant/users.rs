//! Users: the row, its API shape, validation of new users, and the store.
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

pub use super::engineers::{on_behalf_of, process_engineers};
pub use super::user_input::{valid_email, UserInput, BADGE_ONLY_DOMAIN};
pub use super::user_schema::{UserJson, UserStatus};
use crate::base::error::{AppError, OnConstraint};
use crate::{msg, text};

pub const COMPANIES: &[&str] = &["umw", "mpk", "mps", "mph", "mpc", "mpd", "mpq"];
pub const DEPARTMENTS: &[&str] = &["production", "process", "quality", "paint"];
pub const POSITIONS: &[&str] = &["manager", "engineer", "supervisor", "clerk", "ojt", "operator"];
pub const KIOSK_RULE: &str =
    text!("Only an operator account without a badge can be a kiosk account.");

/// A user's position (stored and sent as its lower-case name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Position {
    Manager,
    Engineer,
    Supervisor,
    Clerk,
    Ojt,
    Operator,
}

/// A user's department (stored and sent as its lower-case name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Department {
    Production,
    Process,
    Quality,
    Paint,
}

impl Position {
    pub const ALL: [Position; 6] =
        [Self::Manager, Self::Engineer, Self::Supervisor, Self::Clerk, Self::Ojt, Self::Operator];
    pub fn as_str(self) -> &'static str {
        POSITIONS[self as usize]
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == s)
    }
    /// Managers and supervisors review documents.
    pub fn is_reviewer(self) -> bool {
        matches!(self, Self::Manager | Self::Supervisor)
    }
}

impl Department {
    pub const ALL: [Department; 4] = [Self::Production, Self::Process, Self::Quality, Self::Paint];
    pub fn as_str(self) -> &'static str {
        DEPARTMENTS[self as usize]
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|d| d.as_str() == s)
    }
}

fn decode<T>(column: &str, v: Option<T>, raw: &str) -> Result<T, sqlx::Error> {
    v.ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.into(),
        source: format!("unknown {column} {raw:?}").into(),
    })
}

#[derive(Debug, Clone)]
pub struct User {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub firstname: String,
    pub lastname: String,
    pub position: Position,
    pub department: Department,
    pub company_code: String,
    pub zones: Vec<String>,
    pub badge: Option<String>,
    pub op_no: Option<String>,
    pub must_change_password: bool,
    pub temp_password_expires: Option<i64>,
    pub failed_logins: i64,
    pub locked_until: Option<i64>,
    pub disabled: bool,
    /// Plant-wide administration (module switches, every company's kiosks): set by the CLI.
    pub plant_admin: bool,
    /// A kiosk netbook's account (operator position, no badge): the only callers of the
    /// badge lookups and the kiosk's routes.
    pub kiosk: bool,
    /// The person's language (`[i18n] languages`; decision 75): their answers' and screens'.
    pub lang: String,
    /// A temporary worker (agency, seasonal): the training module caps their level
    /// (`modules.training.temporary_max_level`).
    pub temporary: bool,
}

pub const USER_COLUMNS: &str = "id, email, password_hash, firstname, lastname, position, department, company_code, zones, badge, op_no, must_change_password, temp_password_expires, failed_logins, locked_until, disabled, plant_admin, kiosk, lang, temporary";

impl User {
    /// A person with an identity and no credentials (no password, badge or lockout):
    /// the one builder for access-rule tables and tests, never stored as is.
    pub fn sketch(
        id: &str,
        company: &str,
        position: Position,
        department: Department,
        zones: &[&str],
    ) -> Self {
        Self {
            id: id.into(),
            email: format!("{id}@example.invalid"),
            password_hash: String::new(),
            firstname: id.into(),
            lastname: "T".into(),
            position,
            department,
            company_code: company.into(),
            zones: zones.iter().map(|z| z.to_string()).collect(),
            badge: None,
            op_no: None,
            must_change_password: false,
            temp_password_expires: None,
            failed_logins: 0,
            locked_until: None,
            disabled: false,
            plant_admin: false,
            kiosk: false,
            lang: "en".into(),
            temporary: false,
        }
    }

    pub fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let zones: String = r.try_get("zones")?;
        let position: String = r.try_get("position")?;
        let department: String = r.try_get("department")?;
        Ok(Self {
            id: r.try_get("id")?,
            email: r.try_get("email")?,
            password_hash: r.try_get("password_hash")?,
            firstname: r.try_get("firstname")?,
            lastname: r.try_get("lastname")?,
            position: decode("position", Position::parse(&position), &position)?,
            department: decode("department", Department::parse(&department), &department)?,
            company_code: r.try_get("company_code")?,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            badge: r.try_get("badge")?,
            op_no: r.try_get("op_no")?,
            must_change_password: r.try_get::<i64, _>("must_change_password")? != 0,
            temp_password_expires: r.try_get("temp_password_expires")?,
            failed_logins: r.try_get("failed_logins")?,
            locked_until: r.try_get("locked_until")?,
            disabled: r.try_get::<i64, _>("disabled")? != 0,
            plant_admin: r.try_get::<i64, _>("plant_admin")? != 0,
            kiosk: r.try_get::<i64, _>("kiosk")? != 0,
            lang: r.try_get("lang")?,
            temporary: r.try_get::<i64, _>("temporary")? != 0,
        })
    }

    pub fn full_name(&self) -> String {
        format!("{} {}", self.firstname, self.lastname)
    }
    pub fn is_operator(&self) -> bool {
        self.position == Position::Operator
    }
    /// A kiosk netbook's account: the kiosk's routes and badge lookups are its alone.
    /// Signs at the kiosk with a badge only: no e-mail, no password (decision 108).
    pub fn is_badge_only(&self) -> bool {
        self.email.strip_suffix(BADGE_ONLY_DOMAIN).is_some_and(|l| l.ends_with('@'))
    }

    pub fn is_kiosk(&self) -> bool {
        self.kiosk && self.position == Position::Operator
    }
    pub fn is_manager(&self) -> bool {
        self.position == Position::Manager
    }
    /// Process engineers upload SWPs and alerts.
    pub fn is_process_engineer(&self) -> bool {
        self.position == Position::Engineer && self.department == Department::Process
    }
    /// The API's user object (the spec's current user, plus the admin fields).
    pub fn to_json(&self) -> Value {
        json!({
            "_id": self.id,
            "firstname": self.firstname,
            "lastname": self.lastname,
            "email": self.email,
            "position": self.position,
            "department": self.department,
            "companyCode": self.company_code,
            "zones": self.zones,
            "opNo": self.op_no,
            "plantAdmin": self.plant_admin,
            "status": if self.must_change_password { "CHANGE_PASSWORD" } else { "ACTIVE" },
            "lang": self.lang,
            "temporary": self.temporary,
        })
    }
}

pub async fn find_by_email(
    conn: &mut AnyConnection,
    email: &str,
) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE email = $1");
    let row = sqlx::query(&sql).bind(email.trim().to_lowercase()).fetch_optional(conn).await?;
    row.as_ref().map(User::from_row).transpose()
}

pub async fn find_by_id(conn: &mut AnyConnection, id: &str) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1");
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(User::from_row).transpose()
}

/// Who a badge names: the active person of the company with it (`$1` badge, `$2` company).
pub const BY_BADGE: &str = "badge = $1 AND company_code = $2 AND disabled = 0";

/// The active user of `company` whose badge this is (the kiosk's identification).
pub async fn find_by_badge(
    conn: &mut AnyConnection,
    badge: &str,
    company: &str,
) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {USER_COLUMNS} FROM users WHERE {BY_BADGE}");
    let row = sqlx::query(&sql).bind(badge).bind(company).fetch_optional(conn).await?;
    row.as_ref().map(User::from_row).transpose()
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds a user's fields in this order: email, firstname, lastname, position,
/// department, company_code, zones, badge, op_no (the caller binds the kiosk flag).
fn bind_input<'q>(q: AnyQuery<'q>, input: &UserInput) -> AnyQuery<'q> {
    q.bind(input.email.clone())
        .bind(input.firstname.clone())
        .bind(input.lastname.clone())
        .bind(input.position.clone())
        .bind(input.department.clone())
        .bind(input.company_code.clone())
        .bind(serde_json::to_string(&input.zones).unwrap_or_else(|_| "[]".into()))
        .bind(input.badge.clone())
        .bind(input.op_no.clone())
}

/// Inserts a checked user. A taken e-mail or badge is a field error.
pub async fn insert(
    conn: &mut AnyConnection,
    input: &UserInput,
    password_hash: &str,
    temporary_until: Option<i64>,
    now_ms: i64,
) -> Result<String, AppError> {
    let id = crate::data::db::new_id();
    let q = sqlx::query(
        "INSERT INTO users (id, password_hash, email, firstname, lastname, position, department, company_code, zones, badge, op_no, must_change_password, temp_password_expires, created_at, updated_at, kiosk, lang, plant_admin, temporary)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17, $18)",
    )
    .bind(id.clone())
    .bind(password_hash.to_string());
    let res = bind_input(q, input)
        .bind(i64::from(temporary_until.is_some()))
        .bind(temporary_until)
        .bind(now_ms)
        .bind(i64::from(input.kiosk == Some(true)))
        .bind(input.lang.clone().unwrap_or_else(|| "en".into()))
        .bind(i64::from(input.plant_admin == Some(true)))
        .bind(i64::from(input.temporary == Some(true)))
        .execute(conn)
        .await;
    taken(res).map(|_| id)
}

/// Writes a checked user's fields over an active (not deleted) user's row; an absent kiosk
/// or plant administrator flag keeps it.
pub async fn update(
    conn: &mut AnyConnection,
    id: &str,
    input: &UserInput,
    now_ms: i64,
) -> Result<(), AppError> {
    let q = sqlx::query(
        "UPDATE users SET email = $1, firstname = $2, lastname = $3, position = $4, department = $5, company_code = $6,
         zones = $7, badge = $8, op_no = $9, updated_at = $10, kiosk = COALESCE($12, kiosk), lang = COALESCE($13, lang), plant_admin = COALESCE($14, plant_admin), temporary = COALESCE($15, temporary) WHERE id = $11 AND disabled = 0",
    );
    taken(
        bind_input(q, input)
            .bind(now_ms)
            .bind(id.to_string())
            .bind(input.kiosk.map(i64::from))
            .bind(input.lang.clone())
            .bind(input.plant_admin.map(i64::from))
            .bind(input.temporary.map(i64::from))
            .execute(conn)
            .await,
    )?;
    Ok(())
}

/// A write's answer when its e-mail or badge is taken: that field's error.
pub fn taken<T>(r: Result<T, sqlx::Error>) -> Result<T, AppError> {
    r.on_constraint("badge", || {
        AppError::field("badge", msg!("This badge is already assigned to another user."))
    })
    .on_constraint("email", || {
        AppError::field("email", msg!("A user with this e-mail already exists."))
    })
}
