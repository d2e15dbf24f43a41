// The kit's translations panel (decision 95): each translation says its review state —
// 'In review', 'Approved' or 'Rejected' with the reviewer's note — and a rejected one has
// no Remove (it is not in use); a served one and one in review of the same language are
// told apart.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TranslationsPanel } from '../src/TranslationsPanel';
import { MissingTranslations } from '../src/MissingTranslations';

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

describe('MissingTranslations', () => {
  const sections = [
    { value: 'swc', label: 'SWC' },
    { value: 'jes', label: 'JES' },
  ];
  it('names each section and language the revision is not yet translated into', () => {
    const missing = [
      { section: 'jes', lang: 'es' },
      { section: 'swc', lang: 'pl' },
    ];
    render(<TranslationsPanel items={[]} sections={sections} upload={upload} onRemove={() => {}} missing={{ missing, error: '' }} />);
    const box = screen.getByTestId('missing-translations');
    expect(box.textContent).toContain('Not yet translated');
    expect(screen.getByTestId('missing-jes-es').textContent).toBe('JES · Español');
    expect(screen.getByTestId('missing-swc-pl').textContent).toBe('SWC · Polski');
  });
  it('says nothing when none is missing or while loading, and says so when it could not load', () => {
    const { rerender } = render(<MissingTranslations missing={[]} sections={sections} />);
    expect(screen.queryByTestId('missing-translations')).toBeNull();
    rerender(<MissingTranslations missing={undefined} sections={sections} />);
    expect(screen.queryByTestId('missing-translations')).toBeNull();
    rerender(<MissingTranslations missing={undefined} sections={sections} error="Server error" />);
    expect(screen.getByRole('alert').textContent).toContain('could not be loaded');
  });
});
