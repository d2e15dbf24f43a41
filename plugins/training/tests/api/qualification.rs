//! The effective level at the kiosk's gate, one rule at a time, with the injected clock:
//! expiry at `level_valid_months`, decay at `inactive_days` without a verified read, a
//! new release capping 4 at 2 until a qualified verification, a temporary worker's cap;
//! and, with every rule at 0, the level set as the spec has it.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::{add_op, add_part, block, leader};
use crate::helpers::*;
use crate::island::support::{plant, plant_crew, Plant};
use crate::swp::support::{approve_all, file_ids, login, payload};

pub const PART: &str = "QUAL-7101";
const DAY: i64 = 86_400;

/// Every rule of `[modules.training]` at 0 but those given.
pub const ALL_OFF: [(&str, &str); 5] = [
    ("modules.training.level_valid_months", "0"),
    ("modules.training.inactive_days", "0"),
    ("modules.training.temporary_max_level", "0"),
    ("modules.training.waiver_max_days", "0"),
    ("modules.training.expiring_notice_days", "0"),
];

pub struct Floor {
    pub app: TestApp,
    pub p: Plant,
    pub lead: Client,
}

/// A kiosk plant with gating on, the operator at `level` on `PART` in matrix A1; `rules`
/// override the settings (the others keep their defaults).
pub async fn floor(rules: &[(&str, &str)], level: i64) -> Floor {
    let mut o = vec![
        ("auth.ip_attempts_per_minute", "1000"),
        ("release", "2.0"),
        ("modules.training.gate", "true"),
    ];
    o.extend_from_slice(rules);
    let app = spawn_with(&o).await;
    let p = plant(&app, PART).await;
    let lead = leader(&app).await;
    assert_eq!(add_part(&lead, PART, 4).await.status, StatusCode::OK);
    assert_eq!(add_op(&lead, &p.op).await.status, StatusCode::OK);
    let f = Floor { app, p, lead };
    f.set(level).await;
    f
}

