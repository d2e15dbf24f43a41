//! Events: what happened, told inside the transaction of the act (decision 66). A
//! module declares the kinds of events it emits in its `build`:
//!
//! ```ignore
//! ctx.event_kind(EventKind::new("swp.deployed", "An SWP revision was deployed"));
//! ctx.listen(&["swp.deployed", "sign.verified"], Arc::new(Obligations));
//! ```
//!
//! and emits one where the act commits: `state.emit(&mut tx, now, &event).await?` runs
//! every enabled module's listener of that kind on the same connection, before the
//! commit, so what a listener writes (a reading obligation, an outbox row) lands or rolls
//! back with the act. A listener's error rolls the act back: listeners do bounded work in
//! the database and leave slow work (mail, pushes) to a task reading what they wrote.
//! The core names no module and no kind; the kinds are the modules' (docs/modules.md,
//! "Events").
use std::collections::BTreeMap;
use std::sync::Arc;

use async_trait::async_trait;
use serde::Serialize;
use serde_json::Value;
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::error::AppResult;
use crate::plugin::Module;

/// A kind of event a module emits: `"<module>.<what>"` (lower-case, digits, '-', one
/// '.'), with a label people read (notification preferences list them) and how its
/// recipients are told unless they chose otherwise (the bell; see [`Channel`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventKind {
    pub id: &'static str,
    pub label: &'static str,
    pub default: Channel,
    /// Told only to the person it is about (the event's owners), by a mail of its own
    /// that no preference turns off, on their bell and live pages only ([`Self::personal`]).
    pub personal: bool,
    /// The act of the core's own this kind tells of, if any ([`Self::serves`]).
    pub serves: Option<CoreAct>,
    /// Changes what the plant floor shows ([`Self::floor`]): the only kind an operator's
    /// live stream (the kiosk's) carries, besides what they are told themselves.
    pub floor: bool,
}

/// An act of the core's that a module's personal kind tells its person of: the core
/// asks `state.kind_serving(act)` and names no kind (a module declares it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CoreAct {
    /// Someone asked for a password reset link (`POST /api/users/forgotPassword`).
    PasswordReset,
    /// A webhook failed for 24 h and was disabled: its maker is told.
    WebhookDisabled,
    /// The roster import (`plantdoc user import`, Settings → Users → Import) changed or
    /// disabled a user: told as the console's Edit and Delete User tell it, so the modules
    /// that hear it (a disabled operator's obligations) hear an import too.
    UserChanged,
}

impl CoreAct {
    /// Told to one person (bell and mail), not to the plant.
    pub fn is_personal(self) -> bool {
        !matches!(self, CoreAct::UserChanged)
    }
}

/// The mail of a personal event, rendered by the act (it may carry a one-time secret:
/// a reset link). It goes to the mail outbox in the act's transaction, never to the
/// event's data; the body is blanked once sent (decision "Personal events").
#[derive(Clone, PartialEq)]
pub struct PersonalMail {
    pub subject: String,
    pub text: String,
}

impl std::fmt::Debug for PersonalMail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PersonalMail")
            .field("subject", &self.subject)
            .field("text", &"<kept out of logs>")
            .finish()
    }
}

/// How a person is told of a kind of event (Settings → Notifications): the bell only,
/// the bell and one mail per event, the bell and a daily digest mail, or not at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Bell,
    Email,
    Digest,
    Off,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Bell => "bell",
            Channel::Email => "email",
            Channel::Digest => "digest",
            Channel::Off => "off",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        [Channel::Bell, Channel::Email, Channel::Digest, Channel::Off]
            .into_iter()
            .find(|c| c.as_str() == s)
    }
}

