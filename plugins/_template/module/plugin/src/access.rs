//! Who may do what with items: pure rules over the user, with a table-driven test. The
//! route tier (console) is on the route; reads are every console user's, of their own
//! company (the company is never taken from the request).
use plantdoc_core::prelude::{Position, User};

pub const NOT_ALLOWED: &str = "Operators do not add items.";

/// Staff of any position but operator add items.
pub fn may_add(u: &User) -> bool {
    u.position != Position::Operator
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::prelude::Department::Process;
    use Position::*;

    #[test]
    fn the_rules_as_a_table() {
        for (p, adds) in [(Manager, true), (Engineer, true), (Supervisor, true), (Clerk, true), (Ojt, true), (Operator, false)] {
            assert_eq!(may_add(&User::sketch("u", "mpk", p, Process, &["A1"])), adds, "{p:?}");
        }
    }
}
