//! People for a test, one way for every module's tests: a new user's fields with the
//! kit's defaults (company mpk, zones A1 and B2, names from the e-mail), added through the
//! core's seed path with the kit's password, signed in like the web client, and the
//! audit rows of an action counted.
use plantdoc_core::auth::users::UserInput;
use reqwest::StatusCode;

use super::{scalar, Client, TestApp, PASSWORD};

/// A new user's fields: `position` in `department` of company mpk, zones A1 and B2, first
/// name "Test", last name the e-mail's local part (without dots and dashes, so it never
/// holds the password's words). Change any field with struct update syntax.
pub fn new_user(email: &str, position: &str, department: &str) -> UserInput {
    UserInput {
        firstname: "Test".into(),
        lastname: email.split('@').next().unwrap().replace(['.', '-'], ""),
        email: email.into(),
        company_code: "mpk".into(),
        position: position.into(),
        department: department.into(),
        zones: zone_list(&["A1", "B2"]),
        ..Default::default()
    }
}

/// Zone codes as a user's field takes them.
pub fn zone_list(z: &[&str]) -> Vec<String> {
    z.iter().map(|z| z.to_string()).collect()
}

impl TestApp {
    /// Adds a user with the kit's password (no temporary one); answers the id.
    pub async fn add(&self, input: UserInput) -> String {
        plantdoc_core::seed::add_user(&self.state, input, PASSWORD, false, "test")
            .await
            .expect("add user")
    }

    /// A client signed in as `email` (added before) with the kit's password.
    pub async fn login(&self, email: &str) -> Client {
        let c = self.client();
        let body = serde_json::json!({"email": email, "password": PASSWORD});
        let r = c.post("/api/users/login", &body).await;
        assert_eq!(r.status, StatusCode::OK, "login {email}: {}", r.body);
        c
    }
}

/// How many audit rows of `action` there are.
pub async fn audit_count(app: &TestApp, action: &str) -> i64 {
    scalar(app, &format!("SELECT COUNT(*) FROM audit_log WHERE action = '{action}'")).await
}
