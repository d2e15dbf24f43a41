//! The obligations list's query (`zone`, `part`, `operator`, `state`, `page`, `limit`,
//! `sortBy`, `sortOrder`), checked into one field → message map, and the SQL it
//! selects: the caller's company, the documents in the caller's zones, the filters.
use plantdoc_core::auth::users::User;
use plantdoc_core::db::Params;
use plantdoc_core::error::{number_field, sort_field, sort_order};
use plantdoc_core::text;
use plantdoc_core::zones::{zone_mask, OTHER_ZONE_BIT};
use plantdoc_core::{AppError, AppResult, AppState, FieldErrors};
use serde::Deserialize;

pub const STATES: [&str; 4] = ["open", "overdue", "done", "void"];
pub const MAX_LIMIT: i64 = 100;
/// The sort keys and their columns (`operator`: by operator number).
const SORT_KEYS: [(&str, &str); 5] = [
    ("dueDate", "o.due_date"),
    ("partNumber", "o.part_number"),
    ("operator", "u.op_no"),
    ("state", "o.state"),
    ("reason", "o.reason"),
];

#[derive(Deserialize, utoipa::IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// A zone code of the caller's company: obligations of documents in that zone.
    zone: Option<String>,
    /// A part number (exact).
    part: Option<String>,
    /// An operator's `_id`.
    operator: Option<String>,
    /// `open` (overdue included), `overdue`, `done` or `void`; all when absent.
    state: Option<String>,
    /// From 1 (default 1).
    page: Option<String>,
    /// 1 to 100 (default 10).
    limit: Option<String>,
    /// dueDate (default), partNumber, operator, state, reason.
    sort_by: Option<String>,
    /// asc (default) or desc.
    sort_order: Option<String>,
}

pub struct Filters {
    zone: Option<String>,
    part: Option<String>,
    operator: Option<String>,
    state: Option<&'static str>,
    pub page: i64,
    pub limit: i64,
    pub order: String,
}

fn given(v: &Option<String>) -> Option<String> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

impl Filters {
    pub fn check(state: &AppState, user: &User, lq: &ListQuery) -> AppResult<Self> {
        let mut e = FieldErrors::new();
        let zone = given(&lq.zone);
        if let Err(msg) = company_zone(state, user, zone.as_deref()) {
            e.insert("zone".into(), msg.into());
        }
        let st = given(&lq.state).map(|s| STATES.iter().copied().find(|k| *k == s));
        if st == Some(None) {
            e.insert("state".into(), text!("State is one of open, overdue, done, void.").into());
        }
        let mut num = |name: &str, v: &Option<String>, default: i64, max: i64| {
            number_field(&mut e, name, given(v).as_deref(), default, max)
        };
        let page = num("page", &lq.page, 1, 1_000_000);
        let limit = num("limit", &lq.limit, 10, MAX_LIMIT);
        let key = given(&lq.sort_by).unwrap_or_else(|| "dueDate".into());
        let column = sort_field(&mut e, &SORT_KEYS, &key);
        let dir = sort_order(&mut e, given(&lq.sort_order).as_deref(), "ASC");
        if !e.is_empty() {
            return Err(AppError::Fields(e));
        }
        let order = format!(
            "{} {dir}, o.due_date ASC, u.op_no ASC, o.id ASC",
            column.unwrap_or("o.due_date")
        );
        Ok(Filters {
            zone,
            part: given(&lq.part),
            operator: given(&lq.operator),
            state: st.flatten(),
            page,
            limit,
            order,
        })
    }

    /// SQL over `readiness_obligations o`: what `user` may see and the filters ask.
    pub fn where_sql(&self, state: &AppState, user: &User, q: &mut Params, now: i64) -> String {
        let mut w = visible_sql(state, user, q);
        if let Some(z) = &self.zone {
            w += &format!(" AND {}", overlap_sql(q, std::slice::from_ref(z)));
        }
        if let Some(p) = &self.part {
            w += &format!(" AND o.part_number = {}", q.add(p.clone()));
        }
        if let Some(op) = &self.operator {
            w += &format!(" AND o.operator_id = {}", q.add(op.clone()));
        }
        match self.state {
            Some("overdue") => {
                w += &format!(" AND o.state = 'open' AND o.due_date < {}", q.add(now))
            }
            Some(s) => w += &format!(" AND o.state = {}", q.add(s)),
            None => {}
        }
        w
    }
}

/// A zone filter: one of the caller's company's zones (or none).
pub fn company_zone(state: &AppState, user: &User, zone: Option<&str>) -> Result<(), &'static str> {
    match zone {
        Some(z) if !state.zones.codes(&user.company_code).iter().any(|c| c == z) => {
            Err(text!("This zone is not one of your company's zones."))
        }
        _ => Ok(()),
    }
}

/// Documents in `zone` (the summary's and the list's zone filter).
pub fn in_zone_sql(q: &mut Params, zone: &str) -> String {
    overlap_sql(q, &[zone.to_string()])
}

/// The caller's company, and documents in the caller's zones (every one when the
/// caller's zones cover the company's).
pub fn visible_sql(state: &AppState, user: &User, q: &mut Params) -> String {
    let company = format!("o.company_code = {}", q.add(user.company_code.clone()));
    if state.zones.covers_company(&user.company_code, &user.zones) {
        company
    } else {
        format!("{company} AND {}", overlap_sql(q, &user.zones))
    }
}

/// True when the obligation's document zones meet `zones`: one AND on the zone mask,
/// and an exact look at the zone list for codes outside the mask's.
fn overlap_sql(q: &mut Params, zones: &[String]) -> String {
    let mut parts = Vec::new();
    let known = zone_mask(zones) & !OTHER_ZONE_BIT;
    if known != 0 {
        parts.push(format!("(o.zone_mask & {}) <> 0", q.add(known)));
    }
    for z in zones.iter().filter(|z| zone_mask(std::slice::from_ref(*z)) == OTHER_ZONE_BIT) {
        parts.push(format!("o.zones LIKE {}", q.add(format!("%\"{z}\"%"))));
    }
    if parts.is_empty() {
        "1 = 0".into()
    } else {
        format!("({})", parts.join(" OR "))
    }
}
