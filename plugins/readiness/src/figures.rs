//! The module's figure on the console's home page (`plantdoc_core::figures`): the open
//! reading obligations past due that the person sees (the list's own rule).
use plantdoc_core::auth::users::User;
use plantdoc_core::db::Params;
use plantdoc_core::figures::Figures;
use plantdoc_core::{AppResult, AppState};
use sqlx::Row;

use crate::filters::visible_sql;

pub struct Overdue;

#[plantdoc_core::ports::async_trait]
impl Figures for Overdue {
    async fn figures(&self, state: &AppState, user: &User) -> AppResult<Vec<(&'static str, i64)>> {
        let mut q = Params::default();
        let vis = visible_sql(state, user, &mut q);
        let now = q.add(state.now_ms());
        let sql = format!("SELECT COUNT(*) AS n FROM readiness_obligations o WHERE {vis} AND o.state = 'open' AND o.due_date < {now}");
        let n: i64 = q.query(&sql).fetch_one(&state.db.pool).await?.try_get("n")?;
        Ok(vec![("readingsOverdue", n)])
    }
}
