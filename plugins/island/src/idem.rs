//! A netbook that lost an answer sends the same signing request again with the same `key`:
//! it is recorded once and answered the same; the key with another request is 409.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::{session, CurrentUser};
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::text;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::json;

use crate::store;

/// An idempotency key: 8 to 100 letters, digits, '-' or '_'.
pub fn checked_key(key: &Option<String>) -> AppResult<Option<&str>> {
    match key.as_deref() {
        None => Ok(None),
        Some(k)
            if (8..=100).contains(&k.len())
                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') =>
        {
            Ok(Some(k))
        }
        Some(_) => Err(AppError::field(
            "key",
            text!("The request key must be 8 to 100 letters, digits, '-' or '_'."),
        )),
    }
}

/// Why a key cannot be replayed: it first carried another request.
pub const KEY_REUSED: &str = text!("This request key was already used for another request.");

/// A signing call's idempotency: its key (if sent), its kind, and what the key is bound
/// to (`fingerprint`).
pub struct Idem<'a> {
    pub key: Option<&'a str>,
    pub kind: &'static str,
    pub fingerprint: String,
}

impl<'a> Idem<'a> {
    /// `badge` is the verifier's (verifications only).
    pub fn new(
        key: Option<&'a str>,
        kind: &'static str,
        op_id: &str,
        doc_id: &str,
        badge: Option<&str>,
    ) -> Self {
        Self { key, kind, fingerprint: fingerprint(op_id, doc_id, badge) }
    }
}

/// What a key is bound to: the operator, the document and, for a verification, the
/// verifier's badge as scanned (trimmed), as a SHA-256 (the badge is not kept in clear).
pub fn fingerprint(op_id: &str, doc_id: &str, badge: Option<&str>) -> String {
    session::sha256_hex(&json!([op_id, doc_id, badge.map(str::trim)]).to_string())
}

/// The answer already given for the key, if it carried this same request (kind, kiosk
/// account, operator, document, badge); the key with another request is 409.
pub async fn replay<T: DeserializeOwned>(
    state: &AppState,
    netbook: &CurrentUser,
    idem: &Idem<'_>,
) -> AppResult<Option<T>> {
    let Some(key) = idem.key else { return Ok(None) };
    match store::answered(state, key).await? {
        None => Ok(None),
        Some(a)
            if a.kind == idem.kind
                && a.kiosk_user_id == netbook.id
                && a.fingerprint == idem.fingerprint =>
        {
            Ok(Some(serde_json::from_value(a.answer).map_err(anyhow::Error::from)?))
        }
        Some(a) => {
            tracing::warn!(kiosk = %netbook.id, kind = idem.kind, first_kind = %a.kind, "request key reused for another request");
            Err(AppError::Conflict(KEY_REUSED.into()))
        }
    }
}

/// Commits the act with its key; a concurrent duplicate of the same key answers as the
/// first one did (or 409 when it was another request).
pub async fn commit_once<T: Serialize + DeserializeOwned>(
    state: &AppState,
    netbook: &CurrentUser,
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    idem: &Idem<'_>,
    answer: T,
) -> AppResult<T> {
    if let Some(k) = idem.key {
        let kept = serde_json::to_value(&answer).map_err(anyhow::Error::from)?;
        if let Err(e) = store::remember(
            &mut tx,
            k,
            &netbook.id,
            idem.kind,
            &idem.fingerprint,
            &kept,
            state.now_ms(),
        )
        .await
        {
            drop(tx);
            if plantdoc_core::db::is_unique_violation(&e) {
                return replay(state, netbook, idem)
                    .await?
                    .ok_or_else(|| AppError::Conflict(text!("Please try again.").into()));
            }
            return Err(e.into());
        }
    }
    tx.commit().await?;
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_bound_to_operator_document_and_badge() {
        let read = fingerprint("op-a", "swp-1", None);
        assert_eq!(read, fingerprint("op-a", "swp-1", None));
        assert_ne!(read, fingerprint("op-b", "swp-1", None), "another operator");
        assert_ne!(read, fingerprint("op-a", "swp-2", None), "another document");
        let verify = fingerprint("op-a", "swp-1", Some("2001"));
        assert_ne!(read, verify);
        assert_eq!(
            verify,
            fingerprint("op-a", "swp-1", Some(" 2001 ")),
            "the badge as scanned, trimmed"
        );
        assert_ne!(verify, fingerprint("op-a", "swp-1", Some("2002")), "another verifier");
        assert_ne!(
            fingerprint("a\",\"b", "c", None),
            fingerprint("a", "b\",\"c", None),
            "fields cannot run into each other"
        );
        assert_eq!(read.len(), 64);
    }
}
