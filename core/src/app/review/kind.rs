//! A module's kind of document under staged review ([`Kind`]: its table, its words, its
//! stages) and who may do what with one: pure rules over the user and the document's
//! record. Deny by default: every engine act applies one of these, and a module's list
//! SQL carries the rule of [`can_see`].
use crate::audit::AuditEntry;
use crate::auth::users::User;
use crate::db::Params;
use crate::msg;
use crate::zones::{self, Zones};
use crate::AppError;

use super::record::{Record, Status};
use super::stages::Flow;

/// What the engine needs to know of a module's documents.
#[derive(Debug)]
pub struct Kind {
    pub table: Table,
    pub words: Words,
    pub uploaders: Uploaders,
    pub flow: Flow,
    /// The events its review acts emit, and where they link.
    pub notices: super::notices::Notices,
}

/// Where a module keeps its documents.
#[derive(Debug)]
pub struct Table {
    /// The table, and the alias its columns are read under (`FROM swps s`).
    pub name: &'static str,
    pub alias: &'static str,
    /// Everything the document's `from_row` reads, over `FROM <name> <alias>`.
    pub columns: &'static str,
    /// The table of its zones, one row each, and the column naming the document
    /// (`swp_zones`, `swp_id`): the exact check behind the zone mask.
    pub zone_rows: (&'static str, &'static str),
}

/// How audit rows and texts name the documents.
#[derive(Debug)]
pub struct Words {
    /// Audit actions are `<noun>.<verb>`, targets `<noun>:<id>` ("swp", "alert").
    pub noun: &'static str,
    /// One, one with its article, several: "SWP", "an SWP", "SWPs".
    pub one: &'static str,
    pub an_one: &'static str,
    pub many: &'static str,
    /// The key of the version's hash in audit rows ("contentHash").
    pub hash_key: &'static str,
}

/// Who uploads, as a rule and in the words of its refusal ("Only <who> upload SWPs.").
#[derive(Debug)]
pub struct Uploaders {
    pub rule: fn(&User) -> bool,
    pub who: &'static str,
}

/// Process engineers and process managers upload (the spec's uploaders are process
/// engineers; their manager uploads too).
pub const PROCESS_UPLOADERS: Uploaders =
    Uploaders { rule: process_uploader, who: "process engineers and process managers" };

impl Kind {
    pub fn require_uploader(&self, u: &User) -> Result<(), AppError> {
        if (self.uploaders.rule)(u) {
            Ok(())
        } else {
            Err(AppError::Forbidden(msg!(
                "Only {} upload {}.",
                self.uploaders.who,
                self.words.many
            )))
        }
    }

    /// Why `u` may not review `doc` (None: they may, at their stage): a stage of theirs,
    /// not an author, overlapping zones (a manager's too). The company is `can_see`'s.
    pub fn review_denial(&self, u: &User, doc: &Record) -> Option<String> {
        if self.flow.stage_of(u).is_none() {
            Some(self.flow.not_reviewer.into())
        } else if doc.is_author(&u.id) {
            Some(msg!("Nobody reviews their own {}.", self.words.one))
        } else if !zones::overlap(&u.zones, &doc.zones) {
            Some(msg!("This {} is not in your zones.", self.words.one))
        } else {
            None
        }
    }

    /// An audit row about document `id`, by `user`.
    pub fn act(&self, user: &User, verb: &str, id: &str, meaning: impl Into<String>) -> AuditEntry {
        AuditEntry::new(
            &format!("{}.{verb}", self.words.noun),
            format!("{}:{id}", self.words.noun),
            meaning,
        )
        .by(Some(&user.id), &user.full_name())
    }

    /// SQL true when the document's zones overlap `zones` (the core's zone-mask rule),
    /// over `FROM <table> <alias>`.
    pub fn zones_overlap_sql(&self, q: &mut Params, zones: &[String]) -> String {
        let (a, (rows, key)) = (self.table.alias, self.table.zone_rows);
        let exact = |list: &str| {
            format!("EXISTS (SELECT 1 FROM {rows} z WHERE z.{key} = {a}.id AND z.zone IN ({list}))")
        };
        zones::overlap_sql(q, &format!("{a}.zone_mask"), exact, zones)
    }

