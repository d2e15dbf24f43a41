//! ID tokens signed here with keys ring makes (P-256, Ed25519); RS256 from a real provider
//! is in the API tests (`tests/api/oidc`).
use super::*;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, Ed25519KeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use serde_json::json;

const ISSUER: &str = "https://idp.example.com";
const NOW: i64 = 1_800_000_000;

enum Signer {
    Ec(EcdsaKeyPair),
    Ed(Ed25519KeyPair),
}

impl Signer {
    fn ec() -> Signer {
        let rng = SystemRandom::new();
        let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
        Signer::Ec(EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng).unwrap())
    }
    fn ed() -> Signer {
        let pkcs8 = Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).unwrap();
        Signer::Ed(Ed25519KeyPair::from_pkcs8(pkcs8.as_ref()).unwrap())
    }
    fn jwk(&self, kid: &str) -> Jwk {
        let b = |v: &[u8]| Some(URL_SAFE_NO_PAD.encode(v));
        let kid = Some(kid.to_string());
        match self {
            Signer::Ec(k) => {
                let p = k.public_key().as_ref();
                Jwk { kty: "EC".into(), kid, crv: Some("P-256".into()), x: b(&p[1..33]), y: b(&p[33..]), ..Jwk::default() }
            }
            Signer::Ed(k) => Jwk { kty: "OKP".into(), kid, crv: Some("Ed25519".into()), x: b(k.public_key().as_ref()), ..Jwk::default() },
        }
    }
    fn sign(&self, header: Value, claims: Value) -> String {
        let part = |v: Value| URL_SAFE_NO_PAD.encode(serde_json::to_vec(&v).unwrap());
        let input = format!("{}.{}", part(header), part(claims));
        let sig = match self {
            Signer::Ec(k) => k.sign(&SystemRandom::new(), input.as_bytes()).unwrap().as_ref().to_vec(),
            Signer::Ed(k) => k.sign(input.as_bytes()).as_ref().to_vec(),
        };
        format!("{input}.{}", URL_SAFE_NO_PAD.encode(sig))
    }
}

fn claims() -> Value {
    json!({"iss": ISSUER, "aud": "plantdoc", "sub": "ann", "iat": NOW - 10, "exp": NOW + 300, "nonce": "n-1", "email": "ann@example.com"})
}

fn with(change: Value) -> Value {
    let mut c = claims();
    for (k, v) in change.as_object().unwrap() {
        match v {
            Value::Null => c.as_object_mut().unwrap().remove(k),
            _ => c.as_object_mut().unwrap().insert(k.clone(), v.clone()),
        };
    }
    c
}

fn check(token: &str, keys: &[Jwk], algs: &[Alg]) -> Result<IdToken, Refusal> {
    let want = Expected { issuer: ISSUER, client_id: "plantdoc", nonce: "n-1", now: NOW, algs };
    verify(token, &Jwks { keys: keys.to_vec() }, &want)
}

const ES: &[Alg] = &[Alg::Rs256, Alg::Es256];

#[test]
fn a_token_signed_by_the_providers_key_gives_its_claims() {
    let k = Signer::ec();
    let t = k.sign(json!({"alg": "ES256", "kid": "k1", "typ": "JWT"}), claims());
    let ok = check(&t, &[k.jwk("k1")], ES).unwrap();
    assert_eq!(ok.subject(), "ann");
    assert_eq!(ok.claims["email"], "ann@example.com");
    // Ed25519 too, chosen without a kid when it is the only key that fits.
    let e = Signer::ed();
    let t = e.sign(json!({"alg": "EdDSA"}), claims());
    assert!(check(&t, &[k.jwk("k1"), e.jwk("k2")], &[Alg::EdDsa]).is_ok());
}

#[test]
fn a_changed_token_or_another_key_is_refused() {
    let (k, other) = (Signer::ec(), Signer::ec());
    let t = k.sign(json!({"alg": "ES256", "kid": "k1"}), claims());
    let mut parts: Vec<String> = t.split('.').map(str::to_string).collect();
    parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&with(json!({"sub": "boss"}))).unwrap());
    assert_eq!(check(&parts.join("."), &[k.jwk("k1")], ES).unwrap_err(), Refusal::Signature);
    assert_eq!(check(&t, &[other.jwk("k1")], ES).unwrap_err(), Refusal::Signature);
    assert_eq!(check(&t, &[k.jwk("k2")], ES).unwrap_err(), Refusal::NoKey(Some("k1".into()), 0));
    // Without a kid, two keys that fit are one too many.
    let t = k.sign(json!({"alg": "ES256"}), claims());
    assert_eq!(check(&t, &[k.jwk("a"), other.jwk("b")], ES).unwrap_err(), Refusal::NoKey(None, 2));
    for bad in ["", "a.b", "a.b.c.d", "!.!.!"] {
        assert!(matches!(check(bad, &[k.jwk("k1")], ES), Err(Refusal::Malformed(_))), "{bad}");
    }
}