impl EventKind {
    pub const fn new(id: &'static str, label: &'static str) -> Self {
        Self { id, label, default: Channel::Bell, personal: false, serves: None, floor: false }
    }
    /// Changes what the floor shows (a document deployed or removed, an alert in force or
    /// sunset): operators' live streams, the kiosk's, carry it; they carry no other kind
    /// but what names them (docs/security.md, "Second probe").
    pub const fn floor(mut self) -> Self {
        self.floor = true;
        self
    }
    /// About one person's own account (account created, password reset): told to the
    /// event's owners only, always by mail (its [`PersonalMail`]), never turned off.
    pub const fn personal(mut self) -> Self {
        self.personal = true;
        self.default = Channel::Email;
        self
    }
    /// The personal kind the core emits for `act` (one module declares it).
    pub const fn serves(mut self, act: CoreAct) -> Self {
        self.serves = Some(act);
        self
    }
    /// Told this way unless the person chose otherwise (items waiting for someone and
    /// verdicts on their own items: `Email`; overdue readings: `Digest`).
    pub const fn by_default(mut self, channel: Channel) -> Self {
        self.default = channel;
        self
    }

    fn is_valid(&self) -> bool {
        let mut parts = self.id.split('.');
        let ok = |s: &str| {
            !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        matches!((parts.next(), parts.next(), parts.next()), (Some(m), Some(w), None) if ok(m) && ok(w))
    }
}

/// One event: what happened to what, in which company and zones, by whom.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    /// A declared kind's id, e.g. `"swp.deployed"`.
    pub kind: &'static str,
    pub company: String,
    /// The zones the subject concerns; empty: the whole company.
    pub zones: Vec<String>,
    /// What it is about: `"<doc kind>:<id>"` (as audit rows name it) or `"user:<id>"`.
    pub subject: String,
    /// The user who acted, if a user did (a task acts for nobody).
    pub actor: Option<String>,
    /// The kind's own fields (part number, revision, note …). Notifications read
    /// `title` (one line saying what happened), `note` and `link` (a console path, e.g.
    /// `/main/sign-off?review=<id>`) from it.
    pub data: Value,
    /// Who is told (a notification each): users who must also see the subject's zones.
    pub to: Vec<String>,
    /// Who is told because the subject is theirs (author, on-behalf-of engineer): their
    /// company is checked, not the zones.
    pub owners: Vec<String>,
    /// A personal kind's mail (see [`PersonalMail`]); never serialised.
    #[serde(skip)]
    pub mail: Option<PersonalMail>,
}

impl Event {
    pub fn new(kind: &'static str, company: impl Into<String>, subject: impl Into<String>) -> Self {
        Self {
            kind,
            company: company.into(),
            zones: Vec::new(),
            subject: subject.into(),
            actor: None,
            data: Value::Null,
            to: Vec::new(),
            owners: Vec::new(),
            mail: None,
        }
    }
    pub fn zones(mut self, zones: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.zones = zones.into_iter().map(Into::into).collect();
        self
    }
    pub fn by(mut self, user_id: impl Into<String>) -> Self {
        self.actor = Some(user_id.into());
        self
    }
    pub fn data(mut self, data: Value) -> Self {
        self.data = data;
        self
    }
    /// Tells these users (a notification each, by their preferences) if they may see
    /// the event's company and zones; never the actor.
    pub fn to(mut self, users: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.to.extend(users.into_iter().map(Into::into));
        self
    }
    /// Tells these users because the subject is theirs (company checked, not zones).
    pub fn to_owners(mut self, users: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.owners.extend(users.into_iter().map(Into::into));
        self
    }
    /// A personal kind's mail to its owners (see [`EventKind::personal`]).
    pub fn mail(mut self, subject: impl Into<String>, text: impl Into<String>) -> Self {
        self.mail = Some(PersonalMail { subject: subject.into(), text: text.into() });
        self
    }
}

/// What a module does when an event it listens to happens, inside the act's transaction.
#[async_trait]
pub trait Listener: Send + Sync {
    /// Runs on the act's connection before its commit; an error rolls the act back.
    async fn on_event(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        event: &Event,
    ) -> AppResult<()>;
}

/// One module's listener and the kinds it hears (`"*"`: every kind).
pub struct Listening {
    pub kinds: Vec<&'static str>,
    pub listener: Arc<dyn Listener>,
}

