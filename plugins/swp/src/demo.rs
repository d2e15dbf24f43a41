//! Demo data for `plantdoc seed demo` (`make run`): deployed SWPs with real PDFs for some
//! demo parts, so a newcomer can walk the kiosk. They go through the real submit path,
//! by the process manager with management approval bypassed (so the audit log and the
//! version hash are those of any SWP).
use axum::extract::State;
use futures::future::BoxFuture;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::{FromBody, Parsed};
use plantdoc_core::files;
use plantdoc_core::pdf::lopdf::content::{Content, Operation};
use plantdoc_core::pdf::lopdf::{dictionary, Document, Object, Stream};
use serde_json::json;

/// (part number, what the part is).
const DEMO_SWPS: &[(&str, &str)] =
    &[("7101-0001", "Door panel"), ("7101-0002", "Hood hinge"), ("7102-0010", "Mirror arm")];
const AUTHOR: &str = "manager.process@demo.plant";
const SECTIONS: [(&str, &str); 3] = [
    ("swc", "Standard Work Chart"),
    ("jes", "Job Element Sheet"),
    ("vis", "Visual Inspection Sheet"),
];

/// A one-page PDF with a title and a few lines.
fn pdf(lines: &[String]) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"},
    );
    let mut ops = vec![
        Operation::new("BT", vec![]),
        Operation::new("Tf", vec!["F1".into(), 20.into()]),
        Operation::new("Td", vec![72.into(), 760.into()]),
    ];
    for (i, line) in lines.iter().enumerate() {
        if i == 1 {
            ops.push(Operation::new("Tf", vec!["F1".into(), 13.into()]));
        }
        ops.push(Operation::new("Tj", vec![Object::string_literal(line.as_str())]));
        ops.push(Operation::new("Td", vec![0.into(), (-28).into()]));
    }
    ops.push(Operation::new("ET", vec![]));
    let content = doc.add_object(Stream::new(
        dictionary! {},
        Content { operations: ops }.encode().unwrap_or_default(),
    ));
    let page =
        doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => content});
    let media: Vec<Object> = vec![0.into(), 0.into(), 612.into(), 792.into()];
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => vec![Object::from(page)], "Count" => 1, "Resources" => dictionary! {"Font" => dictionary! {"F1" => font}}, "MediaBox" => media}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut buf = Vec::new();
    doc.save_to(&mut buf).expect("an in-memory PDF");
    buf
}

async fn seed_one(
    state: &AppState,
    author: &CurrentUser,
    part: &str,
    what: &str,
) -> anyhow::Result<()> {
    let mut ids = serde_json::Map::new();
    for (key, title) in SECTIONS {
        let lines = vec![
            format!("{part} {what}: {title}"),
            "Demo instructions of the Plantdoc demo plant.".to_string(),
            format!("1. Check the {what} against the drawing before loading."),
            "2. Load the fixture; both clamps closed.".to_string(),
            "3. Inspect every part; report defects to the Cell Leader.".to_string(),
        ];
        let name = format!("{part}-{}.pdf", key.to_uppercase());
        let rec =
            files::store_made(state, &author.id, "swp", &name, "application/pdf", pdf(&lines))
                .await
                .map_err(|e| anyhow::anyhow!("{name}: {e:?}"))?;
        ids.insert(key.to_string(), json!([rec.id]));
    }
    ids.insert("video".into(), serde_json::Value::Null);
    ids.insert("opin".into(), json!([]));
    let body = json!({
        "fileIds": ids, "partNumber": part, "format": "swp", "zones": state.zones.codes(&author.company_code),
        "onBehalfOf": "CURRENT_USER", "newRelease": true, "referenceOnly": false, "changes": "", "bypassManagement": true,
    });
    let author =
        CurrentUser { user: author.user.clone(), session_hash: String::new(), restricted: false };
    let form = crate::submit_form::SubmitForm::parse_value(&body)
        .map_err(|e| anyhow::anyhow!("SWP {part}: {e:?}"))?;
    let _deployed = crate::submit::submit(State(state.clone()), author, Parsed(form))
        .await
        .map_err(|e| anyhow::anyhow!("SWP {part}: {e:?}"))?;
    Ok(())
}

/// The swp module's demo seed (declared in `build()`).
pub fn seed(state: &AppState) -> BoxFuture<'_, anyhow::Result<()>> {
    Box::pin(async move {
        let mut conn = state.db.pool.acquire().await?;
        let Some(user) = users::find_by_email(&mut conn, AUTHOR).await? else { return Ok(()) };
        drop(conn);
        let author = CurrentUser { user, session_hash: String::new(), restricted: false };
        for (part, what) in DEMO_SWPS {
            seed_one(state, &author, part, what).await?;
        }
        println!(
            "Deployed demo SWPs (real PDFs) for parts {}.",
            DEMO_SWPS.iter().map(|(p, _)| *p).collect::<Vec<_>>().join(", ")
        );
        Ok(())
    })
}
