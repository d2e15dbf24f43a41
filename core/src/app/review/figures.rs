//! A review kind's figures on the console's home page (`crate::figures`): its documents
//! deployed that the person sees, and those waiting for the person's review stage (the
//! lists' own rules: `Kind::visible_sql`, `Kind::waiting_sql`).
use async_trait::async_trait;
use sqlx::Row;

use crate::app::figures::Figures;
use crate::app::AppState;
use crate::auth::users::User;
use crate::db::Params;
use crate::error::AppResult;

use super::kind::Kind;

/// `kind`'s two figures under the keys `deployed` and `waiting`.
pub struct KindFigures {
    pub kind: &'static Kind,
    pub deployed: &'static str,
    pub waiting: &'static str,
}

async fn count(state: &AppState, q: Params, sql: &str) -> AppResult<i64> {
    Ok(q.query(sql).fetch_one(&state.db.pool).await?.try_get("n")?)
}

#[async_trait]
impl Figures for KindFigures {
    async fn figures(&self, state: &AppState, u: &User) -> AppResult<Vec<(&'static str, i64)>> {
        let (a, table) = (self.kind.table.alias, self.kind.table.name);
        let mut q = Params::default();
        let vis = self.kind.visible_sql(&state.zones, &mut q, u);
        let deployed = count(
            state,
            q,
            &format!(
                "SELECT COUNT(*) AS n FROM {table} {a} WHERE {a}.status = 'deployed' AND {vis}"
            ),
        )
        .await?;
        let waiting = match self.kind.flow.stage_of(u) {
            Some(stage) if !u.zones.is_empty() => {
                let mut q = Params::default();
                let filter = self.kind.waiting_sql(&mut q, u, stage);
                count(state, q, &format!("SELECT COUNT(*) AS n FROM {table} {a} WHERE {filter}"))
                    .await?
            }
            _ => 0,
        };
        Ok(vec![(self.deployed, deployed), (self.waiting, waiting)])
    }
}
