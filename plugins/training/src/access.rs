//! Who may do what with training matrices (plugins/training/README.md has the table): pure rules
//! over the user and the matrix, with a table-driven test. Deny by default: every
//! handler applies one of these. The route tier (console, session) is on the route.
//!
//! - Read (lists, matrices, CSV): every console user, their own company's matrices only
//!   (the company is never taken from the request).
//! - Edit (levels, parts, operators, targets, the Add Training form): managers and
//!   supervisors of the production and process departments (cell leaders and process
//!   engineering management) whose zones hold the matrix's zone: cell + zone, e.g. A1.
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::AppError;
use plantdoc_core::{msg, text};

use crate::fields::Scope;

pub fn is_editor(u: &User) -> bool {
    matches!(u.position, Position::Manager | Position::Supervisor)
        && matches!(u.department, Department::Production | Department::Process)
}

/// The plant zone of a matrix: its cell and zone (A + 1 = "A1").
pub fn zone_code(s: &Scope) -> String {
    format!("{}{}", s.cell, s.zone)
}

pub fn can_edit(u: &User, s: &Scope) -> bool {
    is_editor(u) && u.zones.iter().any(|z| *z == zone_code(s))
}

pub const NOT_EDITOR: &str =
    text!("Only managers and supervisors of production and process edit training matrices.");

pub fn require_edit(u: &User, s: &Scope) -> Result<(), AppError> {
    if !is_editor(u) {
        Err(AppError::Forbidden(NOT_EDITOR.into()))
    } else if !can_edit(u, s) {
        Err(AppError::Forbidden(msg!("Zone {} is not one of your zones.", zone_code(s))))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Department::*;
    use Position::*;

    fn user(p: Position, d: Department, zones: &[&str]) -> User {
        User::sketch("u", "mpk", p, d, zones)
    }

    #[test]
    fn the_rules_as_a_table() {
        let a1 = Scope { shift: 1, cell: "A".into(), zone: 1 };
        // (who, editor, edits A1)
        let rows = [
            (user(Manager, Production, &["A1"]), true, true),
            (user(Supervisor, Production, &["A1", "B2"]), true, true),
            (user(Supervisor, Process, &["A1"]), true, true),
            (user(Manager, Process, &["B2"]), true, false),
            (user(Manager, Quality, &["A1"]), false, false),
            (user(Supervisor, Paint, &["A1"]), false, false),
            (user(Engineer, Production, &["A1"]), false, false),
            (user(Clerk, Process, &["A1"]), false, false),
            (user(Ojt, Production, &["A1"]), false, false),
            (user(Operator, Production, &["A1"]), false, false),
        ];
        for (u, editor, edits) in rows {
            assert_eq!(is_editor(&u), editor, "{:?}/{:?}", u.position, u.department);
            assert_eq!(
                can_edit(&u, &a1),
                edits,
                "{:?}/{:?} {:?}",
                u.position,
                u.department,
                u.zones
            );
            assert_eq!(require_edit(&u, &a1).is_ok(), edits);
        }
        assert_eq!(zone_code(&Scope { shift: 3, cell: "D".into(), zone: 3 }), "D3");
    }
}
