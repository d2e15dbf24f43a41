//! Demo data for `seed demo` (`make run`): two change requests of the demo company, raised
//! by the demo's process engineer: one approved by both stages, taking effect in A1 a week
//! from now and in B2 at deploy (it names the demo SWP of 7101-0001, for its next
//! revision); one waiting for the process stage. No revision or cut-in is invented: those
//! come from real submissions and verified signatures.
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::seed::DEMO_COMPANY;
use plantdoc_core::AppState;

use crate::model::DocRef;
use crate::store::{self, NewRequest};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

async fn person(state: &AppState, email: &str) -> anyhow::Result<User> {
    users::find_by_email(&mut *state.db.pool.acquire().await?, email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo user {email} missing"))
}

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let now = state.now_ms();
    let eng = person(state, "engineer1@demo.plant").await?;
    let process = person(state, "approver.process@demo.plant").await?;
    let quality = person(state, "approver.quality@demo.plant").await?;
    let week = plantdoc_core::ports::day_of(now + 7 * DAY_MS);
    let requests = [
        (
            "Torque 12 Nm on the bracket bolts",
            "8D-1234: loose bracket bolts found at final inspection",
            vec!["8D-1234".to_string(), "CAPA-77".to_string()],
            vec![("A1".to_string(), Some(week)), ("B2".to_string(), None)],
            true,
        ),
        (
            "Visual check of the weld seam",
            "Customer complaint QC-88: porosity on the seam",
            vec!["QC-88".to_string()],
            vec![("A1".to_string(), None)],
            false,
        ),
    ];
    let mut tx = state.db.begin().await?;
    for (i, (title, reason, refs, zones, approved)) in requests.into_iter().enumerate() {
        let at = now - (3 - i as i64) * DAY_MS;
        let r = NewRequest {
            title: title.into(),
            reason: reason.into(),
            refs,
            documents: vec![DocRef { kind: "swp".into(), part_number: "7101-0001".into() }],
            zones,
        };
        let id = plantdoc_core::db::new_id();
        let number = store::next_number(&mut tx, DEMO_COMPANY, at).await?;
        store::insert(&mut tx, &eng, &r, &id, &number, at).await?;
        if approved {
            sqlx::query(
                "UPDATE change_requests SET status = 'deployed', deploy_date = $1, \
                 process_status = 'Approved', process_reviewer_id = $2, process_reviewer = $3, process_date = $1, \
                 quality_status = 'Approved', quality_reviewer_id = $4, quality_reviewer = $5, quality_date = $1 WHERE id = $6",
            )
            .bind(at + DAY_MS)
            .bind(&process.id)
            .bind(process.full_name())
            .bind(&quality.id)
            .bind(quality.full_name())
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}
