//! The one font of the PDFs Plantdoc writes (the auditor's file, controlled-copy stamps):
//! DejaVu Sans Mono, embedded, so every name prints as written (Łukasz Wiśniewski, not
//! ?ukasz Wi?niewski). A signer's printed name is part of the signature's record (21 CFR
//! 11.50). Text is written as glyph ids (Identity-H) with a ToUnicode map, so it reads
//! back (`pdftotext`, lopdf's `extract_text`). License: DejaVuSansMono.LICENSE.
use std::collections::BTreeMap;
use std::sync::OnceLock;

use lopdf::{dictionary, Document, Object, ObjectId, Stream, StringFormat};

static TTF: &[u8] = include_bytes!("DejaVuSansMono.ttf");
/// Every glyph's advance: 1233 of 2048 units (0.602 em).
pub const ADVANCE: f32 = 1233.0 / 2048.0;
const NAME: &str = "DejaVuSansMono";

struct Parsed {
    /// Glyph id of each character of the Basic Multilingual Plane, 0 where the font has none:
    /// an index, not a map, since a 12 000-page auditor's file looks up every character.
    bmp: Vec<u16>,
    /// Glyph ids of the characters past it.
    astral: BTreeMap<char, u16>,
    glyph_count: usize,
    missing: u16,
    bbox: [i64; 4],
    ascent: i64,
    descent: i64,
    compressed: Vec<u8>,
}

fn parsed() -> &'static Parsed {
    static P: OnceLock<Parsed> = OnceLock::new();
    P.get_or_init(|| {
        let face = ttf_parser::Face::parse(TTF, 0).expect("the embedded font parses");
        let (mut bmp, mut astral) = (vec![0u16; 0x1_0000], BTreeMap::new());
        if let Some(table) = face.tables().cmap {
            for sub in table.subtables.into_iter().filter(|s| s.is_unicode()) {
                sub.codepoints(|cp| match (char::from_u32(cp), sub.glyph_index(cp)) {
                    (Some(_), Some(g)) if cp < 0x1_0000 && bmp[cp as usize] == 0 => {
                        bmp[cp as usize] = g.0
                    }
                    (Some(c), Some(g)) if cp >= 0x1_0000 => {
                        astral.entry(c).or_insert(g.0);
                    }
                    _ => {}
                });
            }
        }
        let scale = |v: i16| (v as i64) * 1000 / face.units_per_em() as i64;
        let b = face.global_bounding_box();
        let missing = bmp['?' as usize];
        let mut s = Stream::new(dictionary! {"Length1" => TTF.len() as i64}, TTF.to_vec());
        let _ = s.compress();
        let compressed = s.content;
        Parsed {
            bmp,
            astral,
            glyph_count: face.number_of_glyphs() as usize,
            missing,
            bbox: [scale(b.x_min), scale(b.y_min), scale(b.x_max), scale(b.y_max)],
            ascent: scale(face.ascender()),
            descent: scale(face.descender()),
            compressed,
        }
    })
}

/// The font in one document: [`Font::text`] encodes strings and remembers the glyphs
/// used; [`Font::finish`] writes the font's objects under the id given at the start.
pub struct Font {
    pub id: ObjectId,
    /// The character each glyph used so far stands for ('\0': not used), by glyph id.
    used: Vec<char>,
}

impl Font {
    pub fn new(doc: &mut Document) -> Self {
        Self { id: doc.new_object_id(), used: vec!['\0'; parsed().glyph_count.max(1)] }
    }

    /// `s` as a string of glyph ids (a character the font lacks prints as '?').
    pub fn text(&mut self, s: &str) -> Object {
        let p = parsed();
        let mut bytes = Vec::with_capacity(s.len() * 2);
        for c in s.chars() {
            let g = match c as u32 {
                cp @ 0..=0xFFFF => p.bmp[cp as usize],
                _ => p.astral.get(&c).copied().unwrap_or(0),
            };
            let g = if g == 0 { p.missing } else { g };
            if let Some(slot) = self.used.get_mut(g as usize).filter(|s| **s == '\0') {
                *slot = if g == p.missing { '?' } else { c };
            }
            bytes.extend_from_slice(&g.to_be_bytes());
        }
        Object::String(bytes, StringFormat::Literal)
    }

    /// Writes the font (Type0 over a CIDFontType2, the whole font file embedded).
    pub fn finish(&mut self, doc: &mut Document) {
        let p = parsed();
        let mut file = Stream::new(
            dictionary! {"Length1" => TTF.len() as i64, "Filter" => "FlateDecode"},
            p.compressed.clone(),
        );
        file.allows_compression = false;
        let file = doc.add_object(file);
        let bbox: Vec<Object> = p.bbox.iter().map(|n| Object::Integer(*n)).collect();
        let descriptor = doc.add_object(dictionary! {
            "Type" => "FontDescriptor", "FontName" => NAME, "Flags" => 33, "FontBBox" => bbox,
            "ItalicAngle" => 0, "Ascent" => p.ascent, "Descent" => p.descent, "CapHeight" => p.ascent,
            "StemV" => 80, "FontFile2" => file,
        });
        let cid = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => NAME,
            "CIDSystemInfo" => dictionary! {"Registry" => Object::string_literal("Adobe"), "Ordering" => Object::string_literal("Identity"), "Supplement" => 0},
            "FontDescriptor" => descriptor, "DW" => (ADVANCE * 1000.0).round() as i64, "CIDToGIDMap" => "Identity",
        });
        let mut cmap = String::from(
            "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n\
             /CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n",
        );
        let used: Vec<(u16, char)> = std::mem::take(&mut self.used)
            .into_iter()
            .enumerate()
            .filter(|(_, c)| *c != '\0')
            .map(|(g, c)| (g as u16, c))
            .collect();
        for chunk in used.chunks(100) {
            cmap.push_str(&format!("{} beginbfchar\n", chunk.len()));
            for (g, c) in chunk {
                let units: String =
                    c.encode_utf16(&mut [0; 2]).iter().map(|u| format!("{u:04X}")).collect();
                cmap.push_str(&format!("<{g:04X}> <{units}>\n"));
            }
            cmap.push_str("endbfchar\n");
        }
        cmap.push_str("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n");
        let mut to_unicode = Stream::new(dictionary! {}, cmap.into_bytes());
        let _ = to_unicode.compress();
        let to_unicode = doc.add_object(to_unicode);
        doc.objects.insert(
            self.id,
            Object::Dictionary(dictionary! {
                "Type" => "Font", "Subtype" => "Type0", "BaseFont" => NAME, "Encoding" => "Identity-H",
                "DescendantFonts" => vec![Object::Reference(cid)], "ToUnicode" => to_unicode,
            }),
        );
    }
}
