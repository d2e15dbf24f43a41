//! The matrix answer `{partList, matrix}` written straight into bytes (spec section 3:
//! part entries, operator rows, and each cell `{_id, op, squares, certTargetOpHours}`).
//! A 200 × 100 matrix is 20 000 cells: each is four copied pieces (its column's block-id
//! prefix, its row's middle, the level, its row's tail), prepared once per column and
//! per row, so no value tree and no per-cell formatting or allocation.
use crate::effective::{day, Effective};
use crate::matrix::Matrix;
use plantdoc_core::clock::iso;

/// A JSON string (escaped as serde_json does).
fn string(out: &mut Vec<u8>, s: &str) {
    serde_json::to_writer(&mut *out, s).expect("writing to a Vec cannot fail");
}

fn int(out: &mut Vec<u8>, n: impl Into<i64>) {
    out.extend_from_slice(n.into().to_string().as_bytes());
}

fn field(out: &mut Vec<u8>, name: &str, value: &str) {
    out.extend_from_slice(b"\"");
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
    string(out, value);
}

fn number(out: &mut Vec<u8>, name: &str, value: i64) {
    out.extend_from_slice(b"\"");
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b"\":");
    int(out, value);
}

enum Field<'a> {
    Text(&'a str),
    Int(i64),
}
use Field::{Int, Text};

/// `"name":value` pairs, comma-separated.
fn fields(out: &mut Vec<u8>, list: &[(&str, Field)]) {
    for (i, (name, value)) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        match value {
            Text(s) => field(out, name, s),
            Int(n) => number(out, name, *n),
        }
    }
}

/// The level's text: -1 to 4 from a table, anything else formatted.
fn level(out: &mut Vec<u8>, v: i64) {
    const LEVELS: [&[u8]; 6] = [b"-1", b"0", b"1", b"2", b"3", b"4"];
    match usize::try_from(v + 1).ok().and_then(|i| LEVELS.get(i)) {
        Some(t) => out.extend_from_slice(t),
        None => int(out, v),
    }
}

/// The JSON text of a block id string without its closing quote: `"<partRow>:` opens it.
fn quoted_open(s: &str) -> Vec<u8> {
    let mut v = Vec::new();
    string(&mut v, s);
    v.pop();
    v
}

/// The answer's bytes.
/// A cell's effective level while a rule is on: `effective`, `validUntil` and, when the
/// effective level is not the level set, `reason` (expired, decayed, requalify,
/// temporary, waiver) and `reasonDate` (the day it names: expiry, last verified read, a
/// waiver's last day, or null). Absent reasons keep a 200 × 100 answer ~0.6 MB smaller.
fn effective(out: &mut Vec<u8>, e: &Effective) {
    out.extend_from_slice(b",\"effective\":");
    level(out, i64::from(e.level));
    if let Some(w) = e.why {
        out.extend_from_slice(b",\"reason\":");
        string(out, w.code());
        out.extend_from_slice(b",\"reasonDate\":");
        match w.day() {
            Some(t) => string(out, &day(t)),
            None => out.extend_from_slice(b"null"),
        }
    }
    out.extend_from_slice(b",\"validUntil\":");
    match e.valid_until {
        Some(t) => string(out, &iso(t)),
        None => out.extend_from_slice(b"null"),
    }
}

