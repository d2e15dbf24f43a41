//! Notifications of alert review (decision 66): the engineer stage's reviewers are told at
//! submit, the manager stage's only once the engineer stage approved (in turn), the
//! author hears each verdict and the deploy.
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

async fn kinds(c: &Client) -> Vec<String> {
    let page: Value = c.get("/api/notifications").await.body;
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["kind"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn each_stage_hears_when_the_alert_reaches_it() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let alert = submit(&crew.eng, json!({})).await;
    let id = alert["_id"].as_str().unwrap();
    assert_eq!(kinds(&crew.reviewer).await, ["alerts.submitted"]);
    assert!(
        kinds(&crew.manager).await.is_empty(),
        "the manager stage waits for the engineer stage"
    );
    let link = crew.reviewer.get("/api/notifications").await.body["items"][0]["link"].clone();
    assert_eq!(link, format!("/main/sign-off?tab=alerts&review={id}"));
    crew.reviewer.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": "ok"})).await;
    assert_eq!(kinds(&crew.manager).await, ["alerts.submitted"]);
    crew.manager.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": ""})).await;
    assert_eq!(kinds(&crew.eng).await, ["alerts.in-force", "alerts.approved", "alerts.approved"]);
}

/// A notice of work that is done is done for everyone it went to: the engineer stage's
/// notice is read for its other member once one of them approved, a rejection ends the
/// manager stage's, and deleting a pending alert ends its notices.
#[tokio::test]
async fn a_waiting_notice_is_done_for_everyone_once_the_work_is_done() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let (second, _) =
        crate::swp::support::person(&app, "qe2@demo.plant", "engineer", "quality").await;
    async fn waiting(c: &Client) -> usize {
        let page: Value = c.get("/api/notifications").await.body;
        let items = page["items"].as_array().expect("a page of notifications");
        items.iter().filter(|i| i["kind"] == "alerts.submitted" && i["read"] == false).count()
    }
    let id = submit(&crew.eng, json!({})).await["_id"].as_str().unwrap().to_string();
    assert_eq!((waiting(&crew.reviewer).await, waiting(&second).await), (1, 1));
    let r =
        crew.reviewer.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": ""})).await;
    assert!(r.status.is_success(), "{}", r.text);
    assert_eq!(
        (waiting(&crew.reviewer).await, waiting(&second).await),
        (0, 0),
        "judged by a member of the stage"
    );
    assert_eq!(waiting(&crew.manager).await, 1, "the next stage waits");
    let r =
        crew.manager.post(&format!("/api/alerts/reject/{id}"), &json!({"reviewNote": "No"})).await;
    assert!(r.status.is_success(), "{}", r.text);
    assert_eq!(waiting(&crew.manager).await, 0, "rejected: nothing waits");
    let other = submit(&crew.eng, json!({})).await["_id"].clone();
    assert_eq!(waiting(&second).await, 1);
    assert!(crew.eng.post("/api/alerts/delete-pending", &json!([other])).await.status.is_success());
    assert_eq!(
        (waiting(&crew.reviewer).await, waiting(&second).await),
        (0, 0),
        "deleted: nothing waits"
    );
}

#[tokio::test]
async fn its_engineer_hears_once_that_an_alert_in_force_ends_soon() {
    let app = spawn().await;
    let crew = crew(&app).await;
    let approve = |c: &Client, id: String| {
        let c = c.clone();
        async move { c.post(&format!("/api/alerts/approve/{id}"), &json!({"reviewNote": ""})).await }
    };
    // In force for 30 days; a second one still waits for its review.
    let alert = submit(&crew.eng, json!({"sunsetDate": at(30 * 96)})).await;
    let id = alert["_id"].as_str().unwrap().to_string();
    approve(&crew.reviewer, id.clone()).await;
    approve(&crew.manager, id.clone()).await;
    submit(&crew.eng, json!({"sunsetDate": at(10 * 96)})).await;
    assert_eq!(
        plantdoc_alerts::tell_ending(&app.state, 7).await.unwrap(),
        0,
        "30 days left: not yet"
    );

    app.clock.advance_secs(23 * 24 * 3600);
    assert_eq!(plantdoc_alerts::tell_ending(&app.state, 0).await.unwrap(), 0, "0 days: never");
    assert_eq!(
        plantdoc_alerts::tell_ending(&app.state, 7).await.unwrap(),
        1,
        "only the deployed one"
    );
    assert_eq!(plantdoc_alerts::tell_ending(&app.state, 7).await.unwrap(), 0, "told once");
    // 23 days on, every session has ended: sign in again.
    let (eng, reviewer) = (app.client(), app.client());
    for (c, email) in [(&eng, "eng@demo.plant"), (&reviewer, "qe@demo.plant")] {
        assert_eq!(
            c.post("/api/users/login", &json!({"email": email, "password": PASSWORD})).await.status,
            200
        );
    }
    let page: Value = eng.get("/api/notifications").await.body;
    let item = &page["items"][0];
    assert_eq!(item["kind"], "alerts.ending");
    let tag = alert["alertTag"].as_str().unwrap();
    assert_eq!(item["title"], format!("Your alert {tag} for part AL-100 ends in 7 days"), "{item}");
    assert_eq!(item["link"], format!("/main/alerts?tab=my-approved&alert={id}"));
    assert!(!kinds(&reviewer).await.contains(&"alerts.ending".to_string()), "only its engineer");
}

/// The kiosk's stream carries an alert coming in force in its zones, and nothing of its
/// review (docs/security.md, "Second probe: connections, live events, storage outage").
#[tokio::test]
async fn the_kiosk_hears_an_alert_in_force_and_nothing_of_its_review() {
    let app = spawn().await;
    let crew = crew(&app).await;
    crate::swp::support::kiosk(&app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let kiosk = crate::swp::support::login(&app, "kiosk@demo.plant").await;
    let rejected = submit(&crew.eng, json!({})).await;
    let r = crew
        .reviewer
        .post(
            &format!("/api/alerts/reject/{}", rejected["_id"].as_str().unwrap()),
            &json!({"reviewNote": "No"}),
        )
        .await;
    assert!(r.status.is_success(), "{}", r.text);
    deployed(&crew, json!({})).await;
    let heard = crate::swp::notify::events(
        &kiosk,
        Some("0"),
        usize::MAX,
        std::time::Duration::from_millis(1500),
    )
    .await;
    let kinds: Vec<&str> = heard.iter().filter_map(|(_, d)| d["kind"].as_str()).collect();
    assert_eq!(kinds, ["alerts.in-force"]);
}
