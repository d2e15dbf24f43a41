//! The matrix shows the truth: each cell's effective level, reason and validUntil in the
//! answer and the CSV (absent with every rule at 0), and `GET /api/training/gaps`.
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::qualification::{floor, ALL_OFF};
use super::support::MATRIX_A1;

const CSV_A1: &str = "/api/training/matrix/export/shift/1/cell/A/zone/1";

#[tokio::test]
async fn the_matrix_and_its_csv_carry_level_set_effective_level_reason_and_valid_until() {
    let mut f = floor(&[("modules.training.inactive_days", "0")], 4).await;
    f.days(730).await;
    let cell = f.lead.get(MATRIX_A1).await.body["matrix"][0]["rowData"][0].clone();
    let got: Vec<Value> = ["squares", "effective", "reason", "reasonDate", "validUntil"]
        .iter()
        .map(|k| cell[*k].clone())
        .collect();
    assert_eq!(
        got,
        [
            json!(4),
            json!(1),
            json!("expired"),
            json!("2028-01-01"),
            json!("2028-01-01T00:00:00.000Z")
        ]
    );
    let csv = f.lead.get(CSV_A1).await.text;
    assert!(
        csv.contains("\r\n\r\n\"Operator number\",\"Operator name\",\"Part number\",\"Level set\",\"Effective level\",\"Reason\",\"Valid until\"\r\n\"OP1001\",\"Badge 1001\",\"QUAL-7101\",\"4\",\"1\",\"expired on 2028-01-01\",\"2028-01-01\"\r\n"),
        "{csv}"
    );
}

#[tokio::test]
async fn with_every_rule_at_0_the_matrix_and_csv_are_the_spec_s() {
    let f = floor(&ALL_OFF, 4).await;
    let cell = f.lead.get(MATRIX_A1).await.body["matrix"][0]["rowData"][0].clone();
    let keys: Vec<&String> = cell.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["_id", "certTargetOpHours", "op", "squares"]);
    assert!(!f.lead.get(CSV_A1).await.text.contains("Effective level"));
}

#[tokio::test]
async fn gaps_are_cells_below_target_expiring_or_due_for_requalification() {
    let mut f = floor(&[("modules.training.inactive_days", "0")], 4).await;
    let gaps = |q: &'static str| {
        let c = f.lead.clone();
        async move { c.get(&format!("/api/training/gaps{q}")).await }
    };
    assert_eq!(gaps("?zone=A1").await.body, json!([]), "certified, valid for 24 months");
    f.set(3).await;
    let one = gaps("?zone=a1&within_days=30").await.body;
    assert_eq!(
        (one[0]["gaps"].clone(), one[0]["partNumber"].clone()),
        (json!(["below-target"]), json!("QUAL-7101"))
    );
    f.days(700).await;
    let gaps = |q: &'static str| {
        let c = f.lead.clone();
        async move { c.get(&format!("/api/training/gaps{q}")).await }
    };
    assert_eq!(gaps("?within_days=29").await.body[0]["gaps"], json!(["below-target"]));
    let soon = gaps("?within_days=30").await.body;
    assert_eq!(
        (soon[0]["gaps"].clone(), soon[0]["validUntil"].clone()),
        (json!(["below-target", "expiring"]), json!("2028-01-01T00:00:00.000Z"))
    );
    assert_eq!(gaps("?zone=B1").await.body, json!([]));
    let bad = gaps("?zone=Q9&within_days=x").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.body,
        json!({"zone": "Please give a zone of a training matrix (A1 to D3), or none.", "within_days": "Please give a number of days from 0 to 3650."})
    );
}

async fn expiring_titles(c: &crate::helpers::Client) -> Vec<String> {
    let page: Value = c.get("/api/notifications").await.body;
    let items = page["items"].as_array().unwrap_or_else(|| panic!("{page}"));
    let mine = items.iter().filter(|i| i["kind"] == "training.expiring");
    mine.map(|i| format!("{} -> {}", i["title"].as_str().unwrap(), i["link"].as_str().unwrap()))
        .collect()
}

#[tokio::test]
async fn a_level_expiring_within_expiring_notice_days_is_told_once_to_the_zone_s_supervisors() {
    let mut f = floor(&[], 4).await;
    crate::swp::support::add(
        &f.app,
        "sup.c1@demo.plant",
        "supervisor",
        "production",
        "mpk",
        &["C1"],
    )
    .await;
    f.days(699).await;
    assert_eq!(plantdoc_training::tell_expiring(&f.app.state).await.unwrap(), 0, "31 days before");
    f.days(1).await;
    assert_eq!(plantdoc_training::tell_expiring(&f.app.state).await.unwrap(), 1);
    assert_eq!(plantdoc_training::tell_expiring(&f.app.state).await.unwrap(), 0, "told once");
    assert_eq!(
        expiring_titles(&f.lead).await,
        ["The training of OP1001 Badge 1001 on QUAL-7101 expires on 2028-01-01 -> /main/training?shift=1&cell=A&zone=1&gaps=1"]
    );
    let other = crate::swp::support::login(&f.app, "sup.c1@demo.plant").await;
    assert!(expiring_titles(&other).await.is_empty(), "another zone");
    // Set again: a new validity, told again only when it in turn comes near.
    f.set(4).await;
    assert_eq!(plantdoc_training::tell_expiring(&f.app.state).await.unwrap(), 0);
}

#[tokio::test]
async fn expiring_notice_days_0_tells_nothing() {
    let mut f = floor(&[("modules.training.expiring_notice_days", "0")], 4).await;
    f.days(729).await;
    assert_eq!(plantdoc_training::tell_expiring(&f.app.state).await.unwrap(), 0);
}
