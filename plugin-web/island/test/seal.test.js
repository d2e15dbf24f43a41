// @vitest-environment node
// The PIN sealed offline (decision 122) with the kept HPKE library, opened as the server
// opens it (Node's WebCrypto: jsdom's typed arrays are another realm's, which WebCrypto refuses).
import { describe, expect, test } from 'vitest';
import { fromB64url, b64url, sealPin, suite } from '../src/offline/seal';

describe('the sealed PIN', () => {
  test('HPKE base mode to the pack key: the server key opens {pin, key}', async () => {
    const s = suite();
    const pair = await s.kem.generateKeyPair();
    const publicKey = b64url(await s.kem.serializePublicKey(pair.publicKey));
    const sealed = fromB64url(await sealPin({ publicKey, info: 'plantdoc pin v1' }, '4826', 'k-1'));
    // enc (the 65-byte uncompressed point) || ciphertext.
    const enc = sealed.slice(0, 65);
    const plain = await s.open({ recipientKey: pair.privateKey, enc, info: new TextEncoder().encode('plantdoc pin v1') }, sealed.slice(65));
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual({ pin: '4826', key: 'k-1' });
    // Another info (another purpose) does not open it.
    await expect(s.open({ recipientKey: pair.privateKey, enc, info: new TextEncoder().encode('other') }, sealed.slice(65))).rejects.toThrow();
    // A one-time PIN and the new one replacing it, sealed together (decision 125).
    const both = fromB64url(await sealPin({ publicKey, info: 'plantdoc pin v1' }, '482913', 'k-2', '61427'));
    const opened = await s.open({ recipientKey: pair.privateKey, enc: both.slice(0, 65), info: new TextEncoder().encode('plantdoc pin v1') }, both.slice(65));
    expect(JSON.parse(new TextDecoder().decode(opened))).toEqual({ pin: '482913', newPin: '61427', key: 'k-2' });
  });
});
