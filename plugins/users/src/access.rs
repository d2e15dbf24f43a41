//! Who may administer which users (spec section 6: the Settings tab is for managers;
//! decision 46: scoped to the manager's company), as pure rules over the signed-in user, the
//! target and the submitted fields.
use plantdoc_core::auth::users::{Position, User, UserInput};
use plantdoc_core::text;

pub const NOT_MANAGER: &str = text!("User administration is for managers only.");
pub const NOT_SELF_DELETE: &str = text!("You cannot delete your own account.");
pub const OWN_COMPANY_ONLY: &str = text!("You can add users to your own company only.");
pub const NO_COMPANY_CHANGE: &str = text!("A user's company cannot be changed.");
pub const NOT_OWN_POSITION: &str = text!("You cannot change your own position.");
pub const NOT_OWN_DEPARTMENT: &str = text!("You cannot change your own department.");
pub const NOT_OWN_ZONES: &str = text!("You cannot change your own zones.");
pub const NOT_MANAGER_EMAIL: &str =
    text!("Only a plant administrator changes another manager's e-mail.");
pub const NOT_MANAGER_BADGE: &str =
    text!("Only a plant administrator changes another manager's badge.");
pub const NOT_ADMIN_DELETE: &str =
    text!("Only a plant administrator deletes a plant administrator.");
pub const NOT_ADMIN_KIOSK: &str =
    text!("Only a plant administrator sets up a kiosk account or turns one into a person's.");
pub const NOT_ADMIN_KIOSK_DELETE: &str =
    text!("Only a plant administrator deletes a kiosk account.");
pub const NOT_ADMIN_GRANT: &str =
    text!("Only a plant administrator makes someone a plant administrator or ends it.");
pub const NOT_OWN_ADMIN: &str = text!("You cannot end your own plant administration.");

/// Why an act is refused: not a user administrator at all (403), or a field's message.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    NotManager,
    Field(&'static str, &'static str),
}

/// Managers administer users; nobody else.
pub fn may_administer(actor: &User) -> bool {
    actor.position == Position::Manager && !actor.disabled
}

/// The companies whose users a manager sees and administers: their own; a plant
/// administrator's, every company. Anyone else is answered as if they did not exist.
pub fn sees(actor: &User, company: &str) -> bool {
    actor.plant_admin || actor.company_code == company
}

/// A new user's company must be one the manager administers; a kiosk account and a plant
/// administrator are made by a plant administrator only (a netbook's sign-in and the keys
/// of every company are plant IT's).
pub fn may_register(actor: &User, input: &UserInput) -> Result<(), Refusal> {
    if !may_administer(actor) {
        return Err(Refusal::NotManager);
    }
    if !sees(actor, &input.company_code) {
        return Err(Refusal::Field("companyCode", OWN_COMPANY_ONLY));
    }
    if input.kiosk == Some(true) && !actor.plant_admin {
        return Err(Refusal::Field("kiosk", NOT_ADMIN_KIOSK));
    }
    if input.plant_admin == Some(true) && !actor.plant_admin {
        return Err(Refusal::Field("plantAdmin", NOT_ADMIN_GRANT));
    }
    Ok(())
}

/// The flags only a plant administrator changes, on an edit: kiosk and plant
/// administrator (never their own administration: the plant keeps one at least).
fn may_change_flags(actor: &User, target: &User, input: &UserInput) -> Result<(), Refusal> {
    if input.kiosk.is_some_and(|k| k != target.kiosk) && !actor.plant_admin {
        return Err(Refusal::Field("kiosk", NOT_ADMIN_KIOSK));
    }
    if input.plant_admin.is_some_and(|a| a != target.plant_admin) {
        if !actor.plant_admin {
            return Err(Refusal::Field("plantAdmin", NOT_ADMIN_GRANT));
        }
        if actor.id == target.id {
            return Err(Refusal::Field("plantAdmin", NOT_OWN_ADMIN));
        }
    }
    Ok(())
}

/// A manager may delete anyone they see but themself; a plant administrator only by
/// another plant administrator (else a company's manager could remove plant IT).
pub fn may_delete(actor: &User, target: &User) -> Result<(), Refusal> {
    if !may_administer(actor) {
        return Err(Refusal::NotManager);
    }
    if actor.id == target.id {
        return Err(Refusal::Field("email", NOT_SELF_DELETE));
    }
    if target.plant_admin && !actor.plant_admin {
        return Err(Refusal::Field("email", NOT_ADMIN_DELETE));
    }
    if target.kiosk && !actor.plant_admin {
        return Err(Refusal::Field("email", NOT_ADMIN_KIOSK_DELETE));
    }
    Ok(())
}

