//! Password hashing (argon2id, the crate's defaults: m = 19456 KiB, t = 2, p = 1) and
//! the password policy (NIST 800-63B-4: length, no composition rules, a blocklist).
use crate::{msg, text};
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;

use crate::app::AppState;
use crate::base::error::{AppError, Refusal};

pub const MIN_LEN: usize = 8;
pub const MAX_LEN: usize = 128;

/// Hashes on the pool of `auth.hash_concurrency` threads (`hasher`, decision 96).
pub async fn hash(state: &AppState, password: &str) -> Result<String, AppError> {
    state.hasher.hash(password).await.map_err(AppError::Internal)
}

pub fn hash_blocking(password: &str) -> Result<String, AppError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(anyhow::anyhow!("argon2: {e}")))
}

/// Verifies; `None` hash still spends the same work, so unknown accounts take as long.
pub async fn verify(state: &AppState, password: &str, phc: Option<&str>) -> Result<bool, AppError> {
    match phc {
        Some(h) => state.hasher.verify(password, h).await.map_err(AppError::Internal),
        None => {
            let _ =
                state.hasher.verify(password, dummy_hash()).await.map_err(AppError::Internal)?;
            Ok(false)
        }
    }
}

pub fn verify_blocking(password: &str, phc: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok(),
        Err(_) => false,
    }
}

/// A real argon2id hash, made once, so that a miss costs a full verification.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_blocking("plantdoc-dummy-password").unwrap_or_default())
}

/// Common passwords and plant words refused as passwords (lower-cased comparison).
static BLOCKLIST: &str = include_str!("blocklist.txt");

/// Checks a new password; `context` are words of the account (email, names, company).
pub fn check_policy(password: &str, context: &[&str]) -> Result<(), Refusal> {
    let n = password.chars().count();
    if n < MIN_LEN {
        return Err(msg!("Password must be at least {MIN_LEN} characters.").into());
    }
    if n > MAX_LEN {
        return Err(msg!("Password must be at most {MAX_LEN} characters.").into());
    }
    let lower = password.to_lowercase();
    if BLOCKLIST.lines().any(|w| !w.is_empty() && w == lower) {
        return Err(text!("This password is too common. Please choose another.").into());
    }
    for c in context {
        let c = c.trim().to_lowercase();
        if c.len() >= 4 && lower.contains(&c) {
            return Err(text!("Password must not contain your name, e-mail or company.").into());
        }
    }
    Ok(())
}

/// A random temporary password (16 characters, no look-alikes).
pub fn temporary() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut buf = [0u8; 16];
    getrandom::fill(&mut buf).expect("randomness");
    buf.iter().map(|b| ALPHABET[(*b as usize) % ALPHABET.len()] as char).collect()
}
