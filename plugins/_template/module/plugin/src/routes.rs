//! HTTP routes of the {{id}} module (console: signed-in staff) and their handlers.
use axum::extract::State;
use plantdoc_core::prelude::*;
use serde::{Deserialize, Serialize};

use crate::{access, store, {{Type}}State};

pub fn routes() -> ApiRouter {
    ApiRouter::new("{{id}}")
        .get("/api/{{id}}/items", "Your company's items, newest first: [{_id, title, createdAt}]", list)
        .returns::<Vec<ItemJson>>()
        .post("/api/{{id}}/items", "Add an item {title}", add)
        .body::<NewItem>()
        .returns::<ItemJson>()
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewItem {
    title: Option<String>,
}

/// An item as the API answers it; its type gives the OpenAPI schema too.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemJson {
    #[serde(rename = "_id")]
    id: String,
    title: String,
    created_at: i64,
}

fn answer(i: &store::Item) -> ItemJson {
    ItemJson { id: i.id.clone(), title: i.title.clone(), created_at: i.created_at }
}

async fn list(State(state): State<AppState>, user: CurrentUser) -> AppResult<axum::Json<Vec<ItemJson>>> {
    let items = store::list(&state.db, &user.company_code).await?;
    Ok(axum::Json(items.iter().map(answer).collect()))
}

async fn add(State(state): State<AppState>, user: CurrentUser, Json(b): Json<NewItem>) -> AppResult<axum::Json<ItemJson>> {
    if !access::may_add(&user) {
        return Err(AppError::Forbidden(access::NOT_ALLOWED.into()));
    }
    let max = state.get::<{{Type}}State>().settings.max_title_chars;
    let title = b.title.unwrap_or_default().trim().to_string();
    if title.is_empty() {
        return Err(AppError::field("title", "Please enter a title."));
    }
    if title.chars().count() > max {
        return Err(AppError::field("title", format!("At most {max} characters.")));
    }
    let item = store::add(&state.db, &user.company_code, &user.id, &title, state.now_ms()).await?;
    Ok(axum::Json(answer(&item)))
}
