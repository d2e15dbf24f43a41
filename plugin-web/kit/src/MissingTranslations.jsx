// A revision's translations never carry over to the next (each is reviewed with the file it
// translates, decision 106): what the revision it follows is translated into and this one
// is not yet, for the translator (the Translations panel, the upload's success) and the
// reviewers (the viewer). A list that could not be loaded says so; it is never 'none'.
import { Alert } from 'antd';
import { LANGUAGES, useT } from './i18n';

const langLabel = (v) => LANGUAGES.find((l) => l.code === v)?.name || v;

/** missing: [{section, lang}] (undefined while loading: nothing shown); sections: [{value, label}] or null. */
export function MissingTranslations({ missing, sections = null, error = '' }) {
  const t = useT('kit');
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('Which translations this revision still needs could not be loaded.')}
        description={error}
        style={{ margin: '8px 0' }}
      />
    );
  }
  if (!missing?.length) return null;
  const label = (m) =>
    [sections && (sections.find((s) => s.value === m.section)?.label || m.section.toUpperCase()), langLabel(m.lang)].filter(Boolean).join(' · ');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="missing-translations"
      style={{ margin: '8px 0' }}
      title={t('Not yet translated')}
      description={
        <>
          {t(
            'The revision this one follows is translated into these; this one is not yet. Until each is translated and approved, the kiosk shows the original:',
          )}
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {missing.map((m) => (
              <li key={`${m.section}-${m.lang}`} data-testid={`missing-${m.section}-${m.lang}`}>
                {label(m)}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
