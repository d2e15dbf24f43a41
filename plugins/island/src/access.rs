//! Who may, and what counts: pure rules over people and records (table-driven tests).
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::text;

/// Signature validity (spec section 9): 90 days.
pub const SIGN_VALID_MS: i64 = 7_776_000_000;

/// Why a badge may not verify an operator, as the kiosk shows it.
pub const NOT_A_VERIFIER: &str = text!("This badge cannot verify operators. A supervisor, manager or engineer must scan their own badge.");
pub const SELF_VERIFY: &str =
    text!("Operators cannot verify themselves. Another person must scan their own badge.");

/// A verifier is a staff member (supervisor, manager, engineer) of the kiosk's company,
/// never the operator being verified.
pub fn may_verify(verifier: &User, operator_id: &str, company: &str) -> Result<(), &'static str> {
    if verifier.id == operator_id {
        return Err(SELF_VERIFY);
    }
    let staff =
        matches!(verifier.position, Position::Supervisor | Position::Manager | Position::Engineer);
    if !staff || verifier.company_code != company || verifier.disabled {
        return Err(NOT_A_VERIFIER);
    }
    Ok(())
}

/// Who signs as the operator: the core's rule (the SWP module's status read uses its SQL).
pub use plantdoc_core::acks::signs_as_operator;

/// The kiosk settings (zone, revoke): the spec's six process-engineering positions, i.e.
/// engineers and managers of the process department, of the kiosk's company.
pub fn may_edit_settings(u: &User, company: &str) -> bool {
    matches!(u.position, Position::Manager | Position::Engineer)
        && u.department == Department::Process
        && u.company_code == company
        && !u.disabled
}

/// Spec section 4: parts whose number contains 'contain' count as read; otherwise read
/// only with a signature of this version made less than 90 days ago.
pub fn instructions_read(part_number: &str, signed_at: Option<i64>, now_ms: i64) -> bool {
    if part_number.to_lowercase().contains("contain") {
        return true;
    }
    signed_at.is_some_and(|t| now_ms - t < SIGN_VALID_MS)
}

/// Spec section 4: the level is 5 (checks disabled) unless the training gate is on; with
/// it on, the matrix's squares, and -1 when they cannot be looked up.
pub fn training_level(gate_on: bool, squares: Option<i64>) -> i64 {
    if !gate_on {
        return 5;
    }
    squares.unwrap_or(-1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str, position: Position, department: Department, company: &str) -> User {
        User::sketch(id, company, position, department, &[])
    }

    #[test]
    fn verifiers() {
        use Department::*;
        use Position::*;
        let cases = [
            (Supervisor, Production, "mpk", "op", Ok(())),
            (Manager, Quality, "mpk", "op", Ok(())),
            (Engineer, Process, "mpk", "op", Ok(())),
            (Clerk, Production, "mpk", "op", Err(NOT_A_VERIFIER)),
            (Ojt, Production, "mpk", "op", Err(NOT_A_VERIFIER)),
            (Operator, Production, "mpk", "op", Err(NOT_A_VERIFIER)),
            (Supervisor, Production, "umw", "op", Err(NOT_A_VERIFIER)),
            (Supervisor, Production, "mpk", "me", Err(SELF_VERIFY)),
        ];
        for (p, d, c, op, want) in cases {
            assert_eq!(may_verify(&user("me", p, d, c), op, "mpk"), want, "{p:?} {d:?} {c} {op}");
        }
    }

    #[test]
    fn who_signs_as_operator() {
        for p in Position::ALL {
            let mut u = user("x", p, Department::Production, "mpk");
            u.badge = Some("1001".into());
            assert_eq!(
                signs_as_operator(&u),
                matches!(p, Position::Operator | Position::Ojt),
                "{p:?}"
            );
        }
        let mut op = user("x", Position::Operator, Department::Production, "mpk");
        assert!(!signs_as_operator(&op), "no badge: not identified at the kiosk");
        op.kiosk = true;
        assert!(!signs_as_operator(&op), "a kiosk account");
        op.badge = Some("1001".into());
        assert!(!signs_as_operator(&op), "a kiosk account, even with a badge");
        op.kiosk = false;
        op.disabled = true;
        assert!(!signs_as_operator(&op), "disabled");
    }

    #[test]
    fn settings_editors() {
        use Department::*;
        use Position::*;
        for p in Position::ALL {
            for d in Department::ALL {
                let want = matches!(p, Manager | Engineer) && d == Process;
                assert_eq!(may_edit_settings(&user("x", p, d, "mpk"), "mpk"), want, "{p:?} {d:?}");
                assert!(!may_edit_settings(&user("x", p, d, "umw"), "mpk"));
            }
        }
    }

    #[test]
    fn instructions_status() {
        let day = 24 * 60 * 60 * 1000;
        let now = 1000 * day;
        assert!(instructions_read("7101", Some(now - 89 * day), now));
        assert!(!instructions_read("7101", Some(now - 90 * day), now));
        assert!(!instructions_read("7101", Some(now - 91 * day), now));
        assert!(!instructions_read("7101", None, now));
        assert!(instructions_read("CONTAINER-7", None, now));
        assert!(instructions_read("x-Contain", Some(now - 400 * day), now));
    }

    #[test]
    fn training() {
        assert_eq!(training_level(false, None), 5);
        assert_eq!(training_level(false, Some(0)), 5);
        assert_eq!(training_level(true, Some(3)), 3);
        assert_eq!(training_level(true, None), -1);
    }
}