/// Every module's event kinds and listeners.
#[derive(Default)]
pub struct Events {
    kinds: BTreeMap<&'static str, (EventKind, String)>,
    /// (module, kinds, listener), in module order.
    listeners: Vec<(String, Vec<&'static str>, Arc<dyn Listener>)>,
}

impl Events {
    /// Collects every known module's kinds and listeners; refuses a kind declared twice,
    /// a malformed kind id, a core act served twice, and a listener of a kind nobody
    /// declares.
    pub fn collect(modules: &[Module]) -> anyhow::Result<Self> {
        let mut out = Events::default();
        for m in modules {
            let id = m.manifest.id.as_str();
            for k in &m.built.event_kinds {
                if !k.is_valid() {
                    anyhow::bail!("module '{id}': event kind {:?} must be '<module>.<what>' in lower-case letters, digits and '-'", k.id);
                }
                if let Some(act) = k.serves {
                    if k.personal != act.is_personal() {
                        anyhow::bail!(
                            "module '{id}': event kind '{}' serves {act:?} but is {}personal",
                            k.id,
                            if k.personal { "" } else { "not " }
                        );
                    }
                    if let Some((o, _)) = out.kinds.values().find(|(o, _)| o.serves == Some(act)) {
                        anyhow::bail!(
                            "module '{id}': event kind '{}' serves {act:?}, as '{}' already does",
                            k.id,
                            o.id
                        );
                    }
                }
                if let Some((_, first)) = out.kinds.insert(k.id, (*k, id.to_string())) {
                    anyhow::bail!(
                        "module '{id}': event kind '{}' is already declared by module '{first}'",
                        k.id
                    );
                }
            }
        }
        for m in modules {
            for l in &m.built.listeners {
                if let Some(k) = l.kinds.iter().find(|k| **k != "*" && !out.kinds.contains_key(*k))
                {
                    anyhow::bail!(
                        "module '{}': listens to event kind '{k}', which no module declares",
                        m.manifest.id
                    );
                }
                out.listeners.push((m.manifest.id.clone(), l.kinds.clone(), l.listener.clone()));
            }
        }
        Ok(out)
    }

    /// Every declared kind, by id, with the module that declares it.
    pub fn kinds(&self) -> impl Iterator<Item = (EventKind, &str)> {
        self.kinds.values().map(|(k, m)| (*k, m.as_str()))
    }
}

impl AppState {
    /// Tells every enabled module listening to `event.kind`, on the act's connection
    /// (inside its transaction), then writes the event to the outbox with its
    /// recipients' notifications (`notify`: the bell, mail and live pages read it after
    /// the commit). An undeclared kind is a programming error: refused.
    pub async fn emit(&self, conn: &mut AnyConnection, now: i64, event: &Event) -> AppResult<()> {
        debug_assert!(
            self.events.kinds.contains_key(event.kind),
            "event kind '{}' is not declared",
            event.kind
        );
        for (module, kinds, listener) in &self.events.listeners {
            if self.module_enabled(module) && kinds.iter().any(|k| *k == "*" || *k == event.kind) {
                listener.on_event(self, conn, now, event).await?;
            }
        }
        crate::app::webhooks::enqueue(self, conn, now, event).await?;
        crate::app::notify::record(self, conn, now, event).await
    }

    /// A declared kind by id.
    pub fn event_kind(&self, id: &str) -> Option<EventKind> {
        self.events.kinds.get(id).map(|(k, _)| *k)
    }

    /// The kind a module declares for the core's `act` (its module enabled or not: the
    /// core's act goes on), if a linked module declares one.
    pub fn kind_serving(&self, act: CoreAct) -> Option<EventKind> {
        self.events.kinds.values().map(|(k, _)| *k).find(|k| k.serves == Some(act))
    }

    /// The declared event kinds (see [`Events::kinds`]).
    pub fn event_kinds(&self) -> impl Iterator<Item = (EventKind, &str)> {
        self.events.kinds()
    }
}

#[cfg(test)]
mod tests;
