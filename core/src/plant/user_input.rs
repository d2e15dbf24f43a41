//! A new or edited user's fields, as the API and the CLI take them, and their checks: every
//! field's rule, answered as one field → message map.
use serde::{Deserialize, Serialize};

use super::users::*;
use crate::base::error::{AppError, FieldErrors};
use crate::base::i18n::I18nSettings;
use crate::msg;
use crate::plant::zones::Zones;

/// Fields of a new or edited user, as the API and the CLI take them.
#[derive(Debug, Clone, Default, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInput {
    #[serde(default)]
    pub firstname: String,
    #[serde(default)]
    pub lastname: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub company_code: String,
    #[serde(default)]
    pub position: String,
    #[serde(default)]
    pub department: String,
    #[serde(default)]
    pub zones: Vec<String>,
    #[serde(default)]
    pub badge: Option<String>,
    #[serde(default)]
    pub op_no: Option<String>,
    /// A kiosk netbook's account (operator, no badge). Absent: no when new, kept on edit.
    #[serde(default)]
    pub kiosk: Option<bool>,
    /// Administers users of every company (set by a plant administrator only). Absent: no
    /// when new, kept on edit.
    #[serde(default)]
    pub plant_admin: Option<bool>,
    /// The person's language. Absent: the plant's `[i18n] default` when new, kept on edit.
    #[serde(default)]
    pub lang: Option<String>,
    /// A temporary worker (agency, seasonal). Absent: no when new, kept on edit.
    #[serde(default)]
    pub temporary: Option<bool>,
}

/// The domain of a badge-only person's stored address: reserved (RFC 2606), never mailed.
pub const BADGE_ONLY_DOMAIN: &str = "badge-only.invalid";

impl UserInput {
    /// A stored user as the fields an unchanged edit sends (users admin, single sign-on's
    /// profile update).
    pub fn of(u: &User) -> Self {
        Self {
            firstname: u.firstname.clone(),
            lastname: u.lastname.clone(),
            email: u.email.clone(),
            company_code: u.company_code.clone(),
            position: u.position.as_str().into(),
            department: u.department.as_str().into(),
            zones: u.zones.clone(),
            badge: u.badge.clone(),
            op_no: u.op_no.clone(),
            kiosk: Some(u.kiosk),
            plant_admin: Some(u.plant_admin),
            lang: Some(u.lang.clone()),
            temporary: Some(u.temporary),
        }
    }

    /// An operator or OJT: they sign at the kiosk (with a badge, they need no e-mail).
    fn signs_at_kiosk(&self) -> bool {
        matches!(self.position.as_str(), "operator" | "ojt") && self.kiosk != Some(true)
    }

    /// Someone who may have no e-mail and no password: an operator or OJT with a badge.
    fn may_be_badge_only(&self) -> bool {
        self.signs_at_kiosk() && self.badge.is_some()
    }

    /// A badge-only person: their stored address is the reserved one.
    pub fn is_badge_only(&self) -> bool {
        self.email.ends_with(&format!("@{BADGE_ONLY_DOMAIN}"))
    }

    /// Trims and lower-cases what should be, then checks every field.
    pub fn normalise_and_check(
        &mut self,
        zones: &Zones,
        i18n: &I18nSettings,
    ) -> Result<(), AppError> {
        self.firstname = self.firstname.trim().to_string();
        self.lastname = self.lastname.trim().to_string();
        self.email = self.email.trim().to_lowercase();
        self.company_code = self.company_code.trim().to_lowercase();
        self.position = self.position.trim().to_lowercase();
        self.department = self.department.trim().to_lowercase();
        self.badge = self.badge.take().map(|b| b.trim().to_string()).filter(|b| !b.is_empty());
        self.op_no = self.op_no.take().map(|b| b.trim().to_string()).filter(|b| !b.is_empty());
        let mut e = FieldErrors::new();
        if self.firstname.is_empty() {
            e.insert("firstname".into(), msg!("First name is required."));
        } else if self.firstname.chars().count() > 60 {
            e.insert("firstname".into(), msg!("First name must be at most 60 characters."));
        }
        if self.lastname.is_empty() {
            e.insert("lastname".into(), msg!("Last name is required."));
        } else if self.lastname.chars().count() > 60 {
            e.insert("lastname".into(), msg!("Last name must be at most 60 characters."));
        }
        if self.email.is_empty() && self.may_be_badge_only() {
            // An operator or OJT who signs at the kiosk only: no e-mail, no password
            // (decision 108). The address is a unique one that never receives mail.
            self.email = format!("{}@{BADGE_ONLY_DOMAIN}", crate::data::db::new_id());
        } else if self.email.ends_with(&format!("@{BADGE_ONLY_DOMAIN}"))
            && !self.may_be_badge_only()
        {
            e.insert("email".into(), msg!("Please enter a valid e-mail address."));
        } else if !valid_email(&self.email) {
            let message = if self.email.is_empty() && self.signs_at_kiosk() {
                msg!("Please enter an e-mail address, or a badge for someone who signs at the kiosk only.")
            } else {
                msg!("Please enter a valid e-mail address.")
            };
            e.insert("email".into(), message);
        }
        if !COMPANIES.contains(&self.company_code.as_str()) {
            e.insert(
                "companyCode".into(),
                msg!("Company must be one of {list}.", list = COMPANIES.join(", ")),
            );
        }
        if Position::parse(&self.position).is_none() {
            e.insert(
                "position".into(),
                msg!("Position must be one of {list}.", list = POSITIONS.join(", ")),
            );
        }
        if Department::parse(&self.department).is_none() {
            e.insert(
                "department".into(),
                msg!("Department must be one of {list}.", list = DEPARTMENTS.join(", ")),
            );
        }
        if !e.contains_key("companyCode") {
            let allowed = zones.codes(&self.company_code);
            if let Some(bad) = self.zones.iter().find(|z| !allowed.iter().any(|a| a == *z)) {
                e.insert(
                    "zones".into(),
                    msg!(
                        "Zone {bad} is not a zone of company {company}.",
                        company = self.company_code
                    ),
                );
            }
        }
        if let Some(b) = &self.badge {
            if b.len() > 64 || !b.chars().all(|c| c.is_ascii_alphanumeric()) {
                e.insert("badge".into(), msg!("Badge must be letters and digits, at most 64."));
            }
        }
        if self.kiosk == Some(true) && (self.position != "operator" || self.badge.is_some()) {
            e.insert("kiosk".into(), KIOSK_RULE.into());
        }
        i18n.check_field(&mut e, "lang", &mut self.lang);
        if e.is_empty() {
            Ok(())
        } else {
            Err(AppError::Fields(e))
        }
    }
}

pub fn valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else { return false };
    !local.is_empty()
        && s.len() <= 254
        && !domain.is_empty()
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !s.chars().any(|c| c.is_whitespace() || c == '<' || c == '>' || c == ',')
        && !domain.contains('@')
}
