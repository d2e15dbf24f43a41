//! The readiness board's reads: filters (in the caller's company and zones), paging and
//! order, field errors for bad filters, the summary by zone, part and operator, and the
//! CSV export's contents.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::{add, crew, deployed, login, person};

/// Two parts (A1 and B2), three operators who signed their revision 0, revision 1
/// deployed: four open obligations.
async fn board(app: &TestApp) -> (Vec<String>, Vec<String>) {
    let crew = crew(app).await;
    let p1 = deployed(&crew, "RD-401", json!({"changes": "Revised", "zones": ["A1"]})).await;
    let p2 = deployed(&crew, "RD-402", json!({"changes": "Revised", "zones": ["B2"]})).await;
    let ops = vec![
        operator(app, "1701", "mpk", &["A1"]).await,
        operator(app, "1702", "mpk", &["A1", "B2"]).await,
        operator(app, "1703", "mpk", &["B2"]).await,
    ];
    for (op, swp) in [(&ops[0], &p1), (&ops[1], &p1), (&ops[1], &p2), (&ops[2], &p2)] {
        signed_before(app, swp, op, T0 - DAY * 1000, true).await;
    }
    let r1 = deployed(&crew, "RD-401", json!({"changes": "Revised", "zones": ["A1"]})).await;
    app.clock.advance_secs(60);
    let r2 = deployed(&crew, "RD-402", json!({"changes": "Revised", "zones": ["B2"]})).await;
    (ops, vec![r1, r2])
}

#[tokio::test]
async fn filters_paging_order_and_field_errors() {
    let app = spawn_with(&RELEASE).await;
    let (ops, docs) = board(&app).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    assert_eq!(list(&mgr, "").await["total"], 4);
    assert_eq!(list(&mgr, "zone=A1").await["total"], 2);
    assert_eq!(list(&mgr, "zone=B2&part=RD-402").await["total"], 2);
    assert_eq!(list(&mgr, "part=RD-401").await["results"][0]["docId"], docs[0].as_str());
    assert_eq!(list(&mgr, &format!("operator={}", ops[1])).await["total"], 2);
    assert_eq!(list(&mgr, "state=done").await["total"], 0);
    // A page of 3, due first (RD-401's deploy came a minute earlier), then the rest.
    let page = list(&mgr, "limit=3").await;
    assert_eq!((page["total"].as_i64(), page["results"].as_array().unwrap().len()), (Some(4), 3));
    assert_eq!(page["results"][0]["partNumber"], "RD-401");
    assert_eq!(list(&mgr, "limit=3&page=2").await["results"].as_array().unwrap().len(), 1);
    assert_eq!(
        list(&mgr, "sortBy=partNumber&sortOrder=desc").await["results"][0]["partNumber"],
        "RD-402"
    );
    // Only the caller's zones and company.
    add(&app, "a1only@demo.plant", "supervisor", "production", "mpk", &["A1"]).await;
    assert_eq!(list(&login(&app, "a1only@demo.plant").await, "").await["total"], 2);
    add(&app, "c1only@demo.plant", "supervisor", "production", "mpk", &["C1"]).await;
    assert_eq!(list(&login(&app, "c1only@demo.plant").await, "").await["total"], 0);
    let umw: Vec<String> = app.state.zones.codes("umw");
    add(
        &app,
        "umw@other.plant",
        "manager",
        "production",
        "umw",
        &umw.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .await;
    assert_eq!(list(&login(&app, "umw@other.plant").await, "").await["total"], 0);
    // Bad filters: one field map.
    let r = mgr
        .get(
            "/api/readiness/obligations?zone=Z9&state=late&page=0&limit=1000&sortBy=x&sortOrder=up",
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body,
        json!({"zone": "This zone is not one of your company's zones.", "state": "State is one of open, overdue, done, void.",
            "page": "page is a number from 1 to 1000000.", "limit": "limit is a number from 1 to 100.",
            "sortBy": "Sort by one of dueDate, partNumber, operator, state, reason.", "sortOrder": "Sort order is asc or desc."})
    );
    let r = mgr.get("/api/readiness/obligations.csv?state=late").await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, json!({"state": "State is one of open, overdue, done, void."}))
    );
    let r = mgr.get("/api/readiness/summary?by=shift").await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, json!({"by": "Summarise by zone, part or operator."}))
    );
}

