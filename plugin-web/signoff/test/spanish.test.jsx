// Sign Off in Spanish (decision 77): no English text of the module is left on the SWPs
// list, the review view, All Done and the Alerts tab (its review and its empty text).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@plantdoc/kit';
import { act, configure, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import { MemoryRouter } from 'react-router';
import '../src/index';
import { SignOffPage } from '../src/pages/SignOffPage';
import { englishLeft, shownText } from '../../../web-tests/i18n-english-left.mjs';
import { renderWithQuery, stubFetch } from './helpers';

configure({ asyncUtilTimeout: 20000 });
vi.setConfig({ testTimeout: 120_000 });

const swp = {
  _id: 'a',
  partNumber: 'P-1',
  revision: 0,
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: null,
  zones: ['A1'],
  changes: '',
  approvals: {},
};
const alert = {
  _id: 'n',
  alertTag: 'Q-2026-0001',
  alertType: 'Quality',
  partNumber: 'P-9',
  uploadDate: { timestamp: '2026-03-04T14:05:00Z' },
  effectiveDate: { date: '2026-03-04T14:00:00Z' },
  sunsetDate: { date: '2026-03-11T14:00:00Z' },
  owner: { firstname: 'Erin', lastname: 'Cole' },
  onBehalfOf: { name: 'Elias Park' },
  zones: ['A1'],
};
const links = { urls: { swc: 'about:blank#swc', jes: 'about:blank#jes', vis: 'about:blank#vis', video: null } };

afterEach(async () => {
  await act(() => setLanguage('en'));
});

// antd's own texts in Spanish too, as the host gives them.
async function inSpanish(entry, routes) {
  stubFetch(routes);
  await act(() => setLanguage('es'));
  return renderWithQuery(
    <ConfigProvider locale={esES}>
      <MemoryRouter initialEntries={[entry]}>
        <SignOffPage />
      </MemoryRouter>
    </ConfigProvider>,
  );
}
const swps = (list) => ({ '/api/swps/pending-my-approval': [200, { swps: list, urls: {} }], '/api/swps/signed-urls/a': [200, links] });

describe('Sign Off in Spanish', () => {
  it('shows the SWPs list and its review view with no English text of the module', async () => {
    const list = await inSpanish('/main/sign-off', swps([swp]));
    await screen.findByText('Pendientes de mi aprobación');
    expect(screen.getByText('Lanzamiento')).toBeTruthy();
    expect(englishLeft('signoff', shownText(list.container))).toEqual([]);
    list.unmount();
    const review = await inSpanish('/main/sign-off?review=a', swps([swp]));
    await screen.findByTestId('review-panel');
    expect(screen.getByRole('button', { name: 'Aprobar' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Escriba una nota para el autor')).toBeTruthy();
    expect(englishLeft('signoff', shownText(review.container))).toEqual([]);
  });

  it('shows All Done and a review no longer pending with no English text of the module', async () => {
    const done = await inSpanish('/main/sign-off?done=1', swps([]));
    await screen.findByText('¡Todo listo!');
    expect(englishLeft('signoff', shownText(done.container))).toEqual([]);
    done.unmount();
    const gone = await inSpanish('/main/sign-off?review=zz', swps([swp]));
    await screen.findByText('Este SWP ya no está pendiente de su aprobación.');
    expect(englishLeft('signoff', shownText(gone.container))).toEqual([]);
  });

  it('shows the Alerts tab, its review and its empty text with no English text of the module', async () => {
    const review = await inSpanish('/main/sign-off?tab=alerts&review=n', { '/api/alerts/pending-my-approval': [200, [alert]] });
    await screen.findByTestId('review-panel');
    expect(screen.getByText('Calidad')).toBeTruthy();
    expect(screen.getByText('Responsable')).toBeTruthy();
    expect(englishLeft('signoff', shownText(review.container))).toEqual([]);
    review.unmount();
    const list = await inSpanish('/main/sign-off?tab=alerts', { '/api/alerts/pending-my-approval': [200, [alert]] });
    await screen.findByText('Q-2026-0001');
    expect(screen.getByText('Calidad')).toBeTruthy();
    expect(englishLeft('signoff', shownText(list.container))).toEqual([]);
    list.unmount();
    const empty = await inSpanish('/main/sign-off?tab=alerts', { '/api/alerts/pending-my-approval': [200, []] });

    await screen.findByText('No tiene alertas pendientes de su aprobación.');
    expect(englishLeft('signoff', shownText(empty.container))).toEqual([]);
  });
});
