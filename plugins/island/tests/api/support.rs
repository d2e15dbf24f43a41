//! A kiosk plant: a deployed SWP of mpk (zones A1, B2), the netbook's kiosk account signed
//! in, operators and staff with badges, and one person of another company.
use plantdoc_core::auth::users::UserInput;
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::swp::support::{crew, deployed, kiosk, login, Crew};

/// Adds a person with a badge; answers the id.
pub async fn badged(
    app: &TestApp,
    email: &str,
    position: &str,
    department: &str,
    company: &str,
    badge: &str,
) -> String {
    app.add(UserInput {
        firstname: "Badge".into(),
        lastname: badge.into(),
        company_code: company.into(),
        zones: zone_list(&["A1"]),
        badge: Some(badge.into()),
        op_no: Some(format!("OP{badge}")),
        ..new_user(email, position, department)
    })
    .await
}

pub struct Plant {
    pub netbook: Client,
    pub swp_id: String,
    pub part_number: String,
    /// Operator, badge 1001.
    pub op: String,
    /// Supervisor (production), badge 2001.
    pub sup: String,
}

/// The kiosk plant with an SWP deployed for `part`.
pub async fn plant(app: &TestApp, part: &str) -> Plant {
    let crew = crew(app).await;
    let swp_id = deployed(&crew, part, json!({})).await;
    kiosk(app, "kiosk@demo.plant", "mpk", &["A1"]).await;
    let netbook = login(app, "kiosk@demo.plant").await;
    let op = badged(app, "op1001@demo.plant", "operator", "production", "mpk", "1001").await;
    let sup = badged(app, "sup2001@demo.plant", "supervisor", "production", "mpk", "2001").await;
    badged(app, "clerk3001@demo.plant", "clerk", "production", "mpk", "3001").await;
    badged(app, "pe4001@demo.plant", "engineer", "process", "mpk", "4001").await;
    badged(app, "sup9001@other.plant", "supervisor", "production", "umw", "9001").await;
    Plant { netbook, swp_id, part_number: part.into(), op, sup }
}

/// The review crew of [`plant`] (already added), signed in again.
pub async fn plant_crew(app: &TestApp) -> Crew {
    Crew {
        eng: login(app, "eng@demo.plant").await,
        eng_id: String::new(),
        process: login(app, "rev.process@demo.plant").await,
        quality: login(app, "rev.quality@demo.plant").await,
        production: login(app, "rev.production@demo.plant").await,
    }
}

impl Plant {
    pub async fn read(&self, key: &str) -> Resp {
        self.netbook
            .post(
                "/api/island/operator-read-swp",
                &json!({"opId": self.op, "swpId": self.swp_id, "key": key}),
            )
            .await
    }
    pub async fn verify(&self, badge: &str, key: &str) -> Resp {
        let body = json!({"badgeNo": badge, "opId": self.op, "swpId": self.swp_id, "opName": "Badge 1001", "partNumber": self.part_number, "currentSquares": 5, "key": key});
        self.netbook.post("/api/island/verify-swp", &body).await
    }
    pub async fn status(&self) -> Value {
        let r = self
            .netbook
            .get(&format!("/api/island/operator-status/{}/{}", self.op, self.swp_id))
            .await;
        assert_eq!(r.status, StatusCode::OK, "status: {}", r.text);
        r.body
    }
    /// Read then verified by the supervisor.
    pub async fn signed(&self, tag: &str) {
        assert_eq!(self.read(&format!("read-{tag}-key")).await.status, StatusCode::OK);
        let r = self.verify("2001", &format!("verify-{tag}-key")).await;
        assert_eq!(r.status, StatusCode::OK, "verify: {}", r.text);
    }
}

/// Sign records of an SWP as the kiosk's history shows them.
pub async fn history(c: &Client, swp_id: &str) -> Vec<Value> {
    let r = c.get(&format!("/api/island/sign-history/{swp_id}")).await;
    assert_eq!(r.status, StatusCode::OK, "history: {}", r.text);
    r.body["opsSigned"].as_array().unwrap().clone()
}