    /// The SQL form of [`can_see`] over `FROM <table> <alias>` (the status filter is the
    /// caller's). Authorship is an `id IN (...)` so it too is answered from the indexes.
    pub fn visible_sql(&self, zones: &Zones, q: &mut Params, u: &User) -> String {
        let (a, table) = (self.table.alias, self.table.name);
        let company = q.add(u.company_code.clone());
        if zones.covers_company(&u.company_code, &u.zones) {
            return format!("{a}.company_code = {company}");
        }
        let me = q.add(u.id.clone());
        let overlap = self.zones_overlap_sql(q, &u.zones);
        format!("{a}.company_code = {company} AND ({overlap} OR {a}.id IN (SELECT o.id FROM {table} o WHERE o.owner_id = {me} OR o.on_behalf_id = {me}))")
    }

    /// The filter of a reviewer's "pending my approval" list over `FROM <table> <alias>`:
    /// their company's pending documents whose `stage` is open, not theirs, in their zones.
    pub fn waiting_sql(&self, q: &mut Params, u: &User, stage: usize) -> String {
        let a = self.table.alias;
        let company = q.add(u.company_code.clone());
        let me = q.add(u.id.clone());
        let zones = self.zones_overlap_sql(q, &u.zones);
        let open = self.flow.open_sql(&format!("{a}."), stage);
        format!(
            "{a}.company_code = {company} AND {a}.status = 'pending' AND {open} AND {a}.owner_id <> {me} \
             AND ({a}.on_behalf_id IS NULL OR {a}.on_behalf_id <> {me}) AND {zones}"
        )
    }
}

/// The rule of [`PROCESS_UPLOADERS`].
pub fn process_uploader(u: &User) -> bool {
    u.department == crate::auth::users::Department::Process
        && matches!(
            u.position,
            crate::auth::users::Position::Engineer | crate::auth::users::Position::Manager
        )
}

/// A document is seen by users of its company whose zones overlap its zones (or who
/// cover the company), and by its authors. Deleted documents are seen by nobody.
pub fn can_see(zones: &Zones, u: &User, doc: &Record) -> bool {
    can_see_parts(zones, u, doc.status, &doc.company_code, doc.is_author(&u.id), &doc.zones)
}

/// [`can_see`] on the columns it needs (reads that load no whole record).
pub fn can_see_parts(
    zones: &Zones,
    u: &User,
    status: Status,
    company: &str,
    authored: bool,
    doc_zones: &[String],
) -> bool {
    status != Status::Deleted
        && company == u.company_code
        && (authored
            || zones.covers_company(&u.company_code, &u.zones)
            || zones::overlap(&u.zones, doc_zones))
}

