//! Controlled copies (decision 71): a 50-page PDF shaped like a work instruction
//! (text and a photo on each page) stamped in process, then through the server: the
//! first download stamps it (target ≤ 200 ms), the next ones and a range request read
//! the kept copy.
use std::time::Instant;

use plantdoc_core::pdf::lopdf::{dictionary, Document, Object, Stream};
use plantdoc_core::pdf::stamp::{stamp_pdf, Stamp};
use plantdoc_core::storage::copies::{CopyFacts, CopyState};

use super::{verdict, Plant, SECRET};

/// `pages` pages, each 30 lines of text and a 40 KB JPEG-coded photo (random bytes: never
/// decoded).
fn instruction(pages: usize) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc.add_object(
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"},
    );
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut kids = Vec::new();
    for p in 0..pages {
        let photo: Vec<u8> = (0..40_000)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        let dict = dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => 640, "Height" => 480, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8, "Filter" => "DCTDecode"};
        let image = doc.add_object(Stream::new(dict, photo));
        let mut text =
            String::from("q 320 0 0 240 146 60 cm /Im1 Do Q BT /F1 10 Tf 72 740 Td 12 TL\n");
        for l in 0..30 {
            text.push_str(&format!("(Step {p}.{l}: torque the fastener to 12 Nm, check the seal and sign the sheet.) '\n"));
        }
        text.push_str("ET\n");
        let mut content = Stream::new(dictionary! {}, text.into_bytes());
        let _ = content.compress();
        let c = doc.add_object(content);
        let resources = dictionary! {"Font" => dictionary! {"F1" => font}, "XObject" => dictionary! {"Im1" => image}};
        kids.push(Object::from(
            doc.add_object(dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => c, "Resources" => resources}),
        ));
    }
    let media: Vec<Object> = vec![0.into(), 0.into(), 612.into(), 792.into()];
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => pages as i64, "MediaBox" => media}),
    );
    let cat = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", cat);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

pub async fn stamp(plant: &Plant, base: &str, cookie: &str, pages: usize) {
    let pdf = instruction(pages);
    let facts = CopyFacts {
        state: CopyState::Current,
        subject: "7101-0001 rev 3".into(),
        dated: "deployed 2026-01-01".into(),
        open_path: "/main/swps/search?pn=7101-0001".into(),
    };
    let line = facts.line(0, "Ben Ch");
    let stamp = Stamp {
        line: &line,
        qr: "http://127.0.0.1:8080/main/swps/search?pn=7101-0001",
        warning: false,
    };
    let mut direct = f64::MAX;
    for _ in 0..3 {
        let t0 = Instant::now();
        let out = stamp_pdf(&pdf, &stamp).expect("stamped");
        direct = direct.min(t0.elapsed().as_secs_f64() * 1000.0);
        drop(out);
    }
    // Through the server: the blob in the plant's folder, a link made with its secret.
    let settings = plantdoc_core::config::Settings::load_with(
        &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../config"),
        &[("storage.dir", &plant.dir.path().join("files").display().to_string())],
    )
    .unwrap();
    let storage =
        plantdoc_core::storage::Storage::new(&settings.storage, SECRET.as_bytes().to_vec())
            .await
            .unwrap();
    let blob = storage.put_bytes("swp", pdf.clone().into(), "application/pdf").await.unwrap();
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis()
            as i64;
    let link =
        storage.copy_link(&blob.key, "bench.pdf", "application/pdf", now, &facts).await.unwrap();
    let http = reqwest::Client::new();
    let get = |range: Option<&'static str>| {
        let (http, url) = (http.clone(), format!("{base}{link}"));
        async move {
            let mut r = http.get(url).header("cookie", cookie);
            if let Some(range) = range {
                r = r.header("range", range);
            }
            let t0 = Instant::now();
            let r = r.send().await.unwrap();
            assert!(r.status().is_success(), "stamped download: {}", r.status());
            let n = r.bytes().await.unwrap().len();
            (t0.elapsed().as_secs_f64() * 1000.0, n)
        }
    };
    let (first, size) = get(None).await;
    let mut again = f64::MAX;
    for _ in 0..5 {
        again = again.min(get(None).await.0);
    }
    let (range, _) = get(Some("bytes=0-65535")).await;
    println!(
        "stamp a {pages}-page PDF ({:.1} MB → {:.1} MB): {direct:.0} ms in process; first download {first:.0} ms (target ≤ 200) {}, \
         then {again:.1} ms (kept copy), a 64 KB range {range:.1} ms",
        pdf.len() as f64 / 1e6,
        size as f64 / 1e6,
        verdict(first <= 200.0)
    );
}
