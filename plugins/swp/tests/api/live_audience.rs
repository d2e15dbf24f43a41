//! Who hears what on the live stream (docs/security.md, "Second probe: connections, live
//! events, storage outage"): the kiosk, and operators with passwords, hear only the
//! floor's events of their zones; a rejection's note reaches only those it names.
use std::time::Duration;

use serde_json::{json, Value};

use super::notify::events;
use super::support::*;
use crate::helpers::*;

const NOTE: &str = "CONFIDENTIAL: supplier X quality escape";

/// Everything `c`'s stream replays from the start of the outbox.
async fn heard(c: &Client) -> Vec<Value> {
    let all = events(c, Some("0"), usize::MAX, Duration::from_millis(1500)).await;
    all.into_iter().map(|(_, d)| d).filter(|d| d.get("kind").is_some()).collect()
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events.iter().map(|d| d["kind"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_kiosk_and_operators_hear_only_the_floor_and_a_note_only_its_people() {
    let app = spawn().await;
    let crew = crew(&app).await;
    kiosk(&app, "kiosk.a1@demo.plant", "mpk", &["A1"]).await;
    kiosk(&app, "kiosk.c1@demo.plant", "mpk", &["C1"]).await;
    add(&app, "operator@demo.plant", "operator", "production", "mpk", &["A1", "B2"]).await;
    let (kiosk_a1, kiosk_c1, operator) = (
        login(&app, "kiosk.a1@demo.plant").await,
        login(&app, "kiosk.c1@demo.plant").await,
        login(&app, "operator@demo.plant").await,
    );
    // Live, while the acts happen: the kiosk's stream open through them.
    let (live, _) = tokio::join!(events(&kiosk_a1, None, 1, Duration::from_secs(30)), async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let rejected = submit(&crew.eng, "7304-0001", json!({})).await;
        let r = crew
            .quality
            .post(&format!("/api/swps/reject/{rejected}"), &json!({"reviewNote": NOTE}))
            .await;
        assert!(r.status.is_success(), "{}", r.text);
        let deployed = submit(&crew.eng, "7304-0002", json!({})).await;
        approve_all(&crew, &deployed).await;
    });
    let live: Vec<&str> = live.iter().filter_map(|(_, d)| d["kind"].as_str()).collect();
    assert_eq!(live, ["swp.deployed"], "the kiosk's first event is the deploy");

    // Replayed from the outbox, the same rules.
    for c in [&kiosk_a1, &operator] {
        let got = heard(c).await;
        assert_eq!(kinds(&got), ["swp.deployed"], "the floor's only: {got:?}");
        assert_eq!(got[0]["data"]["partNumber"], "7304-0002");
    }
    assert_eq!(
        kinds(&heard(&kiosk_c1).await),
        Vec::<&str>::new(),
        "another zone's kiosk hears nothing"
    );

    // The note: the author it names hears it; a reviewer of another stage hears the
    // rejection (their list changes) without it.
    let author = heard(&crew.eng).await;
    let rejection = author
        .iter()
        .find(|d| d["kind"] == "swp.rejected")
        .expect("the author hears the rejection");
    assert_eq!(rejection["data"]["note"], NOTE);
    let other = heard(&crew.production).await;
    let rejection =
        other.iter().find(|d| d["kind"] == "swp.rejected").expect("a reviewer hears the rejection");
    assert!(rejection["data"].get("note").is_none(), "{rejection}");
    assert!(!other.iter().any(|d| d.to_string().contains("CONFIDENTIAL")), "{other:?}");
}
