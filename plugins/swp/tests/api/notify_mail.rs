//! Notification mail through a real SMTP server (aiosmtpd), and two instances on one
//! PostgreSQL: one mail per event whichever instance's task claims it, and an approval
//! made on one reaching a page connected to the other (decision 66).
use std::time::Duration;

use serde_json::json;

use super::notify::events;
use super::support::*;
use crate::helpers::*;

#[tokio::test]
async fn a_waiting_swp_is_mailed_once_as_text_and_html_with_its_link() {
    let dir = tempfile::tempdir().unwrap();
    let catcher = SmtpCatcher::start(dir.path());
    let port = catcher.port.clone();
    let app = spawn_with(&[
        ("mail.smtp.host", "127.0.0.1"),
        ("mail.smtp.port", &port),
        ("server.public_url", "https://plant.example"),
    ])
    .await;
    let crew = crew(&app).await;
    for c in [&crew.process, &crew.production] {
        c.post(
            "/api/notifications/preferences",
            &json!({"preferences": {"swp.submitted": "bell"}}),
        )
        .await;
    }
    let id = submit(&crew.eng, "7304-0001", json!({})).await;
    for _ in 0..3 {
        plantdoc_core::notify::mail::tick(&app.state).await.unwrap();
    }
    let eml = || -> Vec<_> {
        std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|f| f.path().extension().is_some_and(|e| e == "eml"))
            .collect()
    };
    for _ in 0..100 {
        if !eml().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A moment more: a second mail would have arrived by now.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mails: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .flatten()
        .filter(|f| f.path().extension().is_some_and(|e| e == "eml"))
        .collect();
    assert_eq!(mails.len(), 1, "the quality reviewer only (the others chose the bell)");
    let mail = std::fs::read_to_string(mails[0].path())
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    assert!(mail.contains("X-Rcpt-To: rev.quality@demo.plant"), "{mail}");
    assert!(
        mail.contains("Subject: An SWP waits for your quality review: part 7304-0001"),
        "{mail}"
    );
    assert!(
        mail.contains("multipart/alternative")
            && mail.contains("text/plain")
            && mail.contains("text/html"),
        "{mail}"
    );
    let link = format!("https://plant.example/main/sign-off?review={id}");
    assert!(mail.contains(&format!("Open: {link}")), "text part: {mail}");
    assert!(mail.contains(&format!("<a href=\"{link}\">")), "html part: {mail}");
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM notifications WHERE mail_state = 'sent'").await,
        1
    );
}

#[tokio::test]
async fn two_instances_on_one_postgres_mail_each_event_once_and_stream_each_others_acts() {
    if !on_postgres() {
        return; // One SQLite file has one instance.
    }
    let a = spawn().await;
    let b = spawn_on(tempfile::tempdir().unwrap(), a.db_url.clone(), &[]).await;
    let crew = crew(&a).await;
    // The quality reviewer's page is open on B; the engineer submits through A.
    let on_b = Client {
        base: b.base.clone(),
        http: crew.quality.http.clone(),
        jar: crew.quality.jar.clone(),
    };
    let (seen, id) = tokio::join!(events(&on_b, None, 3, Duration::from_secs(5)), async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        submit(&crew.eng, "7305-0001", json!({})).await
    });
    let subjects: Vec<&str> = seen.iter().filter_map(|(_, d)| d["subject"].as_str()).collect();
    assert_eq!(subjects, vec![format!("swp:{id}"); 3], "{seen:?}");
    // Both instances' mail passes race for the three reviewers' mails: each goes once.
    for _ in 0..3 {
        let (x, y) = tokio::join!(
            plantdoc_core::notify::mail::tick(&a.state),
            plantdoc_core::notify::mail::tick(&b.state)
        );
        x.unwrap();
        y.unwrap();
    }
    assert_eq!(scalar(&a, "SELECT COUNT(*) FROM outbox").await, 3);
    assert_eq!(scalar(&a, "SELECT COUNT(DISTINCT to_addr) FROM outbox").await, 3);
}
