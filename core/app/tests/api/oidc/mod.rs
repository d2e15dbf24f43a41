//! Single sign-on through a real OpenID provider (issue 30).
mod accounts;
mod flow;
mod linking;
mod pin;
pub mod provider;