fn zone_set(z: &[String]) -> Vec<&str> {
    let mut v: Vec<&str> = z.iter().map(String::as_str).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// An edit (the input already normalised): nobody moves a user to another company;
/// nobody changes their own position, department or zones (separation of duties: a
/// reviewer's stage follows them); only a plant administrator changes another manager's
/// (or a plant administrator's) e-mail or badge, the credentials of their name.
pub fn may_edit(actor: &User, target: &User, input: &UserInput) -> Result<(), Refusal> {
    if !may_administer(actor) {
        return Err(Refusal::NotManager);
    }
    if input.company_code != target.company_code {
        return Err(Refusal::Field("companyCode", NO_COMPANY_CHANGE));
    }
    may_change_flags(actor, target, input)?;
    if actor.id == target.id {
        if input.position != target.position.as_str() {
            return Err(Refusal::Field("position", NOT_OWN_POSITION));
        }
        if input.department != target.department.as_str() {
            return Err(Refusal::Field("department", NOT_OWN_DEPARTMENT));
        }
        if zone_set(&input.zones) != zone_set(&target.zones) {
            return Err(Refusal::Field("zones", NOT_OWN_ZONES));
        }
    } else if (target.is_manager() || target.plant_admin) && !actor.plant_admin {
        if input.email != target.email {
            return Err(Refusal::Field("email", NOT_MANAGER_EMAIL));
        }
        if input.badge != target.badge {
            return Err(Refusal::Field("badge", NOT_MANAGER_BADGE));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::auth::users::Department;
    use Refusal::*;

    fn user(
        id: &str,
        company: &str,
        position: Position,
        disabled: bool,
        plant_admin: bool,
    ) -> User {
        User {
            disabled,
            plant_admin,
            badge: Some(format!("b-{id}")),
            ..User::sketch(id, company, position, Department::Process, &["A1"])
        }
    }

    /// `target` edited by `f`, judged for `actor`.
    fn edit(actor: &User, target: &User, f: impl Fn(&mut UserInput)) -> Result<(), Refusal> {
        let mut i = UserInput::of(target);
        f(&mut i);
        may_edit(actor, target, &i)
    }

    #[test]
    fn who_administers_whom() {
        let m = user("m", "umw", Position::Manager, false, false);
        let admin = user("a", "umw", Position::Manager, false, true);
        // (actor, administers, sees umw, sees mpk, registers in mpk)
        let rows = [
            (&m, true, true, false, Err(Field("companyCode", OWN_COMPANY_ONLY))),
            (&admin, true, true, true, Ok(())),
            (
                &user("d", "umw", Position::Manager, true, false),
                false,
                true,
                false,
                Err(NotManager),
            ),
            (
                &user("e", "umw", Position::Engineer, false, true),
                false,
                true,
                true,
                Err(NotManager),
            ),
            (
                &user("s", "umw", Position::Supervisor, false, false),
                false,
                true,
                false,
                Err(NotManager),
            ),
            (
                &user("o", "umw", Position::Operator, false, false),
                false,
                true,
                false,
                Err(NotManager),
            ),
        ];
        for (actor, administers, sees_umw, sees_mpk, register) in rows {
            assert_eq!(may_administer(actor), administers, "{}", actor.id);
            assert_eq!(
                (sees(actor, "umw"), sees(actor, "mpk")),
                (sees_umw, sees_mpk),
                "{}",
                actor.id
            );
            let new = UserInput { company_code: "mpk".into(), ..Default::default() };
            assert_eq!(may_register(actor, &new), register, "{}", actor.id);
        }
    }

    #[test]
    fn edits_and_deletes_as_a_table() {
        let m = user("m", "umw", Position::Manager, false, false);
        let admin = user("a", "umw", Position::Manager, false, true);
        let m2 = user("m2", "umw", Position::Manager, false, false);
        let eng = user("e", "umw", Position::Engineer, false, false);
        type Edit<'a> = &'a dyn Fn(&mut UserInput);
        let email: Edit = &|i| i.email = "new@x.y".into();
        let badge: Edit = &|i| i.badge = Some("777".into());
        let company: Edit = &|i| i.company_code = "mpk".into();
        let position: Edit = &|i| i.position = "clerk".into();
        let department: Edit = &|i| i.department = "quality".into();
        let zones: Edit = &|i| i.zones = vec!["B1".into()];
        let zones_repeated: Edit = &|i| i.zones = vec!["A1".into(), "A1".into()];
        let name: Edit = &|i| i.firstname = "New".into();
        // (actor, target, edit, answer)
        let rows: Vec<(&User, &User, Edit, Result<(), Refusal>)> = vec![
            (&m, &eng, email, Ok(())),
            (&m, &eng, badge, Ok(())),
            (&m, &eng, position, Ok(())),
            (&m, &eng, company, Err(Field("companyCode", NO_COMPANY_CHANGE))),
            (&admin, &eng, company, Err(Field("companyCode", NO_COMPANY_CHANGE))),
            (&m, &m, company, Err(Field("companyCode", NO_COMPANY_CHANGE))),
            (&m, &m, position, Err(Field("position", NOT_OWN_POSITION))),
            (&m, &m, department, Err(Field("department", NOT_OWN_DEPARTMENT))),
            (&m, &m, zones, Err(Field("zones", NOT_OWN_ZONES))),
            (&admin, &admin, zones, Err(Field("zones", NOT_OWN_ZONES))),
            (&m, &m, zones_repeated, Ok(())),
            (&m, &m, name, Ok(())),
            (&m, &m, email, Ok(())),
            (&m, &m2, email, Err(Field("email", NOT_MANAGER_EMAIL))),
            (&m, &m2, badge, Err(Field("badge", NOT_MANAGER_BADGE))),
            (&m, &m2, position, Ok(())),
            (&m, &admin, email, Err(Field("email", NOT_MANAGER_EMAIL))),
            (&admin, &m2, email, Ok(())),
            (&admin, &m2, badge, Ok(())),
            (&eng, &eng, name, Err(NotManager)),
        ];
        for (i, (actor, target, f, want)) in rows.into_iter().enumerate() {
            assert_eq!(edit(actor, target, f), want, "row {i}: {} edits {}", actor.id, target.id);
        }
        // (actor, target, answer)
        let deletes = [
            (&m, &eng, Ok(())),
            (&m, &m2, Ok(())),
            (&m, &m, Err(Field("email", NOT_SELF_DELETE))),
            (&m, &admin, Err(Field("email", NOT_ADMIN_DELETE))),
            (&admin, &m, Ok(())),
            (&eng, &m, Err(NotManager)),
        ];
        for (actor, target, want) in deletes {
            assert_eq!(may_delete(actor, target), want, "{} deletes {}", actor.id, target.id);
        }
    }
}
