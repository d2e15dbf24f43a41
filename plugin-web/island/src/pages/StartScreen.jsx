// /island: the kiosk start screen. Scan Badge shows the masked badge field; a known badge
// sets the operator and goes to part select. A badge reader needs no tap: the screen
// captures keys from the start, the first one shows the field, and none is lost while
// the field's chunk loads (plugins/island/README.md item 18).
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { LANGUAGES, setOverrideLanguage, useLanguage, useT } from '@plantdoc/kit';
import { badgeOperator } from '../badgeApi';
import { useSignIn } from '../state';
import { useBadgeCapture, useBadgeField } from '../components/badgeField';

// The badge field loads when Scan Badge is pressed; the box is drawn as antd's Card is
// (Card itself imports Tabs and Skeleton: ~25 KB the start screen would download for a box),
// and its rows are flex boxes as antd's Space draws them (Space is not in the first load).
const BadgeInput = lazy(() => import('../components/BadgeInput').then((m) => ({ default: m.BadgeInput })));
const CARD = { background: '#fff', border: '1px solid #f0f0f0', borderRadius: 8, padding: 24, boxSizing: 'border-box' };
// antd's Typography is not used here: it brings antd's form engine (~30 KB) for two lines
// of text. The heading and the hint are drawn as antd draws a level-3 title and a secondary text.
const TITLE = { fontSize: 24, fontWeight: 600, lineHeight: 1.33, margin: '0 0 16px', color: 'rgba(0, 0, 0, 0.88)' };
const SECONDARY = { color: 'rgba(0, 0, 0, 0.65)' };

/** The language of whoever walks up, until a badge scan gives the operator's own (decision 75). */
function LanguageSwitch() {
  const t = useT('island');
  const shown = useLanguage();
  return (
    <nav aria-label={t('Language')} style={{ marginTop: 24, display: 'flex', justifyContent: 'center', gap: 8, flexWrap: 'wrap' }}>
      {LANGUAGES.map((l) => (
        <Button
          key={l.code}
          lang={l.code}
          aria-pressed={l.code === shown}
          type={l.code === shown ? 'primary' : 'default'}
          onClick={() => setOverrideLanguage(l.code)}
        >
          {l.name}
        </Button>
      ))}
    </nav>
  );
}

export function StartScreen() {
  const t = useT('island');
  const navigate = useNavigate();
  const [scanning, setScanning] = useState(false);
  const signIn = useSignIn();
  const field = useBadgeField(async (badge) => {
    const at = performance.now();
    const op = await badgeOperator(badge);
    // Badge scan → operator known (printed by the browser test).
    window.__badgeMs = Math.round(performance.now() - at);
    signIn(op);
  });
  useBadgeCapture(field, { onKey: () => setScanning(true) });
  // Anything a previous run could not send goes now (the outbox and IndexedDB load after
  // the first screen).
  useEffect(() => void import('../outbox').then((m) => m.flush()), []);
  return (
    <div style={{ ...CARD, maxWidth: 560, margin: '64px auto', textAlign: 'center' }}>
      <h2 style={TITLE}>{t('Please scan your badge to continue')}</h2>
      {scanning ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, width: '100%' }}>
          <Suspense fallback={null}>
            <BadgeInput field={field} capture={false} />
          </Suspense>
          <span style={SECONDARY}>{t('Waiting for a badge scan')}</span>
        </div>
      ) : (
        <div style={{ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'center', gap: 24 }}>
          <Button type="primary" size="large" onClick={() => setScanning(true)}>
            {t('Scan Badge')}
          </Button>
          <Button size="large" onClick={() => navigate('/island/reference')}>
            {t('Reference Screen')}
          </Button>
        </div>
      )}
      <LanguageSwitch />
    </div>
  );
}
