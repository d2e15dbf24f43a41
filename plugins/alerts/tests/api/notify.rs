//! Notifications of alert review (issue 27): the engineer stage's reviewers are told at
//! submit, the manager stage's only once the engineer stage approved (in turn), the
//! author hears each verdict and the deploy.
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

async fn kinds(c: &Client) -> Vec<String> {
    let page: Value = c.get("/api/notifications").await.body;
    page["items"].as_array().unwrap().iter().map(|i| i["kind"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn each_stage_hears_when_the_alert_reaches_it() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let alert = submit(&crew.eng, json!({})).await;
    let id = alert["_id"].as_str().unwrap();
    assert_eq!(kinds(&crew.reviewer).await, ["alerts.submitted"]);
    assert!(kinds(&crew.manager).await.is_empty(), "the manager stage waits for the engineer stage");
    let link = crew.reviewer.get("/api/notifications").await.body["items"][0]["link"].clone();
    assert_eq!(link, format!("/main/sign-off?tab=alerts&review={id}"));
    crew.reviewer.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": "ok"})).await;
    assert_eq!(kinds(&crew.manager).await, ["alerts.submitted"]);
    crew.manager.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": ""})).await;
    assert_eq!(kinds(&crew.eng).await, ["alerts.in-force", "alerts.approved", "alerts.approved"]);
}