#[tokio::test]
async fn the_summary_counts_by_zone_part_and_operator() {
    let app = spawn_with(&RELEASE).await;
    let (ops, _) = board(&app).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    let by_zone = mgr.get("/api/readiness/summary").await.body;
    assert_eq!(
        by_zone,
        json!([{"key": "A1", "label": "A Zone 1", "open": 2, "overdue": 0, "dueSoon": 0, "done": 0, "donePct": 0},
               {"key": "B2", "label": "B Zone 2", "open": 2, "overdue": 0, "dueSoon": 0, "done": 0, "donePct": 0}])
    );
    // The zone filter holds in the summary too: by part within A1, by zone only B2's line.
    let in_a1 = mgr.get("/api/readiness/summary?by=part&zone=A1").await.body;
    assert_eq!(
        in_a1.as_array().unwrap().iter().map(|r| r["key"].as_str().unwrap()).collect::<Vec<_>>(),
        ["RD-401"],
        "{in_a1}"
    );
    let b2 = mgr.get("/api/readiness/summary?zone=B2").await.body;
    assert_eq!(
        b2.as_array().unwrap().iter().map(|r| r["key"].as_str().unwrap()).collect::<Vec<_>>(),
        ["B2"],
        "{b2}"
    );
    let r = mgr.get("/api/readiness/summary?by=part&zone=Z9").await;
    assert_eq!(
        (r.status, r.body),
        (StatusCode::BAD_REQUEST, json!({"zone": "This zone is not one of your company's zones."}))
    );
    // Five days on, both are due within 3 days; nine days on, overdue.
    app.clock.advance_secs(5 * DAY);
    crate::swp::support::relogin(&mgr, "mgr@demo.plant").await;
    let by_part = mgr.get("/api/readiness/summary?by=part").await.body;
    assert_eq!(
        by_part[0],
        json!({"key": "RD-401", "label": "RD-401", "open": 2, "overdue": 0, "dueSoon": 2, "done": 0, "donePct": 0})
    );
    app.clock.advance_secs(4 * DAY);
    crate::swp::support::relogin(&mgr, "mgr@demo.plant").await;
    let by_op = mgr.get("/api/readiness/summary?by=operator").await.body;
    let row =
        by_op.as_array().unwrap().iter().find(|r| r["key"] == ops[1].as_str()).unwrap().clone();
    assert_eq!(
        row,
        json!({"key": ops[1], "label": "OP1702 Oper B1702", "open": 2, "overdue": 2, "dueSoon": 0, "done": 0, "donePct": 0})
    );
    assert_eq!(by_op.as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn the_csv_has_one_row_per_obligation_as_the_page_shows_it() {
    let app = spawn_with(&RELEASE).await;
    let (_, _) = board(&app).await;
    let (mgr, _) = person(&app, "mgr@demo.plant", "manager", "production").await;
    let r = mgr.get("/api/readiness/obligations.csv?zone=A1").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert!(r.headers["content-disposition"].to_str().unwrap().contains("reading-obligations.csv"));
    let lines: Vec<&str> = r.text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(
        lines,
        [
            "\"Operator number\",\"Operator\",\"Kind\",\"Part number\",\"Revision\",\"Alert\",\"Reason\",\"Due date (UTC)\",\"State\",\"Done date (UTC)\"",
            "\"OP1701\",\"Oper B1701\",\"SWP\",\"RD-401\",\"1\",\"\",\"new-revision\",\"2026-01-08 00:00\",\"open\",\"\"",
            "\"OP1702\",\"Oper B1702\",\"SWP\",\"RD-401\",\"1\",\"\",\"new-revision\",\"2026-01-08 00:00\",\"open\",\"\"",
        ]
    );
}
