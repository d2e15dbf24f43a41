// The choice of a language (decision 78): the shipped languages (LANGUAGES), each in its own
// name ('English', 'Español', 'Polski'), so a person finds theirs whatever the page shows.
// Used by Add/Edit User and Settings → Account. `value` is a language code ('es').
import { Select } from 'antd';
import { LANGUAGES } from './i18n';
import { useClearButton } from './antdNames';

const OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.code }));

/** An antd Select over the shipped languages; props: value, onChange(code), id, aria-label, allowClear, and Select's own. */
export function LanguageSelect({ value, onChange, id, 'aria-label': ariaLabel, style, allowClear, ...rest }) {
  const clear = useClearButton();
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={onChange}
      style={{ width: 200, ...style }}
      options={OPTIONS}
      optionRender={(o) => <span lang={o.data.lang}>{o.label}</span>}
      allowClear={allowClear ? clear : allowClear}
      {...rest}
    />
  );
}
