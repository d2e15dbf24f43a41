//! `plantdoc user import FILE.csv [--dry-run]`: a roster's rows judged new, changed,
//! disabled, unchanged or refused with reasons; the dry run writes nothing; applying
//! writes the accepted rows in one transaction, each audited.
use crate::cli::{fresh_plant, plantdoc, text};

const HEADER: &str =
    "email,firstname,lastname,companyCode,position,department,zones,opNo,badge,lang,active";

#[tokio::test]
async fn a_roster_is_judged_then_applied_in_one_transaction_audited() {
    let (tmp, vars) = fresh_plant().await;
    let env = vars.each();
    let csv = tmp.path().join("roster.csv");
    let first = format!(
        "{HEADER}\n\
         ,Olga,Ortiz,mpk,operator,production,A1,OP5001,5001,es,\n\
         new.eng@demo.plant,Nina,Engel,mpk,engineer,process,A1;B2,,,pl,true\n\
         wiz@demo.plant,Wade,Wizard,mpk,wizard,process,A1,,,,\n"
    );
    std::fs::write(&csv, &first).unwrap();
    let path = csv.display().to_string();
    let o = plantdoc(&["user", "import", &path, "--dry-run"], &env);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(2), "a refused row: {out}");
    assert!(out.contains("line 2: new 5001"), "{out}");
    assert!(out.contains("line 3: new new.eng@demo.plant"), "{out}");
    assert!(out.contains("line 4: refused wiz@demo.plant: position:"), "{out}");
    assert!(
        out.contains(
            "2 new, 0 changed, 0 disabled, 0 unchanged, 1 refused (dry run: nothing written)"
        ),
        "{out}"
    );
    // Still new: the dry run wrote nothing.
    let again = text(&plantdoc(&["user", "import", &path, "--dry-run"], &env));
    assert!(again.contains("2 new"), "{again}");

    let o = plantdoc(&["user", "import", &path], &env);
    assert!(
        text(&o).contains("2 new, 0 changed, 0 disabled, 0 unchanged, 1 refused; written"),
        "{}",
        text(&o)
    );
    let after = text(&plantdoc(&["user", "import", &path, "--dry-run"], &env));
    assert!(after.contains("0 new, 0 changed, 0 disabled, 2 unchanged, 1 refused"), "{after}");

    // The next roster: a new last name, and the operator leaves.
    let second = format!(
        "{HEADER}\n\
         ,Olga,Ortiz,mpk,operator,production,A1,OP5001,5001,es,false\n\
         new.eng@demo.plant,Nina,Engel-Ruiz,mpk,engineer,process,A1;B2,,,pl,\n"
    );
    std::fs::write(&csv, &second).unwrap();
    let o = plantdoc(&["user", "import", &path], &env);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("line 2: disabled 5001")
            && out.contains("line 3: changed new.eng@demo.plant: lastname"),
        "{out}"
    );
    let o = plantdoc(&["audit", "verify"], &env);
    assert!(o.status.success(), "the audit chain holds: {}", text(&o));
    sqlx::any::install_default_drivers();
    let db = sqlx::AnyPool::connect(&vars.db).await.unwrap();
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM audit_log WHERE meaning = 'roster import'")
            .fetch_one(&db)
            .await
            .unwrap();
    assert_eq!(n, 4, "two made, one changed, one disabled");
}
