//! A module's kind of document under staged review ([`Kind`]: its table, its words, its
//! stages) and who may do what with one: pure rules over the user and the document's
//! record. Deny by default: every engine act applies one of these, and a module's list
//! SQL carries the rule of [`can_see`].
use crate::audit::AuditEntry;
use crate::auth::users::User;
use crate::db::Params;
use crate::zones::{self, Zones};
use crate::AppError;

use super::record::{Record, Status};
use super::stages::Flow;

/// What the engine needs to know of a module's documents.
#[derive(Debug)]
pub struct Kind {
    /// Audit actions are `<noun>.<verb>`, targets `<noun>:<id>` ("swp", "alert").
    pub noun: &'static str,
    /// The table, and the alias its columns are read under (`FROM swps s`).
    pub table: &'static str,
    pub alias: &'static str,
    /// Everything the document's `from_row` reads, over `FROM <table> <alias>`.
    pub columns: &'static str,
    /// How texts name one document, one with its article, and several: "SWP", "an SWP",
    /// "SWPs".
    pub one: &'static str,
    pub an_one: &'static str,
    pub many: &'static str,
    /// The key of the version's hash in audit rows ("contentHash").
    pub hash_key: &'static str,
    /// Who uploads, and the refusal of anyone else.
    pub uploads: fn(&User) -> bool,
    pub not_uploader: &'static str,
    /// The refusal of a user who reviews no stage.
    pub not_reviewer: &'static str,
    pub flow: Flow,
}

impl Kind {
    pub fn require_uploader(&self, u: &User) -> Result<(), AppError> {
        if (self.uploads)(u) {
            Ok(())
        } else {
            Err(AppError::Forbidden(self.not_uploader.into()))
        }
    }

    /// Why `u` may not review `doc` (None: they may, at their stage): a stage of theirs,
    /// not an author, overlapping zones (a manager's too). The company is `can_see`'s.
    pub fn review_denial(&self, u: &User, doc: &Record) -> Option<String> {
        if self.flow.stage_of(u).is_none() {
            Some(self.not_reviewer.into())
        } else if doc.is_author(&u.id) {
            Some(format!("Nobody reviews their own {}.", self.one))
        } else if !zones::overlap(&u.zones, &doc.zones) {
            Some(format!("This {} is not in your zones.", self.one))
        } else {
            None
        }
    }

    /// An audit row about document `id`, by `user`.
    pub fn act(&self, user: &User, verb: &str, id: &str, meaning: impl Into<String>) -> AuditEntry {
        AuditEntry::new(&format!("{}.{verb}", self.noun), format!("{}:{id}", self.noun), meaning).by(Some(&user.id), &user.full_name())
    }

    /// The filter of a reviewer's "pending my approval" list over `FROM <table> <alias>`:
    /// their company's pending documents whose `stage` is open, not theirs, in the zones
    /// that `zones` (the module's zone SQL, given the parameters) accepts.
    pub fn waiting_sql(&self, q: &mut Params, u: &User, stage: usize, zones: impl FnOnce(&mut Params) -> String) -> String {
        let a = self.alias;
        let company = q.add(u.company_code.clone());
        let me = q.add(u.id.clone());
        let zones = zones(q);
        let open = self.flow.open_sql(&format!("{a}."), stage);
        format!(
            "{a}.company_code = {company} AND {a}.status = 'pending' AND {open} AND {a}.owner_id <> {me} \
             AND ({a}.on_behalf_id IS NULL OR {a}.on_behalf_id <> {me}) AND {zones}"
        )
    }
}

/// Process engineers and process managers upload (the spec's uploaders are process
/// engineers; their manager uploads too).
pub fn process_uploader(u: &User) -> bool {
    u.department == crate::auth::users::Department::Process && matches!(u.position, crate::auth::users::Position::Engineer | crate::auth::users::Position::Manager)
}

/// A document is seen by users of its company whose zones overlap its zones (or who
/// cover the company), and by its authors. Deleted documents are seen by nobody.
pub fn can_see(zones: &Zones, u: &User, doc: &Record) -> bool {
    can_see_parts(zones, u, doc.status, &doc.company_code, doc.is_author(&u.id), &doc.zones)
}

/// [`can_see`] on the columns it needs (reads that load no whole record).
pub fn can_see_parts(zones: &Zones, u: &User, status: Status, company: &str, authored: bool, doc_zones: &[String]) -> bool {
    status != Status::Deleted && company == u.company_code && (authored || zones.covers_company(&u.company_code, &u.zones) || zones::overlap(&u.zones, doc_zones))
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
        noun: "doc",
        table: "docs",
        alias: "d",
        columns: "",
        one: "doc",
        an_one: "a doc",
        many: "docs",
        hash_key: "hash",
        uploads: process_uploader,
        not_uploader: "Only process engineers and process managers upload docs.",
        not_reviewer: "Only supervisors review docs.",
        flow: Flow { stages: &STAGES, order: Order::Together, bypass: None },
    };

    #[test]
    fn the_rules_as_a_table() {
        let zones = Zones::new(&BTreeMap::new());
        let doc = Record::sketch("d1", "mpk", "eng", &["A1"], Status::Pending, 1);
        let user = |id: &str, company: &str, p, d, z: &[&str]| User::sketch(id, company, p, d, z);
        // (who, upload, see, review denied, manage)
        let rows = [
            (user("eng", "mpk", Engineer, Process, &["B1"]), true, true, Some("Nobody reviews their own doc."), true),
            (user("pm", "mpk", Manager, Process, &["A1"]), true, true, Some("Only supervisors review docs."), true),
            (user("qs", "mpk", Supervisor, Quality, &["A1"]), false, true, None, false),
            (user("ps", "mpk", Supervisor, Production, &["B1"]), false, false, Some("This doc is not in your zones."), false),
            (user("paint", "mpk", Manager, Paint, &["A1"]), false, true, Some("Only supervisors review docs."), true),
            (user("other", "umw", Supervisor, Quality, &["A1"]), false, false, None, false),
            (user("clerk", "mpk", Clerk, Process, &["A1"]), false, true, Some("Only supervisors review docs."), false),
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
        assert_eq!((e.action.as_str(), e.target.as_str(), e.actor.as_str()), ("doc.delete", "doc:d1", "pm T"));
    }

    #[test]
    fn the_waiting_list_filter() {
        let mut q = Params::default();
        let u = User::sketch("me", "mpk", Supervisor, Quality, &["A1"]);
        let sql = KIND.waiting_sql(&mut q, &u, 0, |q| format!("d.zone = {}", q.add("A1")));
        assert_eq!(
            sql,
            "d.company_code = $1 AND d.status = 'pending' AND d.check_status = 'Pending' AND d.owner_id <> $2 \
             AND (d.on_behalf_id IS NULL OR d.on_behalf_id <> $2) AND d.zone = $3"
        );
        assert_eq!(q.values.len(), 3);
    }
}
