// The masked badge field: Enter or Tab submits (badge readers end with one of them);
// a refusal shows under the field, which is cleared and focused again (spec section 8).
import { useEffect, useRef, useState } from 'react';
import { Input, Typography } from 'antd';

export function BadgeInput({ onBadge, placeholder = 'Badge', label = 'Badge', disabled }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const ref = useRef(null);
  useEffect(() => ref.current?.focus(), []);
  const submit = async () => {
    const badge = value.trim();
    if (!badge || disabled) return;
    setError('');
    try {
      await onBadge(badge);
    } catch (e) {
      setError(e?.message || 'The badge could not be checked. Please scan again.');
      setValue('');
      ref.current?.focus();
    }
  };
  return (
    <div>
      <Input.Password
        ref={ref}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            submit();
          }
        }}
        placeholder={placeholder}
        aria-label={label}
        visibilityToggle={false}
        disabled={disabled}
        autoComplete="off"
      />
      {error && (
        <Typography.Text type="danger" role="alert" data-testid="badge-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
