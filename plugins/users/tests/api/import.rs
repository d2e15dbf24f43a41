//! Settings → Users → Import (`POST /api/users/import`): the CLI's roster judged for a
//! manager, held to the managers' rules (own company, own position), a dry run that
//! writes nothing, then the accepted rows in one transaction audited as the manager.
use plantdoc_core::auth::users::UserInput;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::*;

const HEADER: &str =
    "email,firstname,lastname,companyCode,position,department,zones,opNo,badge,lang,active";

async fn import(c: &Client, csv: &str, dry_run: bool) -> Resp {
    let path = format!("/api/users/import?dryRun={dry_run}");
    c.send(Method::POST, &path, Some(csv.to_string()), &[("content-type", "text/csv")]).await
}

fn verdicts(r: &Resp) -> Vec<(String, String)> {
    let rows = r.body["rows"].as_array().unwrap_or_else(|| panic!("{}", r.text));
    rows.iter()
        .map(|x| {
            (x["key"].as_str().unwrap().to_string(), x["verdict"].as_str().unwrap().to_string())
        })
        .collect()
}

fn row<'a>(r: &'a Resp, key: &str) -> &'a Value {
    r.body["rows"].as_array().unwrap().iter().find(|x| x["key"] == key).unwrap()
}

#[tokio::test]
async fn a_manager_imports_a_roster_judged_by_the_consoles_rules_then_applied_audited() {
    let app = spawn().await;
    let boss = app.signed_in("boss@demo.plant", "manager", "production").await;
    app.add(new_user("stays@demo.plant", "engineer", "process")).await;
    app.add(new_user("leaves@demo.plant", "clerk", "process")).await;
    app.add(UserInput {
        op_no: Some("OP7".into()),
        ..new_user("op7@demo.plant", "operator", "production")
    })
    .await;
    app.add(UserInput {
        company_code: "mpd".into(),
        zones: vec![],
        ..new_user("far@demo.plant", "clerk", "process")
    })
    .await;
    let csv = format!(
        "{HEADER}\n\
         ,Olga,Ortiz,mpk,operator,production,A1,OP5001,5001,es,\n\
         stays@demo.plant,Test,Renamed,mpk,engineer,process,A1;B2,,,,\n\
         leaves@demo.plant,Test,leaves,mpk,clerk,process,A1;B2,,,,false\n\
         wiz@demo.plant,Wade,Wizard,mpk,wizard,process,A1,,,,\n\
         other@demo.plant,Otto,Other,mpd,clerk,process,,,,,\n\
         boss@demo.plant,Test,boss,mpk,engineer,production,A1;B2,,,,\n\
         far@demo.plant,Test,Renamed,mpd,clerk,process,,,,,\n\
         dup@demo.plant,Dora,Dup,mpk,operator,production,A1,OP7,,,\n"
    );
    let creates = audit_count(&app, "user.create").await;
    let r = import(&boss, &csv, true).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["applied"], false);
    assert_eq!(
        verdicts(&r).iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>(),
        ["new", "changed", "disabled", "refused", "refused", "refused", "refused", "refused"],
        "{}",
        r.text
    );
    assert_eq!(row(&r, "stays@demo.plant")["fields"], serde_json::json!(["lastname"]));
    assert_eq!(row(&r, "wiz@demo.plant")["reasons"][0]["field"], "position");
    assert_eq!(
        row(&r, "other@demo.plant")["reasons"][0]["message"],
        "You can add users to your own company only."
    );
    assert_eq!(
        row(&r, "boss@demo.plant")["reasons"][0]["message"],
        "You cannot change your own position."
    );
    assert_eq!(
        row(&r, "far@demo.plant")["reasons"][0]["message"],
        "There is no user with this e-mail.",
        "another company's person is nobody"
    );
    assert_eq!(
        row(&r, "dup@demo.plant")["reasons"][0]["message"],
        "This operator number is already used in this company."
    );
    assert_eq!(r.body["counts"]["refused"], 5);
    assert_eq!(audit_count(&app, "user.create").await, creates, "a dry run writes nothing");

    let r = import(&boss, &csv, false).await;
    assert_eq!(
        (r.status, &r.body["applied"]),
        (StatusCode::OK, &serde_json::json!(true)),
        "{}",
        r.text
    );
    assert_eq!(audit_count(&app, "user.create").await, creates + 1);
    assert_eq!(audit_count(&app, "user.update").await, 1);
    assert_eq!(audit_count(&app, "user.disable").await, 1);
    // Told as Edit and Delete User tell it: the modules that hear users.changed hear both.
    let told = "SELECT COUNT(*) FROM events e JOIN users u ON e.subject = 'user:' || u.id \
        WHERE e.kind = 'users.changed' AND e.actor_id IS NOT NULL AND \
        ((u.email = 'leaves@demo.plant' AND e.data LIKE '%\"disabled\":true%') \
        OR (u.email = 'stays@demo.plant' AND e.data LIKE '%\"disabled\":false%'))";
    assert_eq!(scalar(&app, told).await, 2);
    let by_boss = "SELECT COUNT(*) FROM audit_log a JOIN users u ON u.id = a.actor_id WHERE u.email = 'boss@demo.plant' AND a.meaning = 'roster import'";
    assert_eq!(scalar(&app, by_boss).await, 3);
    assert_eq!(
        scalar(&app, "SELECT disabled FROM users WHERE email = 'leaves@demo.plant'").await,
        1
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM users WHERE email = 'far@demo.plant' AND lastname = 'far'"
        )
        .await,
        1
    );
    let again = import(&boss, &csv, true).await;
    assert_eq!(again.body["counts"]["unchanged"], 3, "{}", again.text);
}

#[tokio::test]
async fn an_import_is_for_managers_bounded_and_needs_its_header() {
    let app = spawn().await;
    let eng = app.signed_in("eng@demo.plant", "engineer", "process").await;
    assert_eq!(import(&eng, &format!("{HEADER}\n"), true).await.status, StatusCode::FORBIDDEN);
    let boss = app.signed_in("boss@demo.plant", "manager", "production").await;
    let r = import(&boss, "name,zone\nx,y\n", true).await;
    assert_eq!(
        (r.status, r.body["file"].as_str()),
        (StatusCode::BAD_REQUEST, Some("The header row names neither email nor badge.")),
        "{}",
        r.text
    );
    let big = format!("{HEADER}\n{}", "x".repeat(1 << 20));
    assert_eq!(import(&boss, &big, true).await.status, StatusCode::PAYLOAD_TOO_LARGE);
}
