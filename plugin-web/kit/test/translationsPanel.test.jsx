// The kit's translations panel (decision 95): each translation says its review state —
// 'In review', 'Approved' or 'Rejected' with the reviewer's note — and a rejected one has
// no Remove (it is not in use); a served one and one in review of the same language are
// told apart.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TranslationsPanel } from '../src/TranslationsPanel';

vi.setConfig({ testTimeout: 60_000 });

const upload = { busy: false, percent: 0, done: false, errors: {}, send: () => {} };
const at = '2026-03-04T14:05:00Z';

describe('TranslationsPanel', () => {
  it("shows each translation's review state", async () => {
    const items = [
      { section: 'swc', lang: 'es', uploadedAt: at, status: 'approved' },
      { section: 'swc', lang: 'es', uploadedAt: at, status: 'pending' },
      { section: 'jes', lang: 'pl', uploadedAt: at, status: 'rejected', approvals: { quality: { status: 'Rejected', note: 'Wrong torque' } } },
    ];
    const sections = [
      { value: 'swc', label: 'SWC' },
      { value: 'jes', label: 'JES' },
    ];
    render(<TranslationsPanel items={items} sections={sections} upload={upload} onRemove={() => {}} />);
    expect((await screen.findByTestId('translation-swc-es')).textContent).toContain('Approved');
    expect(screen.getByTestId('translation-swc-es-pending').textContent).toContain('In review');
    const rejected = screen.getByTestId('translation-jes-pl-rejected');
    expect(rejected.textContent).toContain('Rejected');
    expect(rejected.textContent).toContain('Wrong torque');
    expect(rejected.querySelector('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  });
});
