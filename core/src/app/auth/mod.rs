//! Sign-in, sessions, passwords, throttling and the sign-in API.
pub mod confirm;
pub mod csrf;
pub mod email_change;
pub mod hasher;
pub mod lockout;
pub mod oidc;
pub mod password;
pub mod pin;
mod reset;
pub mod routes;
pub mod session;
pub mod session_memo;
mod set_password;
pub mod throttle;
pub mod token_routes;
pub mod tokens;
pub use crate::plant::users;

pub use session::CurrentUser;
pub use users::User;
