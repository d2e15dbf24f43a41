//! Single sign-on through a real OpenID provider (decisions 70 and 94).
mod accounts;
mod flow;
mod linking;
mod pin;
pub mod provider;