/// Delete (and a module's edits): an author, or a manager of the company who sees it.
pub fn can_manage(zones: &Zones, u: &User, doc: &Record) -> bool {
    can_see(zones, u, doc) && (doc.is_author(&u.id) || u.is_manager())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::users::{Department::*, Position::*};
    use crate::review::stages::Order;
    use std::collections::BTreeMap;

    fn supervisors(u: &User) -> bool {
        u.position == Supervisor
    }
    static STAGES: [crate::review::Stage; 1] = [crate::review_stage!("check", supervisors)];
    static KIND: Kind = Kind {
        table: Table { name: "docs", alias: "d", columns: "", zone_rows: ("doc_zones", "doc_id") },
        words: Words { noun: "doc", one: "doc", an_one: "a doc", many: "docs", hash_key: "hash" },
        uploaders: PROCESS_UPLOADERS,
        flow: Flow {
            stages: &STAGES,
            order: Order::Together,
            bypass: None,
            not_reviewer: "Only supervisors review docs.",
        },
        notices: crate::review::Notices {
            submitted: crate::events::EventKind::new(
                "doc.submitted",
                "A doc waits for your review",
            ),
            approved: crate::events::EventKind::new("doc.approved", "Your doc was approved"),
            rejected: crate::events::EventKind::new("doc.rejected", "Your doc was rejected"),
            deployed: crate::events::EventKind::new("doc.deployed", "Your doc was deployed"),
            review_link: "/review?id=",
            own_link: "/mine",
            deployed_link: "/docs",
            translations_link: "/translations",
        },
    };

    #[test]
    fn the_rules_as_a_table() {
        let zones = Zones::new(&BTreeMap::new());
        let doc = Record::sketch("d1", "mpk", "eng", &["A1"], Status::Pending, 1);
        let user = |id: &str, company: &str, p, d, z: &[&str]| User::sketch(id, company, p, d, z);
        // (who, upload, see, review denied, manage)
        let rows = [
            (
                user("eng", "mpk", Engineer, Process, &["B1"]),
                true,
                true,
                Some("Only supervisors review docs."),
                true,
            ),
            (
                user("eng", "mpk", Supervisor, Quality, &["A1"]),
                false,
                true,
                Some("Nobody reviews their own doc."),
                true,
            ),
            (
                user("pm", "mpk", Manager, Process, &["A1"]),
                true,
                true,
                Some("Only supervisors review docs."),
                true,
            ),
            (user("qs", "mpk", Supervisor, Quality, &["A1"]), false, true, None, false),
            (
                user("ps", "mpk", Supervisor, Production, &["B1"]),
                false,
                false,
                Some("This doc is not in your zones."),
                false,
            ),
            (
                user("paint", "mpk", Manager, Paint, &["A1"]),
                false,
                true,
                Some("Only supervisors review docs."),
                true,
            ),
            (user("other", "umw", Supervisor, Quality, &["A1"]), false, false, None, false),
            (
                user("clerk", "mpk", Clerk, Process, &["A1"]),
                false,
                true,
                Some("Only supervisors review docs."),
                false,
            ),
        ];
        for (u, upload, see, denied, manage) in rows {
            assert_eq!(KIND.require_uploader(&u).is_ok(), upload, "upload {}", u.id);
            assert_eq!(can_see(&zones, &u, &doc), see, "see {}", u.id);
            assert_eq!(KIND.review_denial(&u, &doc).as_deref(), denied, "review {}", u.id);
            assert_eq!(can_manage(&zones, &u, &doc), manage, "manage {}", u.id);
        }
        // Nobody sees a deleted document, its author included; every zone sees all.
        let gone = Record::sketch("d2", "mpk", "eng", &["A1"], Status::Deleted, 1);
        assert!(!can_see(&zones, &user("eng", "mpk", Engineer, Process, &["A1"]), &gone));
        let all: Vec<String> = zones.codes("mpk");
        let every: Vec<&str> = all.iter().map(String::as_str).collect();
        let far = Record::sketch("d3", "mpk", "eng", &["C3"], Status::Deployed, 1);
        assert!(can_see(&zones, &user("x", "mpk", Clerk, Paint, &every), &far));
        let e = KIND.act(&user("pm", "mpk", Manager, Process, &[]), "delete", "d1", "gone");
        assert_eq!(
            (e.action.as_str(), e.target.as_str(), e.actor.as_str()),
            ("doc.delete", "doc:d1", "pm T")
        );
    }

    #[test]
    fn the_waiting_list_filter() {
        let mut q = Params::default();
        let u = User::sketch("me", "mpk", Supervisor, Quality, &["A1"]);
        let sql = KIND.waiting_sql(&mut q, &u, 0);
        let want = "d.company_code = $1 AND d.status = 'pending' AND d.check_status = 'Pending' AND d.owner_id <> $2 \
             AND (d.on_behalf_id IS NULL OR d.on_behalf_id <> $2) AND ";
        assert!(sql.starts_with(want), "{sql}");
        assert!(
            sql.contains("d.zone_mask") || sql.contains("FROM doc_zones z WHERE z.doc_id = d.id"),
            "{sql}"
        );
        let zones = Zones::new(&BTreeMap::new());
        let mut q = Params::default();
        let vis = KIND.visible_sql(&zones, &mut q, &u);
        assert!(vis.starts_with("d.company_code = $1 AND ("), "{vis}");
        assert!(vis.ends_with("OR d.id IN (SELECT o.id FROM docs o WHERE o.owner_id = $2 OR o.on_behalf_id = $2))"), "{vis}");
    }
}
