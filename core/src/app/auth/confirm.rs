//! Confirming an electronic signature in the console (21 CFR 11.200: the signer's
//! credential again at the act): the person's password, or — for an account that may have
//! none, where single sign-on is set up — a fresh sign-in at the provider of this session
//! (security decision 92), used up by the act. Wrong passwords count as sign-in attempts
//! of the address (the caller hits the limiter first).
use crate::app::AppState;
use crate::auth::oidc::fresh;
use crate::auth::{password, session, CurrentUser};
use crate::error::AppResult;
use crate::{text, AppError};

/// Asked of an account without a password typed, where single sign-on is set up.
pub const CONFIRM_FIRST: &str =
    text!("Please type your password, or first confirm with your sign-in provider.");

/// How the act will be confirmed, or the `password` field's message when it cannot be:
/// check it with the act's other fields, then [`confirm`].
pub async fn how(
    state: &AppState,
    me: &CurrentUser,
    typed: &str,
) -> AppResult<Result<By, &'static str>> {
    let sso = state.settings.auth.oidc.is_some();
    if !typed.is_empty() {
        return Ok(Ok(By::Password));
    }
    if sso && session::has_provider_sign_in(state, &me.session_hash, fresh::CONFIRM_MS).await? {
        return Ok(Ok(By::Provider));
    }
    Ok(Err(if sso { CONFIRM_FIRST } else { text!("Your password is required.") }))
}

/// What confirms the act.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum By {
    Password,
    /// A fresh sign-in at the provider, used up by this act.
    Provider,
}

/// Checks the password, or uses up the fresh sign-in (one act each: a parallel call
/// finds the mark gone). Refusals are the `password` field's.
pub async fn confirm(state: &AppState, me: &CurrentUser, by: By, typed: &str) -> AppResult<()> {
    match by {
        By::Provider => {
            if !session::take_provider_sign_in(state, &me.session_hash, fresh::CONFIRM_MS).await? {
                return Err(AppError::field("password", CONFIRM_FIRST));
            }
        }
        By::Password => {
            if !password::verify(state, typed, Some(&me.password_hash)).await? {
                return Err(AppError::field("password", text!("Incorrect password.")));
            }
        }
    }
    Ok(())
}