impl Floor {
    pub async fn set(&self, level: i64) {
        let id = block(&self.lead, 0, 0).await;
        let r = self
            .lead
            .post("/api/training/matrix/edit/block", &json!({"blockId": id, "squares": level}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    }
    /// The kiosk's training card: (level, reason).
    pub async fn card(&self) -> (i64, Value) {
        let s = self.p.status().await;
        (s["trainingLevel"].as_i64().unwrap(), s["trainingReason"].clone())
    }
    /// The matrix's cell of the operator on the part: (effective level, reason), which
    /// the matrix read works out apart from the gate.
    pub async fn cell(&self) -> (Value, Value) {
        let m = self.lead.get(super::support::MATRIX_A1).await.body;
        let c = &m["matrix"][0]["rowData"][0];
        (c["effective"].clone(), c["reason"].clone())
    }
    /// Moves the clock; everyone signs in again (sessions end meanwhile).
    pub async fn days(&mut self, n: i64) {
        self.app.clock.advance_secs(n * DAY);
        self.p.netbook = login(&self.app, "kiosk@demo.plant").await;
        self.lead = login(&self.app, "leader@demo.plant").await;
    }
}

#[tokio::test]
async fn a_level_expires_after_level_valid_months_and_a_new_one_renews_it() {
    let mut f = floor(&[("modules.training.inactive_days", "0")], 4).await;
    f.days(729).await;
    assert_eq!(f.card().await, (4, Value::Null));
    f.days(1).await;
    let expired =
        json!("Your certification on QUAL-7101 expired on 2028-01-01 — see the Cell Leader");
    assert_eq!(f.card().await, (1, expired));
    // The operator reads it in the kiosk's language.
    let path = format!("/api/island/operator-status/{}/{}", f.p.op, f.p.swp_id);
    let es =
        f.p.netbook.send(reqwest::Method::GET, &path, None, &[("accept-language", "es")]).await;
    assert_eq!(
        es.body["trainingReason"],
        "Su certificación en QUAL-7101 venció el 2028-01-01; consulte al líder de celda"
    );
    f.set(4).await;
    assert_eq!(f.card().await, (4, Value::Null));
}

#[tokio::test]
async fn no_verified_read_for_inactive_days_lowers_a_step_a_period_and_a_read_restores_it() {
    let mut f = floor(&[("modules.training.level_valid_months", "0")], 4).await;
    f.days(179).await;
    assert_eq!(f.card().await.0, 4);
    f.days(1).await;
    let since = json!("No verified read of QUAL-7101 since 2026-01-01 — see the Cell Leader");
    assert_eq!(f.card().await, (3, since.clone()));
    assert_eq!(f.cell().await, (json!(3), json!("decayed")));
    f.days(180).await;
    assert_eq!(f.card().await, (2, since));
    f.days(360).await;
    assert_eq!(f.card().await.0, 1, "never below 1");
    // A verified read (the supervisor witnesses it) is practice: the level set again.
    f.p.signed("practice").await;
    assert_eq!(f.card().await, (4, Value::Null));
    assert_eq!(f.cell().await, (json!(4), Value::Null));
    f.days(180).await;
    let (level, reason) = f.card().await;
    assert_eq!(
        (level, reason.as_str().unwrap().starts_with("No verified read of QUAL-7101 since 2027-")),
        (3, true)
    );
}

/// Deploys another revision of `PART` (`newRelease` as given); answers its id.
async fn revision(app: &TestApp, tag: &str, new_release: bool) -> String {
    let c = plant_crew(app).await;
    let files = file_ids(&c.eng, tag).await;
    let extra = json!({"newRelease": new_release, "changes": if new_release { "New release" } else { "Torque step" }});
    let r = c.eng.post("/api/swps/uploadS3", &payload(files, PART, extra)).await;
    assert_eq!(r.status, StatusCode::OK, "uploadS3: {}", r.text);
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    assert_eq!(approve_all(&c, &id).await["status"], "deployed");
    id
}

#[tokio::test]
async fn a_new_release_caps_4_at_2_until_a_supervisor_verifies_the_read() {
    let mut f = floor(&[], 4).await;
    f.days(1).await;
    f.p.swp_id = revision(&f.app, "qual-rev-b", false).await;
    assert_eq!(f.card().await, (4, Value::Null), "a revision that is not a new release");
    f.p.swp_id = revision(&f.app, "qual-rev-c", true).await;
    let requalify =
        json!("QUAL-7101 has a new release: read it and have the read verified to requalify");
    assert_eq!(f.card().await, (2, requalify.clone()));
    assert_eq!(f.cell().await, (json!(2), json!("requalify")));
    // An engineer's witness is a verified read (practice) but not a requalification.
    assert_eq!(f.p.read("qual-read-1").await.status, StatusCode::OK);
    assert_eq!(f.p.verify("4001", "qual-verify-1").await.status, StatusCode::OK);
    assert_eq!(f.card().await, (2, requalify));
    f.days(1).await;
    assert_eq!(f.p.read("qual-read-2").await.status, StatusCode::OK);
    assert_eq!(f.p.verify("2001", "qual-verify-2").await.status, StatusCode::OK);
    assert_eq!(f.card().await, (4, Value::Null));
    assert_eq!(f.cell().await, (json!(4), Value::Null));
    // A level 3 set after the new release is not capped.
    f.set(3).await;
    assert_eq!(f.card().await.0, 3);
}

#[tokio::test]
async fn a_temporary_worker_is_capped_at_temporary_max_level() {
    let f = floor(&[], 4).await;
    let boss = f.app.signed_in("boss@demo.plant", "manager", "production").await;
    let mut me = boss
        .get("/api/users/all")
        .await
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["_id"] == json!(f.p.op))
        .unwrap()
        .clone();
    assert_eq!(me["temporary"], json!(false));
    me["originalEmail"] = me["email"].clone();
    me["temporary"] = json!(true);
    let r = boss.post("/api/users/edit", &me).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let temp = json!("Temporary workers run QUAL-7101 at level 2 at most");
    assert_eq!(f.card().await, (2, temp));
    f.set(1).await;
    assert_eq!(f.card().await, (1, Value::Null), "below the cap: the level set");
}

#[tokio::test]
async fn every_rule_at_0_is_the_level_set_whatever_the_time() {
    let mut f = floor(&ALL_OFF, 4).await;
    sqlx::query("UPDATE users SET temporary = 1 WHERE id = $1")
        .bind(&f.p.op)
        .execute(&f.app.state.db.pool)
        .await
        .unwrap();
    f.days(1).await;
    f.p.swp_id = revision(&f.app, "qual-rev-off", true).await;
    f.days(2000).await;
    assert_eq!(f.card().await, (4, Value::Null));
}
