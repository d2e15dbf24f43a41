//! The second component of a kiosk signature (decision 63). With `[modules.island]
//! signature = "badge+pin"` the operator's read and the verifier's verification each need
//! the signer's PIN after the badge; with `"badge"` (the default) the badge alone, as the
//! spec has it. Wrong PINs slow the netbook (`throttle`) and lock the person's PIN at the
//! fifth until a new one is set (`pin_lock`, in the database); a one-time
//! PIN a manager issued is replaced here, at its first use (`newPin`). The PIN is never
//! logged nor answered. The mode is recorded on the signature (`acks::sign_as`).
use plantdoc_core::acks::{BADGE, BADGE_PIN};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::{password, pin};
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::{msg, text};

use crate::badge::Netbook;
use crate::IslandState;

pub const ENTER_PIN: &str = text!("Please enter your PIN.");
/// The answer for a person who has no PIN at all, whatever PIN is typed (or none): it
/// depends on no guess, so it tells nothing about anyone's PIN (decision 100).
pub const NO_PIN: &str = text!("You have no PIN yet — ask your team lead");
pub const WRONG_PIN: &str =
    text!("This PIN is not correct. If you have no PIN yet, please ask your manager for one.");
pub const CHOOSE_PIN: &str =
    text!("This PIN was issued for one use. Please choose your own PIN of 4 to 8 digits.");
pub const SAME_PIN: &str = text!("Please choose a PIN other than the one you were given.");
/// After five wrong tries; also while five tries are being checked at once.
pub const LOCKED: &str =
    text!("This PIN is locked after 5 wrong tries. Please ask your manager for a new one.");

/// A new PIN replacing a one-time PIN, checked and hashed, not stored yet: an offline act
/// stores it in the transaction that records the signature (decision 125).
pub struct NewPin {
    user: User,
    hash: String,
}

impl NewPin {
    /// Stores it with its audit row (`auth.pin_set`, by its owner, as online) inside the
    /// caller's transaction.
    pub async fn store(&self, conn: &mut sqlx::AnyConnection, now: i64) -> AppResult<()> {
        pin::set_in(conn, &self.user, &self.hash, pin::SetBy::Owner, now).await
    }

    /// Stores it in a transaction of its own (online: before the act, so a one-time PIN is
    /// replaced even if the act is then refused).
    pub async fn store_now(&self, state: &AppState) -> AppResult<()> {
        let mut tx = state.db.begin().await?;
        self.store(&mut tx, state.now_ms()).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// The second component accepted: the mode, and the new PIN replacing a one-time PIN.
pub struct Second {
    pub mode: &'static str,
    pub new_pin: Option<NewPin>,
}

/// `signature` values of `[modules.island]`.
pub const MODES: [&str; 2] = [BADGE, BADGE_PIN];

/// The 429 text while a person or a netbook must wait after wrong PINs.
pub fn wait_text(retry: i64) -> String {
    let unit = if retry == 1 { "second" } else { "seconds" };
    msg!("A PIN was not accepted just before. Please wait {retry} {unit}, then try again.")
}

/// The PINs a signing call carries: the signer's, and a new one replacing a one-time PIN.
#[derive(Clone, Copy, Default)]
pub struct Entered<'a> {
    pub pin: Option<&'a str>,
    pub new_pin: Option<&'a str>,
}

/// The mode `who` signs in at this netbook: `badge` when the switch says so; otherwise
/// `badge+pin` once their PIN matches (403 `{error}` [`NO_PIN`] when they have none, before
/// any PIN is read; 400 `{pin}` [`ENTER_PIN`] when it is missing; 403 `{error}` when it is wrong or locked, 429
/// while the netbook must wait after wrong PINs, 400 `{newPin}` while a one-time PIN
/// awaits its replacement). Called last, once everything else of the act is known good,
/// so a right PIN is never told apart from a wrong one by another refusal. A one-time PIN's
/// replacement is stored before this answers.
pub async fn second_component(
    state: &AppState,
    netbook: &Netbook,
    who: &User,
    entered: Entered<'_>,
) -> AppResult<&'static str> {
    let second = checked(state, netbook, who, entered).await?;
    if let Some(new_pin) = &second.new_pin {
        new_pin.store_now(state).await?;
    }
    Ok(second.mode)
}

/// [`second_component`] with the replacement of a one-time PIN checked and hashed, left
/// to the caller to store.
pub async fn checked(
    state: &AppState,
    netbook: &Netbook,
    who: &User,
    entered: Entered<'_>,
) -> AppResult<Second> {
    let island = state.get::<IslandState>();
    if island.settings.signature == BADGE {
        return Ok(Second { mode: BADGE, new_pin: None });
    }
    // Nothing is guessed here: no throttle slot, no try counted.
    if !pin::exists(state, &who.id).await? {
        return Err(AppError::Forbidden(NO_PIN.into()));
    }
    // 400 `{pin}`: everything before the PIN was accepted (the kiosk asks for it now; at
    // 'Verify' a badge that may not verify is refused before this, with 403 `{error}`).
    let Some(pin) = entered.pin.filter(|p| !p.is_empty()) else {
        return Err(AppError::field("pin", ENTER_PIN));
    };
    let now = state.now_ms();
    if let Err(retry) = island.pins.check(netbook.scanner(), now) {
        tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, person = %who.id, retry, "PIN deferred: PINs not accepted before");
        let fields = FieldErrors::from([("error".to_string(), wait_text(retry))]);
        return Err(AppError::TooManyRequests { retry_after_secs: retry, fields });
    }
    // The try is counted before the PIN is hashed (in the database: every instance sees it).
    let place = match pin::take_try(state, &who.id).await? {
        pin::Try::Counted(place) => Some(place),
        pin::Try::Locked => {
            island.pins.pass(netbook.scanner());
            tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, person = %who.id, "PIN refused: locked after wrong tries");
            return Err(AppError::Forbidden(LOCKED.into()));
        }
        pin::Try::NoPin => None,
    };
    let stored = match place {
        Some(_) => pin::stored(state, &who.id).await?,
        None => None,
    };
    let ok = match &stored {
        Some(s) => pin::matches(state, pin, s).await?,
        None => false,
    };
    let (Some(stored), Some(place)) = (stored.filter(|_| ok), place) else {
        tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, person = %who.id, "PIN not accepted");
        island.pins.fail(netbook.scanner(), now);
        if let Some(place) = place {
            crate::pin_lock::wrong(state, netbook, who, place).await?;
        }
        return Err(AppError::Forbidden(WRONG_PIN.into()));
    };
    island.pins.pass(netbook.scanner());
    pin::right_try(state, &who.id, place).await?;
    if !stored.one_time {
        return Ok(Second { mode: BADGE_PIN, new_pin: None });
    }
    let new_pin = entered.new_pin.unwrap_or_default();
    let refusal = match pin::check_for(who, new_pin) {
        _ if new_pin.is_empty() => Some(CHOOSE_PIN),
        Err(msg) => Some(msg),
        Ok(()) if new_pin == pin => Some(SAME_PIN),
        Ok(()) => None,
    };
    if let Some(msg) = refusal {
        return Err(AppError::field("newPin", msg));
    }
    let hash = password::hash(state, new_pin).await?;
    Ok(Second { mode: BADGE_PIN, new_pin: Some(NewPin { user: who.clone(), hash }) })
}
