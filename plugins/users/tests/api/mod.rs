//! API tests of the users module: the admin calls, field errors, soft delete, sessions
//! ended, audit, the manager-only matrix, company scope and e-mail changes (decisions 46 and 47).
mod admin;
mod authz;
mod badge_only;
mod email;
mod import;
mod kiosk;
mod lang;
mod mail_lang;
mod personal;
mod scim;
pub(crate) mod scope;
