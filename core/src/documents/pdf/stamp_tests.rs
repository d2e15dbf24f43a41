use super::*;

const LINE: &str = "OBSOLETE — DO NOT USE · 7101-0001 rev 2 · deployed 2026-01-01 · printed 2026-01-02 08:30 +00:00 by Ann Lee · UNCONTROLLED WHEN PRINTED";

fn stamp() -> Stamp<'static> {
    Stamp { line: LINE, qr: "https://plant.example/main/swps/search?pn=7101-0001", warning: true }
}

/// Pages of every rotation, one with its own shifted CropBox, the rest inheriting the
/// tree's MediaBox and Resources; each page's content leaves a transform in place.
fn odd_pdf() -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = doc
        .add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Courier"});
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F1" => font}});
    let mut kids = Vec::new();
    for (n, rotate) in [0i64, 90, 180, 270].into_iter().enumerate() {
        let text = format!("2 0 0 2 50 50 cm BT /F1 12 Tf 10 300 Td (page {n} body) Tj ET");
        let content = doc.add_object(Stream::new(dictionary! {}, text.into_bytes()));
        let mut page = dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => content, "Rotate" => rotate};
        if n == 1 {
            page.set("CropBox", vec![10.into(), 20.into(), 500.into(), 700.into()]);
        }
        kids.push(Object::Reference(doc.add_object(page)));
    }
    let media = vec![0.into(), 0.into(), 612.into(), 792.into()];
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => 4, "MediaBox" => media, "Resources" => resources}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

#[test]
fn every_page_carries_the_line_and_keeps_its_own_text() {
    let original = odd_pdf();
    let out = stamp_pdf(&original, &stamp()).unwrap();
    let doc = Document::load_mem(&out).unwrap();
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 4);
    for (n, id) in &pages {
        let text = doc.extract_text(&[*n]).unwrap();
        assert!(text.contains(LINE), "page {n}: {text}");
        assert!(text.contains(&format!("page {} body", n - 1)), "page {n} keeps its text: {text}");
        // The page keeps its size (an A4 or Letter sheet prints as one): no box changed.
        let page = doc.get_dictionary(*id).unwrap();
        assert!(page.get(b"MediaBox").is_err(), "page {n}: the MediaBox is still the tree's");
        if *n == 2 {
            let crop = rect(&doc, page.get(b"CropBox").unwrap()).unwrap();
            assert_eq!(crop, [10.0, 20.0, 500.0, 700.0], "the CropBox is unchanged");
        }
    }
    // One QR code and one font for the whole file.
    let forms = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream().is_ok_and(|s| {
                s.dict.get(b"Subtype").is_ok_and(|t| t == &Object::Name(b"Form".to_vec()))
            })
        })
        .count();
    assert_eq!(forms, 1);
}

#[test]
fn the_stamp_is_drawn_after_the_pages_own_state_is_restored() {
    let out = stamp_pdf(&odd_pdf(), &stamp()).unwrap();
    let doc = Document::load_mem(&out).unwrap();
    let first = *doc.get_pages().values().next().unwrap();
    let content = String::from_utf8_lossy(&doc.get_page_content(first)).to_string();
    let (own, stamp) = content.split_once("page 0 body").unwrap();
    // The page's own content, scaled to leave the strip free at the bottom (792 → 726 pt
    // high, centred across), then the stamp in the strip's frame at the page's bottom.
    let s = (792.0 - STRIP) / 792.0;
    let opening =
        format!("q\n{s:.4} 0.0000 0.0000 {s:.4} {:.4} {STRIP:.4} cm", (612.0 - s * 612.0) / 2.0);
    assert!(own.trim_start().starts_with(&opening), "{own}");
    assert!(stamp.contains("Q\nq\n1.0 0.0 0.0 1.0 0.0 0.0 cm"), "{stamp}");
}

#[test]
fn text_is_set_smaller_to_fit_beside_the_code() {
    let long = "x".repeat(400);
    let mut font = Font::new(&mut Document::with_version("1.5"));
    let strip = strip_content(
        &Stamp { line: &long, qr: "q", warning: false },
        &mut font,
        [1.0, 0.0, 0.0, 1.0, 0.0, 0.0],
        612.0,
    );
    let content = String::from_utf8_lossy(&strip).to_string();
    let size: f32 =
        content.split(" Tf").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!(size < MAX_SIZE && text_width(&long) * size <= 612.0 - 2.0 * EDGE - QR_SIDE, "{size}");
}

#[test]
fn what_cannot_be_stamped_is_said_never_a_panic() {
    for bad in [&b"%PDF-1.4\n garbage"[..], b"", b"not a pdf at all"] {
        assert!(stamp_pdf(bad, &stamp()).is_err());
    }
}

#[test]
fn names_print_as_written() {
    let line = "Current when printed · 7101-0001 rev 2 · printed 2026-01-02 08:30 +00:00 by Łukasz Wiśniewski · Zażółć gęślą jaźń";
    let out = stamp_pdf(&odd_pdf(), &Stamp { line, qr: "q", warning: false }).unwrap();
    let doc = Document::load_mem(&out).unwrap();
    let text = doc.extract_text(&[1]).unwrap();
    assert!(text.contains("by Łukasz Wiśniewski · Zażółć gęślą jaźń"), "{text}");
}
