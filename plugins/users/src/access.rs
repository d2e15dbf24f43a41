//! Who may administer users (spec section 6: the Settings tab is for managers), as pure
//! rules over the signed-in user and the target.
use plantdoc_core::auth::users::{Position, User};

pub const NOT_MANAGER: &str = "User administration is for managers only.";
pub const NOT_SELF_DELETE: &str = "You cannot delete your own account.";
pub const NOT_SELF_DEMOTE: &str = "You cannot remove your own manager position.";

/// Managers administer users; nobody else.
pub fn may_administer(actor: &User) -> bool {
    actor.position == Position::Manager && !actor.disabled
}

/// A manager may delete anyone but themself.
pub fn may_delete(actor: &User, target_id: &str) -> Result<(), &'static str> {
    if !may_administer(actor) {
        return Err(NOT_MANAGER);
    }
    if actor.id == target_id {
        return Err(NOT_SELF_DELETE);
    }
    Ok(())
}

/// A manager may edit anyone, themself too, but not take away their own manager position
/// (the plant would lose its way back into this screen).
pub fn may_edit(actor: &User, target_id: &str, new_position: &str) -> Result<(), &'static str> {
    if !may_administer(actor) {
        return Err(NOT_MANAGER);
    }
    if actor.id == target_id && new_position != Position::Manager.as_str() {
        return Err(NOT_SELF_DEMOTE);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::auth::users::Department;

    fn user(id: &str, position: Position, disabled: bool) -> User {
        User { disabled, ..User::sketch(id, "mpk", position, Department::Process, &[]) }
    }

    #[test]
    fn the_rules_as_a_table() {
        // (actor, administer, delete other, delete self, edit other, demote self)
        let rows = [
            (user("m", Position::Manager, false), true, Ok(()), Err(NOT_SELF_DELETE), Ok(()), Err(NOT_SELF_DEMOTE)),
            (user("m", Position::Manager, true), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
            (user("e", Position::Engineer, false), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
            (user("s", Position::Supervisor, false), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
            (user("c", Position::Clerk, false), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
            (user("o", Position::Ojt, false), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
            (user("p", Position::Operator, false), false, Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER), Err(NOT_MANAGER)),
        ];
        for (actor, admin, del_other, del_self, edit_other, demote_self) in rows {
            let who = format!("{:?}/{}", actor.position, actor.disabled);
            assert_eq!(may_administer(&actor), admin, "{who}");
            assert_eq!(may_delete(&actor, "other"), del_other, "{who}");
            assert_eq!(may_delete(&actor, &actor.id.clone()), del_self, "{who}");
            assert_eq!(may_edit(&actor, "other", "clerk"), edit_other, "{who}");
            assert_eq!(may_edit(&actor, &actor.id.clone(), "engineer"), demote_self, "{who}");
        }
        // Editing oneself while staying a manager is fine.
        let m = user("m", Position::Manager, false);
        assert_eq!(may_edit(&m, "m", "manager"), Ok(()));
    }
}