pub fn write(m: &Matrix) -> Vec<u8> {
    // Each column's cell opening: `{"_id":"<partRow>:`.
    let heads: Vec<Vec<u8>> = m
        .columns
        .iter()
        .map(|c| [b"{\"_id\":".as_slice(), &quoted_open(&format!("{}:", c.row))].concat())
        .collect();
    // Each row's cell middle `<opRow>","op":"<opId>","squares":` and tail
    // `,"certTargetOpHours":<target>}`.
    let mids: Vec<(Vec<u8>, Vec<u8>)> = m
        .rows
        .iter()
        .map(|o| {
            let mut id = Vec::new();
            string(&mut id, &o.row);
            let mut mid = id[1..].to_vec();
            mid.extend_from_slice(b",");
            field(&mut mid, "op", &o.op_id);
            mid.extend_from_slice(b",\"squares\":");
            let mut tail = b",".to_vec();
            number(&mut tail, "certTargetOpHours", o.target);
            tail.push(b'}');
            (mid, tail)
        })
        .collect();
    let cell_len = heads.iter().map(Vec::len).max().unwrap_or(0)
        + mids.iter().map(|(a, b)| a.len() + b.len()).max().unwrap_or(0)
        + 3;
    let mut out = Vec::with_capacity(
        1024 + m.columns.len() * 200 + m.rows.len() * (200 + m.columns.len() * cell_len),
    );
    out.extend_from_slice(b"{\"partList\":[");
    for (i, c) in m.columns.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.push(b'{');
        fields(
            &mut out,
            &[
                ("_id", Text(&c.row)),
                ("partId", Text(&c.part_id)),
                ("partNumber", Text(&c.part_number)),
                ("partDesc", Text(&c.desc)),
                ("partRotation", Int(c.rotation)),
                ("certTarget", Int(c.target)),
                ("certCount", Int(m.part_count(i) as i64)),
            ],
        );
        out.push(b'}');
    }
    out.extend_from_slice(b"],\"matrix\":[");
    for (r, o) in m.rows.iter().enumerate() {
        if r > 0 {
            out.push(b',');
        }
        out.push(b'{');
        fields(
            &mut out,
            &[
                ("_id", Text(&o.row)),
                ("opId", Text(&o.op_id)),
                ("opNumber", Text(&o.op_no)),
                ("opName", Text(&o.name)),
                ("certTarget", Int(o.target)),
                ("certCount", Int(m.op_count(r) as i64)),
            ],
        );
        out.extend_from_slice(b",\"rowData\":[");
        let (mid, tail) = &mids[r];
        for (c, head) in heads.iter().enumerate() {
            if c > 0 {
                out.push(b',');
            }
            out.extend_from_slice(head);
            out.extend_from_slice(mid);
            level(&mut out, m.squares[r][c]);
            if let Some(eff) = &m.eff {
                effective(&mut out, &eff[r][c]);
            }
            out.extend_from_slice(tail);
        }
        out.extend_from_slice(b"]}");
    }
    out.extend_from_slice(b"]}");
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::matrix::Matrix;
    use crate::store::{Column, OpRow};

    fn column(row: &str, number: &str, desc: &str) -> Column {
        Column {
            row: row.into(),
            part_id: format!("id-{row}"),
            part_number: number.into(),
            desc: desc.into(),
            rotation: 4,
            target: 2,
        }
    }

    fn op(row: &str, no: &str, name: &str, target: i64) -> OpRow {
        OpRow {
            row: row.into(),
            op_id: format!("u-{row}"),
            op_no: no.into(),
            name: name.into(),
            target,
            temporary: false,
        }
    }

    /// The bytes parse to the same document the spec's fields describe, strings escaped.
    #[test]
    fn answer_is_the_matrix_as_json() {
        let m = Matrix {
            columns: vec![column("p1", "A-1", "say \"hi\"\n"), column("p\\2", "B/2", "é ✓")],
            rows: vec![op("o1", "7", "Ann <b>", 3), op("o2", "", "Bo\u{1}", 0)],
            squares: vec![vec![4, -1], vec![4, 17]],
            eff: None,
        };
        let got: serde_json::Value = serde_json::from_slice(&super::write(&m)).expect("valid JSON");
        let cell = |p: &str, o: &str, sq: i64, t: i64| json!({"_id": format!("{p}:{o}"), "op": format!("u-{o}"), "squares": sq, "certTargetOpHours": t});
        let want = json!({
            "partList": [
                {"_id": "p1", "partId": "id-p1", "partNumber": "A-1", "partDesc": "say \"hi\"\n", "partRotation": 4, "certTarget": 2, "certCount": 2},
                {"_id": "p\\2", "partId": "id-p\\2", "partNumber": "B/2", "partDesc": "é ✓", "partRotation": 4, "certTarget": 2, "certCount": 0},
            ],
            "matrix": [
                {"_id": "o1", "opId": "u-o1", "opNumber": "7", "opName": "Ann <b>", "certTarget": 3, "certCount": 1,
                 "rowData": [cell("p1", "o1", 4, 3), cell("p\\2", "o1", -1, 3)]},
                {"_id": "o2", "opId": "u-o2", "opNumber": "", "opName": "Bo\u{1}", "certTarget": 0, "certCount": 1,
                 "rowData": [cell("p1", "o2", 4, 0), cell("p\\2", "o2", 17, 0)]},
            ],
        });
        assert_eq!(got, want);
    }

    #[test]
    fn an_empty_matrix_is_two_empty_lists() {
        let m = Matrix { columns: vec![], rows: vec![], squares: vec![], eff: None };
        assert_eq!(super::write(&m), br#"{"partList":[],"matrix":[]}"#.to_vec());
    }
}
