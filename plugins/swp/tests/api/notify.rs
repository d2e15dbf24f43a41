//! Notifications of SWP review (decision 66): who is told what (never another company or
//! a zone they do not see), the bell's reads, preferences, mail (one per event, digests,
//! links on server.public_url) and the live event stream with its resume.
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

use super::support::*;
use crate::helpers::*;

async fn bell(c: &Client, query: &str) -> Value {
    let r = c.get(&format!("/api/notifications{query}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body
}

fn kinds(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["kind"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn review_acts_tell_the_reviewers_and_the_authors_and_nobody_else() {
    let app = spawn().await;
    let crew = crew(&app).await;
    // Another company's reviewer, and one of this company whose zones do not overlap.
    add(&app, "far.quality@demo.plant", "manager", "quality", "umw", &["A1"]).await;
    let far = login(&app, "far.quality@demo.plant").await;
    add(&app, "c3.quality@demo.plant", "supervisor", "quality", "mpk", &["C3"]).await;
    let c3 = login(&app, "c3.quality@demo.plant").await;
    let id = submit(&crew.eng, "7301-0001", json!({})).await;
    for c in [&crew.process, &crew.quality, &crew.production] {
        let page = bell(c, "").await;
        assert_eq!(kinds(&page), ["swp.submitted"]);
        let item = &page["items"][0];
        assert_eq!(item["link"], format!("/main/sign-off?review={id}"));
        assert!(item["title"].as_str().unwrap().starts_with("An SWP waits for your "), "{item}");
        assert_eq!((item["read"].as_bool(), page["unread"].as_i64()), (Some(false), Some(1)));
    }
    for c in [&crew.eng, &far, &c3] {
        assert_eq!(bell(c, "").await["total"], 0, "the author, another company, another zone");
    }
    let r = crew
        .quality
        .post(&format!("/api/swps/reject/{id}"), &json!({"reviewNote": "Page 2 is blurred"}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let page = bell(&crew.eng, "?unread=true").await;
    assert_eq!(kinds(&page), ["swp.rejected"]);
    assert_eq!(page["items"][0]["note"], "Page 2 is blurred");
    assert_eq!(page["items"][0]["link"], "/main/swps?tab=my-pending");
    assert_eq!(
        bell(&crew.quality, "").await["total"],
        1,
        "the reviewer is not told of their own act"
    );

    // A whole round: the author hears each approval, then the deploy.
    let second = submit(&crew.eng, "7301-0002", json!({})).await;
    approve_all(&crew, &second).await;
    let page = bell(&crew.eng, "?limit=3").await;
    assert_eq!(kinds(&page), ["swp.deployed", "swp.approved", "swp.approved"], "newest first");
    assert_eq!((page["total"].as_i64(), page["unread"].as_i64()), (Some(5), Some(5)));
    assert_eq!(bell(&crew.eng, "?limit=3&page=2").await["items"].as_array().unwrap().len(), 2);

    // Mark read: some, then all; nobody marks another's.
    let first_id = page["items"][0]["id"].as_str().unwrap().to_string();
    // The quality reviewer's own waiting notices were done when the work was (rejected,
    // then approved): nothing of theirs is unread, and the author's stays unread.
    assert_eq!(
        crew.quality.post("/api/notifications/read", &json!({"ids": [first_id]})).await.body
            ["unread"],
        0
    );
    assert_eq!(
        crew.eng.post("/api/notifications/read", &json!({"ids": [first_id]})).await.body["unread"],
        4
    );
    assert_eq!(bell(&crew.eng, "?unread=true").await["total"], 4);
    assert_eq!(
        crew.eng.post("/api/notifications/read", &json!({"all": true})).await.body["unread"],
        0
    );
    assert_eq!(bell(&crew.eng, "").await["total"], 5);
    // Bad input: a field → message map.
    let r = crew.eng.get("/api/notifications?limit=0&unread=maybe").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["limit"].is_string() && r.body["unread"].is_string(), "{}", r.body);
    let r = crew.eng.post("/api/notifications/read", &json!({})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["ids"].is_string(), "{}", r.body);
}

#[tokio::test]
async fn preferences_choose_bell_mail_digest_or_nothing() {
    // The test drives the mail task itself: the app's own (every 2 s) would race it on a
    // slow run and mail what the test settles first.
    let app = spawn_with(&[
        ("server.public_url", "https://plant.example/"),
        ("notifications.mail_every_ms", "3600000"),
    ])
    .await;
    let crew = crew(&app).await;
    let prefs = crew.eng.get("/api/notifications/preferences").await.body;
    let of = |p: &Value, k: &str| {
        p["preferences"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["kind"] == k)
            .cloned()
            .unwrap_or(Value::Null)
    };
    assert_eq!(
        (
            of(&prefs, "swp.submitted")["channel"].as_str(),
            of(&prefs, "swp.deployed")["channel"].as_str()
        ),
        (Some("email"), Some("bell"))
    );
    assert_eq!(of(&prefs, "swp.rejected")["label"], "Your SWP was rejected");
    // A person who reads Spanish reads the kinds' names in Spanish.
    app.add(plantdoc_core::auth::users::UserInput {
        firstname: "Elena".into(),
        lastname: "Ruiz".into(),
        zones: zone_list(&["A1"]),
        lang: Some("es".into()),
        ..new_user("elena@demo.plant", "engineer", "process")
    })
    .await;
    let elena = app.login("elena@demo.plant").await;
    let es = elena.get("/api/notifications/preferences").await.body;
    assert_eq!(of(&es, "swp.rejected")["label"], "Su SWP fue rechazado", "{es}");
    let r = crew
        .eng
        .post(
            "/api/notifications/preferences",
            &json!({"preferences": {"swp.rejected": "pigeon", "nope.x": "bell"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["swp.rejected"], "Choose bell, email, digest or off.");
    assert_eq!(r.body["nope.x"], "No such kind of event.");
    // The production reviewer turns waiting SWPs off; the author wants a digest of rejections.
    let r = crew
        .production
        .post("/api/notifications/preferences", &json!({"preferences": {"swp.submitted": "off"}}))
        .await;
    assert_eq!(of(&r.body, "swp.submitted")["channel"], "off");
    crew.eng
        .post("/api/notifications/preferences", &json!({"preferences": {"swp.rejected": "digest"}}))
        .await;

    let id = submit(&crew.eng, "7302-0001", json!({})).await;
    assert_eq!(bell(&crew.production, "").await["total"], 0);
    // One mail per waiting reviewer (e-mail by default), however often the task runs.
    let (a, b) = tokio::join!(
        plantdoc_core::notify::mail::tick(&app.state),
        plantdoc_core::notify::mail::tick(&app.state)
    );
    a.unwrap();
    b.unwrap();
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    let mails: Vec<(String, String, String)> =
        sqlx::query_as("SELECT to_addr, subject, body FROM outbox ORDER BY to_addr")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    let to: Vec<&str> = mails.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(to, ["rev.process@demo.plant", "rev.quality@demo.plant"], "{mails:?}");
    assert!(mails[0].1.starts_with("An SWP waits for your process review"), "{}", mails[0].1);
    assert!(
        mails[0].2.contains(&format!("Open: https://plant.example/main/sign-off?review={id}\n")),
        "{}",
        mails[0].2
    );

    // Rejections wait for the digest: nothing until the oldest is a day old, then one mail.
    crew.quality
        .post(&format!("/api/swps/reject/{id}"), &json!({"reviewNote": "Wrong part"}))
        .await;
    let again = submit(&crew.eng, "7302-0002", json!({})).await;
    crew.process
        .post(&format!("/api/swps/reject/{again}"), &json!({"reviewNote": "Missing page"}))
        .await;
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    let to_eng = "SELECT COUNT(*) FROM outbox WHERE to_addr = 'eng@demo.plant'";
    assert_eq!(scalar(&app, to_eng).await, 0);
    app.clock.advance_secs(24 * 3600);
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    assert_eq!(scalar(&app, to_eng).await, 1);
    let (subject, body): (String, String) =
        sqlx::query_as("SELECT subject, body FROM outbox WHERE to_addr = 'eng@demo.plant'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(subject, "Plantdoc: 2 notifications today");
    assert!(body.contains("Note: Wrong part") && body.contains("Note: Missing page"), "{body}");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM notifications WHERE mail_state = 'sent'").await,
        4,
        "2 reviewers' mails and the digest's 2 (the third SWP was rejected before its reviewers' mails went: none went)"
    );
    // The outbox keeps 90 days: then the events go, and their notifications with them.
    app.clock.advance_secs(91 * 24 * 3600);
    plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM events").await
            + scalar(&app, "SELECT COUNT(*) FROM notifications").await,
        0
    );
}

/// Opens `/api/events` as `c` (resuming after `last`), reads until `want` data events
/// arrived or `wait` passed; answers (id, data) of each, the `ready` event's included.
pub(crate) async fn events(
    c: &Client,
    last: Option<&str>,
    want: usize,
    wait: Duration,
) -> Vec<(String, Value)> {
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let mut req = c.http.get(format!("{}/api/events", c.base)).header("cookie", cookies.join("; "));
    if let Some(id) = last {
        req = req.header("last-event-id", id);
    }
    let mut r = req.send().await.unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(r.headers()["content-type"], "text/event-stream");
    let (mut text, mut out) = (String::new(), Vec::new());
    let deadline = tokio::time::Instant::now() + wait;
    while out.is_empty()
        || out.iter().filter(|(_, d): &&(String, Value)| d.get("kind").is_some()).count() < want
    {
        match tokio::time::timeout_at(deadline, r.chunk()).await {
            Ok(Ok(Some(b))) => text.push_str(&String::from_utf8_lossy(&b)),
            _ => break,
        }
        while let Some(end) = text.find("\n\n") {
            let block: String = text.drain(..end + 2).collect();
            let field =
                |name: &str| block.lines().find_map(|l| l.strip_prefix(name).map(str::to_string));
            if let (Some(id), Some(data)) =
                (field("id: ").or(field("id:")), field("data: ").or(field("data:")))
            {
                out.push((id, serde_json::from_str(&data).unwrap_or(Value::Null)));
            }
        }
    }
    out
}

#[tokio::test]
async fn the_event_stream_tells_open_pages_what_they_may_see_and_resumes() {
    let app = spawn().await;
    let crew = crew(&app).await;
    add(&app, "far@demo.plant", "manager", "quality", "umw", &["A1"]).await;
    let far = login(&app, "far@demo.plant").await;
    let start = events(&crew.quality, None, 0, Duration::from_millis(300)).await;
    let ready = start.first().map(|(id, _)| id.clone()).expect("a ready event");
    let (live, outsider, id) = tokio::join!(
        events(&crew.quality, None, 3, Duration::from_secs(5)),
        events(&far, None, 1, Duration::from_secs(3)),
        async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            submit(&crew.eng, "7303-0001", json!({})).await
        }
    );
    let got: Vec<&Value> =
        live.iter().map(|(_, d)| d).filter(|d| d.get("kind").is_some()).collect();
    // One event per stage it enters; the quality reviewer's own is marked for their bell.
    assert_eq!(got.len(), 3, "{live:?}");
    assert!(
        got.iter().all(|d| d["kind"] == "swp.submitted" && d["subject"] == format!("swp:{id}")),
        "{got:?}"
    );
    let mine: Vec<&str> = got
        .iter()
        .filter(|d| d["notified"] == true)
        .map(|d| d["data"]["stage"].as_str().unwrap())
        .collect();
    assert_eq!(mine, ["quality"]);
    assert!(outsider.iter().all(|(_, d)| d.get("kind").is_none()), "another company: {outsider:?}");
    // Offline for a while: a reconnect with Last-Event-ID catches up from the outbox.
    crew.quality.post(&format!("/api/swps/reject/{id}"), &json!({"reviewNote": "No"})).await;
    let missed = events(&crew.eng, Some(&ready), 4, Duration::from_secs(3)).await;
    let missed: Vec<&str> = missed.iter().filter_map(|(_, d)| d["kind"].as_str()).collect();
    assert_eq!(missed, ["swp.submitted", "swp.submitted", "swp.submitted", "swp.rejected"]);
    // Signed out: no stream.
    let r = app.client().get("/api/events").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}