#[test]
fn the_algorithm_must_be_asymmetric_advertised_and_fit_the_key() {
    let k = Signer::ec();
    let key = [k.jwk("k1")];
    let unsigned = format!("{}.{}.", URL_SAFE_NO_PAD.encode(br#"{"alg":"none"}"#), URL_SAFE_NO_PAD.encode(claims().to_string()));
    assert_eq!(check(&unsigned, &key, ES).unwrap_err(), Refusal::Alg("none".into()));
    let hs = k.sign(json!({"alg": "HS256", "kid": "k1"}), claims());
    assert_eq!(check(&hs, &key, ES).unwrap_err(), Refusal::Alg("HS256".into()));
    // The provider advertises RS256 only: an ES256 token is not taken.
    let es = k.sign(json!({"alg": "ES256", "kid": "k1"}), claims());
    assert_eq!(check(&es, &key, &[Alg::Rs256]).unwrap_err(), Refusal::Alg("ES256".into()));
    // An EC key never verifies an RSA or Ed25519 algorithm, nor a key marked for another use.
    let rs = k.sign(json!({"alg": "RS256", "kid": "k1"}), claims());
    assert_eq!(check(&rs, &key, ES).unwrap_err(), Refusal::NoKey(Some("k1".into()), 0));
    let ed = k.sign(json!({"alg": "EdDSA", "kid": "k1"}), claims());
    assert_eq!(check(&ed, &key, &Alg::ALL).unwrap_err(), Refusal::NoKey(Some("k1".into()), 0));
    let enc = Jwk { use_: Some("enc".into()), ..k.jwk("k1") };
    assert_eq!(check(&es, &[enc], ES).unwrap_err(), Refusal::NoKey(Some("k1".into()), 0));
    let other_alg = Jwk { alg: Some("ES384".into()), ..k.jwk("k1") };
    assert_eq!(check(&es, &[other_alg], ES).unwrap_err(), Refusal::NoKey(Some("k1".into()), 0));
    // Headers the verifier does not understand.
    for header in
        [json!({"alg": "ES256", "crit": ["exp"]}), json!({"alg": "ES256", "cty": "JWT"}), json!({"alg": "ES256", "typ": "at+jwt"})]
    {
        assert!(matches!(check(&k.sign(header.clone(), claims()), &key, ES), Err(Refusal::Malformed(_))), "{header}");
    }
}

#[test]
fn issuer_audience_expiry_nonce_and_subject_are_checked() {
    let k = Signer::ec();
    let key = [k.jwk("k1")];
    let run = |change: Value| check(&k.sign(json!({"alg": "ES256", "kid": "k1"}), with(change)), &key, ES).map(|_| ());
    assert_eq!(run(json!({"iss": "https://idp.example.com/"})), Err(Refusal::Issuer("https://idp.example.com/".into())));
    assert_eq!(run(json!({"iss": null})), Err(Refusal::Claim("iss")));
    assert_eq!(run(json!({"aud": "another-application"})), Err(Refusal::Audience));
    assert_eq!(run(json!({"aud": ["plantdoc", "another-application"]})), Err(Refusal::Audience));
    assert_eq!(run(json!({"aud": []})), Err(Refusal::Audience));
    assert_eq!(run(json!({"aud": ["plantdoc"]})), Ok(()));
    assert_eq!(run(json!({"exp": NOW})), Err(Refusal::Expired));
    assert_eq!(run(json!({"exp": "tomorrow"})), Err(Refusal::Claim("exp")));
    assert_eq!(run(json!({"iat": null})), Err(Refusal::Claim("iat")));
    assert_eq!(run(json!({"sub": ""})), Err(Refusal::Claim("sub")));
    assert_eq!(run(json!({"nonce": "not-the-one-sent"})), Err(Refusal::Nonce));
    assert_eq!(run(json!({"nonce": null})), Err(Refusal::Nonce));
}

#[test]
fn at_hash_is_the_left_half_of_the_access_tokens_hash() {
    let k = Signer::ec();
    let access = "an-access-token";
    let digest = ring::digest::digest(&ring::digest::SHA256, access.as_bytes());
    let at_hash = URL_SAFE_NO_PAD.encode(&digest.as_ref()[..16]);
    let t = k.sign(json!({"alg": "ES256", "kid": "k1"}), with(json!({"at_hash": at_hash})));
    let ok = check(&t, &[k.jwk("k1")], ES).unwrap();
    assert_eq!(ok.check_access_token(access), Ok(()));
    assert_eq!(ok.check_access_token("another-token"), Err(Refusal::AtHash));
    // No at_hash: nothing to compare.
    let plain = check(&k.sign(json!({"alg": "ES256", "kid": "k1"}), claims()), &[k.jwk("k1")], ES).unwrap();
    assert_eq!(plain.check_access_token("anything"), Ok(()));
}
