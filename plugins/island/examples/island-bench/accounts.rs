//! The bench's accounts beside the seeded operators: the kiosk (every zone of mpk) and a
//! cell leader of A1 (the training matrix's editor).
use plantdoc_core::auth::users::UserInput;
use plantdoc_core::AppState;

use crate::PASSWORD;

pub async fn add(state: &AppState) -> anyhow::Result<()> {
    let input = UserInput {
        firstname: "Island".into(),
        lastname: "Kiosk".into(),
        email: "kiosk@bench.plant".into(),
        company_code: "mpk".into(),
        position: "operator".into(),
        department: "production".into(),
        zones: state.zones.codes("mpk"),
        badge: None,
        op_no: None,
        kiosk: Some(true),
        plant_admin: None,
        lang: None,
        temporary: None,
    };
    plantdoc_core::seed::add_user(state, input, PASSWORD, false, "bench")
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let leader = UserInput {
        firstname: "Cell".into(),
        lastname: "Leader".into(),
        email: "leader@bench.plant".into(),
        company_code: "mpk".into(),
        position: "supervisor".into(),
        department: "production".into(),
        zones: vec!["A1".into()],
        badge: None,
        op_no: None,
        kiosk: None,
        plant_admin: None,
        lang: None,
        temporary: None,
    };
    plantdoc_core::seed::add_user(state, leader, PASSWORD, false, "bench")
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(())
}
