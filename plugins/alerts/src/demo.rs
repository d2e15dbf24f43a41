//! Demo data for `seed demo` (`make run`): a few alerts in force in the demo plant's
//! zones, uploaded by engineer1, approved by engineer2 and the process manager, and one
//! waiting for review, so that every tab and the kiosk feed show something.
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::events::Event;
use plantdoc_core::files::{self, FileState};
use plantdoc_core::seed::DEMO_COMPANY;
use serde_json::json;

/// A real one-page PDF ("DEMO ALERT").
const PDF: &[u8] = include_bytes!("../demo/alert.pdf");

/// (tag, type, part, zone count, hours since effective, days to sunset, deployed, changes)
type DemoAlert = (&'static str, &'static str, &'static str, usize, i64, i64, bool, &'static str);

const ALERTS: &[DemoAlert] = &[
    (
        "S-2026-0001",
        "Safety",
        "7101-0001",
        3,
        2,
        7,
        true,
        "Wear cut-resistant gloves at the door panel press.",
    ),
    (
        "Q-2026-0001",
        "Quality",
        "7101-0002",
        2,
        1,
        5,
        true,
        "Check hinge torque on every tenth part.",
    ),
    (
        "C-2026-0001",
        "Change",
        "7102-0010",
        1,
        0,
        14,
        true,
        "New mirror arm bracket from this shift on.",
    ),
    ("N-2026-0001", "New Part", "7103-0100", 2, 0, 7, false, "Console lid enters production."),
];

async fn user_id(state: &AppState, email: &str) -> anyhow::Result<(String, String)> {
    let mut conn = state.db.pool.acquire().await?;
    let u = plantdoc_core::auth::users::find_by_email(&mut conn, email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo user {email} is missing"))?;
    Ok((u.id.clone(), u.full_name()))
}

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let (owner, owner_name) = user_id(state, "engineer1@demo.plant").await?;
    let (eng, eng_name) = user_id(state, "engineer2@demo.plant").await?;
    let (mgr, mgr_name) = user_id(state, "manager.process@demo.plant").await?;
    let (first, last) = owner_name.split_once(' ').unwrap_or((&owner_name, ""));
    let zones = state.zones.codes(DEMO_COMPANY);
    let now = state.now_ms();
    let hour = 60 * 60 * 1000;
    let quarter = crate::submit::STEP_MS;
    for (tag, kind, part, nzones, since, days, deployed, changes) in ALERTS {
        let rec = files::store_made(
            state,
            &owner,
            crate::submit::MODULE,
            &format!("{tag}.pdf"),
            "application/pdf",
            PDF.to_vec(),
        )
        .await
        .map_err(|e| anyhow::anyhow!("demo alert file: {e:?}"))?;
        let z: Vec<String> = zones.iter().take(*nzones).cloned().collect();
        let effective = (now - since * hour) / quarter * quarter;
        let sunset = effective + days * 24 * hour;
        let id = plantdoc_core::db::new_id();
        let mut tx = state.db.begin().await?;
        files::claim(&mut tx, &owner, crate::submit::MODULE, &rec.id, FileState::Attached).await?;
        let part_id = plantdoc_core::parts::ensure(&mut tx, DEMO_COMPANY, part, "", now).await?;
        let (status, verdict) =
            if *deployed { ("deployed", "Approved") } else { ("pending", "Pending") };
        let (e_id, e_name, m_id, m_name, at) = if *deployed {
            (
                Some(eng.clone()),
                Some(eng_name.clone()),
                Some(mgr.clone()),
                Some(mgr_name.clone()),
                Some(now),
            )
        } else {
            (None, None, None, None, None)
        };
        sqlx::query(
            "INSERT INTO alerts (id, company_code, alert_tag, alert_type, part_number, part_id, status, owner_id, owner_firstname, owner_lastname, \
             zones, zone_mask, changes, file_id, file_hash, upload_date, effective_date, sunset_date, deploy_date, \
             engineer_status, engineer_reviewer_id, engineer_reviewer, engineer_date, manager_status, manager_reviewer_id, manager_reviewer, manager_date) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)",
        )
        .bind(&id)
        .bind(DEMO_COMPANY)
        .bind(tag)
        .bind(kind)
        .bind(part)
        .bind(&part_id)
        .bind(status)
        .bind(&owner)
        .bind(first)
        .bind(last)
        .bind(serde_json::to_string(&z)?)
        .bind(plantdoc_core::zones::zone_mask(&z))
        .bind(changes)
        .bind(&rec.id)
        .bind(&rec.sha256)
        .bind(now - hour)
        .bind(effective)
        .bind(sunset)
        .bind(at)
        .bind(verdict)
        .bind(e_id)
        .bind(e_name)
        .bind(at)
        .bind(verdict)
        .bind(m_id)
        .bind(m_name)
        .bind(at)
        .execute(&mut *tx)
        .await?;
        for zone in &z {
            sqlx::query("INSERT INTO alert_zones (alert_id, zone, company_code, deployed, effective_date, sunset_date) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(&id)
                .bind(zone)
                .bind(DEMO_COMPANY)
                .bind(i64::from(*deployed))
                .bind(effective)
                .bind(sunset)
                .execute(&mut *tx)
                .await?;
        }
        if *deployed {
            // Told as the review engine's deployment tells it: the modules that follow
            // documents (reading obligations) know the demo's alerts as a plant's.
            let data = json!({"docId": id, "alertTag": tag, "partNumber": part, "partId": part_id,
                "effectiveDate": effective, "sunsetDate": sunset, "versionHash": rec.sha256});
            let event = Event::new(
                crate::access::KIND.notices.deployed.id,
                DEMO_COMPANY,
                format!("alert:{id}"),
            )
            .zones(&z)
            .data(data);
            state.emit(&mut tx, now, &event).await?;
        }
        let (letter, year) = (&tag[..1], &tag[2..6]);
        sqlx::query(
            "INSERT INTO alert_tag_seq (company_code, prefix, last_seq) VALUES ($1, $2, 1) ON CONFLICT (company_code, prefix) DO NOTHING",
        )
        .bind(DEMO_COMPANY)
        .bind(format!("{letter}-{year}"))
        .execute(&mut *tx)
        .await?;
        let e = AuditEntry::new(
            "alert.seed",
            format!("alert:{id}"),
            format!("demo alert {tag} seeded ({status})"),
        )
        .by(None, "seed")
        .after(json!({"alertTag": tag, "status": status}));
        audit::append(&mut tx, now, &e).await?;
        tx.commit().await?;
    }
    Ok(())
}
