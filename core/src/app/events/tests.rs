use super::*;
use crate::module_ctx::Built;
use crate::plugin::Manifest;

struct Nothing;
#[async_trait]
impl Listener for Nothing {
    async fn on_event(
        &self,
        _: &AppState,
        _: &mut AnyConnection,
        _: i64,
        _: &Event,
    ) -> AppResult<()> {
        Ok(())
    }
}

fn module(id: &str, kinds: &[&'static str], hears: &[&'static str]) -> Module {
    let listeners = if hears.is_empty() {
        vec![]
    } else {
        vec![Listening { kinds: hears.to_vec(), listener: Arc::new(Nothing) }]
    };
    let built = Built {
        event_kinds: kinds.iter().map(|k| EventKind::new(k, "label")).collect(),
        listeners,
        ..Built::default()
    };
    Module { manifest: Manifest::new(id, id, "1.0"), enabled: true, built: Arc::new(built) }
}

#[test]
fn kinds_are_declared_once_well_formed_and_heard_only_if_declared() {
    let ev = Events::collect(&[
        module("a", &["a.done", "a.un-done"], &[]),
        module("b", &[], &["a.done", "*"]),
    ])
    .unwrap();
    assert_eq!(
        ev.kinds().map(|(k, m)| (k.id, m.to_string())).collect::<Vec<_>>(),
        [("a.done", "a".into()), ("a.un-done", "a".into())]
    );
    assert_eq!(ev.listeners.len(), 1);
    let err = |mods: &[Module]| Events::collect(mods).err().unwrap().to_string();
    assert_eq!(
        err(&[module("a", &["a.done"], &[]), module("b", &["a.done"], &[])]),
        "module 'b': event kind 'a.done' is already declared by module 'a'"
    );
    for bad in ["done", "a.b.c", "A.done", "a.", "a.do ne"] {
        let m = module("a", &[bad], &[]);
        assert!(err(std::slice::from_ref(&m)).contains("must be '<module>.<what>'"), "{bad}");
    }
    assert_eq!(
        err(&[module("b", &[], &["a.gone"])]),
        "module 'b': listens to event kind 'a.gone', which no module declares"
    );
}

#[test]
fn a_core_act_is_served_by_one_personal_kind() {
    let with = |id: &str, kinds: Vec<EventKind>| {
        let built = Built { event_kinds: kinds, ..Built::default() };
        Module { manifest: Manifest::new(id, id, "1.0"), enabled: true, built: Arc::new(built) }
    };
    let reset = EventKind::new("a.reset", "l").personal().serves(CoreAct::PasswordReset);
    assert_eq!((reset.personal, reset.default), (true, Channel::Email));
    let ev = Events::collect(&[with("a", vec![EventKind::new("a.done", "l"), reset])]).unwrap();
    let found = ev
        .kinds()
        .find(|(k, _)| k.personal && k.serves == Some(CoreAct::PasswordReset))
        .map(|(k, _)| k.id);
    assert_eq!(found, Some("a.reset"));
    let twice = Events::collect(&[
        with("a", vec![reset]),
        with("b", vec![EventKind::new("b.reset", "l").personal().serves(CoreAct::PasswordReset)]),
    ]);
    assert_eq!(
        twice.err().unwrap().to_string(),
        "module 'b': event kind 'b.reset' serves PasswordReset, as 'a.reset' already does"
    );
    let not_personal = Events::collect(&[with(
        "a",
        vec![EventKind::new("a.reset", "l").serves(CoreAct::PasswordReset)],
    )]);
    assert_eq!(
        not_personal.err().unwrap().to_string(),
        "module 'a': event kind 'a.reset' serves PasswordReset but is not personal"
    );
    // The plant hears of a user changed by the roster import: that act is not personal.
    let changed = EventKind::new("a.changed", "l").serves(CoreAct::UserChanged);
    assert!(Events::collect(&[with("a", vec![changed])]).is_ok());
    let personal = Events::collect(&[with("a", vec![changed.personal()])]);
    assert_eq!(
        personal.err().unwrap().to_string(),
        "module 'a': event kind 'a.changed' serves UserChanged but is personal"
    );
}
