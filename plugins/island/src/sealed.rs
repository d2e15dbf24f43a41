//! Sealed PINs (decision 121): in badge+pin mode a netbook that signs offline
//! keeps no PIN; it seals `{"pin", "key"}` (and `"newPin"` replacing a one-time PIN,
//! decision 125: an optional member, the payload stays v1) to the server's public key (HPKE, RFC 9180, base
//! mode, DHKEM(P-256, HKDF-SHA256) / HKDF-SHA256 / AES-128-GCM, info "plantdoc pin v1")
//! and the server opens it on sync. The key pair is derived (the KEM's DeriveKeyPair) from
//! a 32-byte secret made at first use and kept with the server's secrets (the
//! `server_secret` table), so every instance sharing the database has the same key. The
//! sealed key names the request it was made for: one sealed PIN cannot sign another act.
use std::sync::OnceLock;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hpke::aead::AesGcm128;
use hpke::kdf::HkdfSha256;
use hpke::kem::DhP256HkdfSha256;
use hpke::{Deserializable, Kem, OpModeR, Serializable};
use plantdoc_core::app::AppState;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::text;
use serde::Deserialize;

use crate::offline::PinKey;

/// The HPKE `info` of a sealed PIN.
pub const INFO: &[u8] = b"plantdoc pin v1";
/// The name of the key's secret in the server's secrets.
const SECRET: &str = "island-pin-hpke";
/// An encapsulated P-256 key: the uncompressed point.
const ENC_LEN: usize = 65;

pub const UNREADABLE: &str =
    text!("This PIN could not be read. Please sign again with your badge and PIN.");
pub const OTHER_ACT: &str = text!("This PIN was entered for another signature.");

/// The secret the key pair is derived from, read once per process.
#[derive(Default)]
pub struct KeySeed(OnceLock<Vec<u8>>);

async fn seed(state: &AppState) -> AppResult<Vec<u8>> {
    let kept = &state.get::<crate::IslandState>().seed.0;
    if let Some(s) = kept.get() {
        return Ok(s.clone());
    }
    let s = plantdoc_core::secret::named(&state.db, SECRET, state.now_ms()).await?;
    Ok(kept.get_or_init(|| s).clone())
}

type Pair = (<DhP256HkdfSha256 as Kem>::PrivateKey, <DhP256HkdfSha256 as Kem>::PublicKey);

async fn pair(state: &AppState) -> AppResult<Pair> {
    Ok(DhP256HkdfSha256::derive_keypair(&seed(state).await?))
}

/// The offline pack's `pinKey`.
pub async fn pin_key(state: &AppState) -> AppResult<PinKey> {
    let (_, pk) = pair(state).await?;
    Ok(PinKey {
        kem: "DHKEM(P-256, HKDF-SHA256)",
        kdf: "HKDF-SHA256",
        aead: "AES-128-GCM",
        info: "plantdoc pin v1",
        public_key: URL_SAFE_NO_PAD.encode(pk.to_bytes()),
    })
}

/// What a sealed PIN holds: the signer's PIN, the new one replacing a one-time PIN, and
/// the request's key.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Opened {
    pub pin: String,
    pub new_pin: Option<String>,
    key: String,
}

/// The PINs sealed in `sealed` for the request with idempotency key `key`: a field error
/// on `sealedPin` when it cannot be opened or was sealed for another request.
pub async fn open(state: &AppState, sealed: &str, key: &str) -> AppResult<Opened> {
    let unreadable = || AppError::field("sealedPin", UNREADABLE);
    let bytes =
        URL_SAFE_NO_PAD.decode(sealed.trim().trim_end_matches('=')).map_err(|_| unreadable())?;
    if bytes.len() <= ENC_LEN || bytes.len() > 4096 {
        return Err(unreadable());
    }
    let (enc, ct) = bytes.split_at(ENC_LEN);
    let enc = <DhP256HkdfSha256 as Kem>::EncappedKey::from_bytes(enc).map_err(|_| unreadable())?;
    let (sk, _) = pair(state).await?;
    let plain = hpke::single_shot_open::<AesGcm128, HkdfSha256, DhP256HkdfSha256>(
        &OpModeR::Base,
        &sk,
        &enc,
        INFO,
        ct,
        b"",
    )
    .map_err(|_| unreadable())?;
    let s: Opened = serde_json::from_slice(&plain).map_err(|_| unreadable())?;
    if s.key != key {
        tracing::warn!("sealed PIN refused: sealed for another request key");
        return Err(AppError::field("sealedPin", OTHER_ACT));
    }
    Ok(s)
}
