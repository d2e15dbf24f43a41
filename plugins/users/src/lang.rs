//! Settings → Account (decision 81): the signed-in person chooses their language
//! among the plant's `[i18n] languages`; audited like any change of a user.
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{FieldErrors, Json};
use plantdoc_core::{msg, AppError, AppResult, AppState};
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LangBody {
    #[serde(default)]
    lang: Option<String>,
}

/// `POST /api/users/lang {lang}`: one's own language; answers the user object.
pub async fn set(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(b): Json<LangBody>,
) -> AppResult<Reply<Value>> {
    let mut e = FieldErrors::new();
    let mut chosen = b.lang.filter(|l| !l.trim().is_empty());
    if chosen.is_none() {
        return Err(AppError::field("lang", msg!("Please choose a language.")));
    }
    state.settings.i18n.check_field(&mut e, "lang", &mut chosen);
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let lang = chosen.unwrap_or_default();
    if lang != me.lang {
        let now = state.now_ms();
        let mut tx = state.db.begin().await?;
        plantdoc_core::people::set_lang(&mut tx, &me.id, &lang, now).await?;
        let entry = AuditEntry::new(
            "user.edit",
            format!("user:{}", me.id),
            "language changed by the person",
        )
        .by(Some(&me.id), &me.full_name())
        .before(json!({"lang": me.lang}))
        .after(json!({"lang": lang}));
        audit::append(&mut tx, now, &entry).await?;
        tx.commit().await?;
    }
    let mut user = me.user.clone();
    user.lang = lang;
    Ok(Reply(user.to_json()))
}
