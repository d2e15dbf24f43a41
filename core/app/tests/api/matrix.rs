//! The people of every module's authorization matrix: each position × department, in
//! company mpk with zone A1 ("in") or C1 ("out"), and in company umw with all its zones.
use futures::StreamExt;

use crate::helpers::*;
use crate::swp::support::{add, login};

pub const POSITIONS: [&str; 6] = ["manager", "engineer", "supervisor", "clerk", "ojt", "operator"];
pub const DEPARTMENTS: [&str; 4] = ["production", "process", "quality", "paint"];

/// One signed-in person of the matrix.
pub struct Person {
    pub position: &'static str,
    pub department: &'static str,
    /// "mpk" (the fixtures' company) or "umw".
    pub company: &'static str,
    /// "in" (mpk, zone A1), "out" (mpk, zone C1) or "all" (umw, every umw zone).
    pub zones: &'static str,
    pub client: Client,
}

impl Person {
    pub fn label(&self) -> String {
        format!("{}/{}/{}/{}", self.position, self.department, self.company, self.zones)
    }
}

/// Adds and signs in the 72 people (four at a time).
pub async fn people(app: &TestApp) -> Vec<Person> {
    let umw_zones = app.state.zones.codes("umw");
    let mut specs = Vec::new();
    for p in POSITIONS {
        for d in DEPARTMENTS {
            specs.push((p, d, "mpk", "in", vec!["A1".to_string()]));
            specs.push((p, d, "mpk", "out", vec!["C1".to_string()]));
            specs.push((p, d, "umw", "all", umw_zones.clone()));
        }
    }
    futures::stream::iter(specs)
        .map(|(position, department, company, zones, list)| async move {
            let email = format!("{position}.{department}.{company}.{zones}@matrix.plant");
            let zs: Vec<&str> = list.iter().map(String::as_str).collect();
            add(app, &email, position, department, company, &zs).await;
            Person { position, department, company, zones, client: login(app, &email).await }
        })
        .buffer_unordered(4)
        .collect()
        .await
}
