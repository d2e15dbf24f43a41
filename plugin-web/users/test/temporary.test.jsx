// The 'Temporary worker' flag of Add and Edit User: sent when the box was shown and set
// either way, absent otherwise (an edit keeps it).
import { describe, expect, it } from 'vitest';
import { toPayload } from '../src/components/UserForm';

describe('temporary worker', () => {
  it('is sent as set, and absent when untouched', () => {
    expect(toPayload({ temporary: true }).temporary).toBe(true);
    expect(toPayload({ temporary: false }).temporary).toBe(false);
    expect('temporary' in JSON.parse(JSON.stringify(toPayload({ temporary: '' })))).toBe(false);
  });
});
