// The Upload tab's optional translation of one section (decision 82): a language Select
// ('Original' by default: no translation) and, once a language is chosen, a drop for the
// translated PDF (one file). `value` is {lang, files}; `onChange(updater)` as FileDrop's.
import { Select, Space } from 'antd';
import { FileDrop, useT } from '@plantdoc/kit';
import { DOC_LANGUAGES } from '../lib';

export function TranslationDrop({ section, label, value, onChange, onDiscard }) {
  const t = useT('swp');
  const lang = value?.lang || '';
  const files = value?.files || [];
  const setLang = (next) => {
    files.forEach((f) => f.serverId && onDiscard(f.serverId));
    onChange(() => ({ lang: next, files: [] }));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
      <Space>
        <span aria-hidden="true">{t('Translation:')}</span>
        <Select
          data-testid={`lang-${section}`}
          aria-label={t('{{document}} translation', { document: t(label) })}
          value={lang}
          onChange={setLang}
          options={DOC_LANGUAGES.map((l) => ({ ...l, label: t(l.label) }))}
          style={{ minWidth: 140 }}
        />
      </Space>
      {lang && (
        <FileDrop
          id={`${section}-${lang}`}
          label={t('Drop the {{language}} {{document}} here or click to browse', {
            language: DOC_LANGUAGES.find((l) => l.value === lang)?.label,
            document: t(label),
          })}
          hint={t('PDF, one file')}
          uploadUrl="/api/swps/uploadPdf"
          accept=".pdf,application/pdf"
          max={1}
          files={files}
          onChange={(fn) => onChange((t) => ({ lang, files: fn(t?.files || []) }))}
          onDiscard={onDiscard}
        />
      )}
    </Space>
  );
}
