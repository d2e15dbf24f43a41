// The sign-in form's parts without antd, drawn as antd's vertical Form draws them (same
// sizes, colours and ids: `<form id>_<field>`, its error in `<id>_help`), styled by the
// `.pd-*` rules of public/index.html so the form paints with the page (docs/web.md).
import { useState } from 'react';
import { useT } from '@plantdoc/kit/core';
import { PlainIcon } from './plainIcons';

/** A labelled field; `error` shows under it (the field's border turns red). */
export function PlainField({ id, label, error, children }) {
  return (
    <div className={`pd-item${error ? ' pd-item-error' : ''}`}>
      <label className="pd-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}_help`} className="pd-help" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Field props for an input: its id, value, change handler and error wiring. */
export const inputProps = (id, value, onChange, error) => ({
  id,
  value,
  onChange: (e) => onChange(e.target.value),
  'aria-invalid': error ? 'true' : undefined,
  'aria-describedby': error ? `${id}_help` : undefined,
});

/** antd's Input.Password: the text hidden, a Show/Hide toggle (click, Enter or Space). */
export function PlainPassword({ inputRef, ...props }) {
  const t = useT('host');
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  return (
    <span className="pd-input pd-affix">
      <input ref={inputRef} {...props} type={visible ? 'text' : 'password'} />
      <span className="pd-suffix">
        <span
          role="button"
          tabIndex={0}
          className="pd-toggle"
          aria-pressed={visible}
          aria-label={visible ? t('Hide') : t('Show')}
          onMouseDown={(e) => e.preventDefault()}
          onMouseUp={(e) => e.preventDefault()}
          onClick={toggle}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              if (!e.repeat) toggle();
            }
          }}
        >
          <PlainIcon name={visible ? 'eye' : 'eye-invisible'} />
        </span>
      </span>
    </span>
  );
}

/** antd's error Alert with its icon. */
export function PlainAlert({ children }) {
  return (
    <div className="pd-alert" role="alert">
      <span className="pd-alert-icon">
        <PlainIcon name="close-circle" />
      </span>
      <div className="pd-alert-text">{children}</div>
    </div>
  );
}

/** antd's primary block button; `loading` shows the spinning icon and ignores clicks. */
export function PlainSubmit({ loading, children }) {
  return (
    <button type="submit" className={`pd-btn${loading ? ' pd-btn-loading' : ''}`} aria-busy={loading || undefined}>
      {loading && (
        <span className="pd-btn-icon">
          <PlainIcon name="loading" spin />
        </span>
      )}
      <span>{children}</span>
    </button>
  );
}
