//! The alerts of the kiosk's offline pack (decision 121; the `AlertsInForce` port's
//! `zone_pack`): the zone's alerts in force now, each as the kiosk's feeds send it, with
//! its file and served translations (SHA-256 and where each is stored: the island links
//! them, decision 126) and its sunset. A bounded number of statements: the zone's list (the
//! feed's, remembered), the alerts, their files, their translations and those files.
use plantdoc_core::app::AppState;
use plantdoc_core::error::AppResult;
use plantdoc_core::files;
use plantdoc_core::ports::{PackFile, PackedDoc};
use plantdoc_core::review::Document;

use crate::model::{Alert, COLUMNS};

pub async fn zone_pack(state: &AppState, company: &str, zone: &str) -> AppResult<Vec<PackedDoc>> {
    let list = crate::feed::in_force(state, company, zone).await?;
    if list.ids.is_empty() {
        return Ok(Vec::new());
    }
    let now = state.now_ms();
    let mut q = plantdoc_core::db::Params::default();
    let marks = q.list(list.ids.iter().cloned());
    let sql =
        format!("SELECT {COLUMNS} FROM alerts a WHERE a.status = 'deployed' AND a.id IN ({marks})");
    let rows = q.query(&sql).fetch_all(&mut *state.db.reader().await?).await?;
    let mut alerts = rows.iter().map(Alert::from_row).collect::<Result<Vec<_>, _>>()?;
    alerts.retain(|a| a.company_code == company && a.in_force(now));
    // In the feed's order (newest effective first).
    alerts.sort_by_key(|a| list.ids.iter().position(|id| *id == a.id));
    let file_ids: Vec<String> = alerts.iter().map(|a| a.file_id.clone()).collect();
    let stored = files::describe(state, &file_ids).await?;
    let ids: Vec<String> = alerts.iter().map(|a| a.id.clone()).collect();
    let translations = plantdoc_core::review::translations::served_of_docs(
        &mut *state.db.reader().await?,
        crate::KIND,
        &ids,
    )
    .await?;
    let tr_files: Vec<String> = translations.iter().map(|t| t.file_id.clone()).collect();
    let described = files::describe(state, &tr_files).await?;
    let mut out = Vec::with_capacity(alerts.len());
    for a in alerts {
        let file =
            |section: &str, lang: Option<&str>, sha256: &str, (key, ct): &(String, String)| {
                let lang_part = lang.map(|l| format!("-{l}")).unwrap_or_default();
                PackFile {
                    section: section.into(),
                    lang: lang.map(str::to_string),
                    sha256: sha256.into(),
                    url: String::new(),
                    key: key.clone(),
                    content_type: ct.clone(),
                    name: format!("{}{lang_part}.{}", a.alert_tag, files::extension(ct)),
                }
            };
        let mut packed = Vec::new();
        if let Some(original) = stored.get(&a.file_id) {
            packed.push(file(crate::translations::SECTION, None, &a.file_hash, original));
        }
        for t in translations.iter().filter(|t| t.doc_id == a.id) {
            let Some(tr) = described.get(&t.file_id) else { continue };
            packed.push(file(&t.section, Some(&t.lang), &t.sha256, tr));
        }
        let (id, part_number, hash, sunset) =
            (a.id.clone(), a.part_number.clone(), a.file_hash.clone(), a.sunset_date);
        let shown_at = now.max(a.effective_date);
        // The island sets `url` (its own link to the original).
        let item = crate::schemas::KioskAlert { alert: a.json(shown_at), url: None };
        out.push(PackedDoc {
            kind: crate::KIND,
            id,
            part_number,
            part_id: None,
            version_hash: hash,
            doc: serde_json::to_value(&item).map_err(anyhow::Error::from)?,
            files: packed,
            from_ms: None,
            sunset_ms: Some(sunset),
        });
    }
    Ok(out)
}
