// A PIN sealed to the server's public key (the pack's pinKey) with HPKE (RFC 9180, the kept
// library @hpke/core; decision 122): mode base, DHKEM(P-256, HKDF-SHA256) / HKDF-SHA256 /
// AES-128-GCM, info "plantdoc pin v1", plaintext {"pin", "key"} — the key binds it to one
// signature — with "newPin" when it replaces a one-time PIN (decision 125; still v1, the
// member is optional). Only the sealed value is kept on the netbook. Its own chunk: loaded only when
// a PIN is queued offline.
import { Aes128Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';

const utf8 = (s) => new TextEncoder().encode(s);
export const b64url = (bytes) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
export const fromB64url = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

export const suite = () => new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes128Gcm() });

/** base64url(enc || ciphertext) of {pin, newPin?, key} for `pinKey` ({publicKey, info}). */
export async function sealPin(pinKey, pin, key, newPin) {
  const s = suite();
  const recipientPublicKey = await s.kem.deserializePublicKey(fromB64url(pinKey.publicKey));
  const info = utf8(pinKey.info || 'plantdoc pin v1');
  const { enc, ct } = await s.seal({ recipientPublicKey, info }, utf8(JSON.stringify(newPin ? { pin, newPin, key } : { pin, key })));
  const out = new Uint8Array(enc.byteLength + ct.byteLength);
  out.set(new Uint8Array(enc), 0);
  out.set(new Uint8Array(ct), enc.byteLength);
  return b64url(out);
}
