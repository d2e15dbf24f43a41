// The masked badge field: Enter or Tab submits (badge readers end with one of them);
// a refusal shows under the field, which is cleared and focused again (spec section 8).
// It is focused when shown, and keys typed while it lost the focus still reach it
// (badgeField.js); a screen that captures keys before the field exists passes its field.
// While it is shown, a scan is for it: never a new operator (BadgeSwap).
import { useEffect } from 'react';
import { Input, Typography } from 'antd';
import { useT } from '@plantdoc/kit';
import { useBadgeCapture, useBadgeField, useShownBadgeField } from './badgeField';

export function BadgeInput({ onBadge, placeholder, label, disabled, field: given, capture = true }) {
  const t = useT('island');
  const own = useBadgeField(onBadge, disabled);
  const field = given || own;
  useBadgeCapture(field, { enabled: capture && !disabled });
  useShownBadgeField();
  useEffect(() => field.inputRef.current?.focus(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div>
      <Input.Password
        ref={field.inputRef}
        value={field.value}
        onChange={(e) => field.setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Tab') {
            e.preventDefault();
            field.submit();
          }
        }}
        placeholder={placeholder ?? t('Badge')}
        aria-label={label ?? t('Badge')}
        visibilityToggle={false}
        disabled={disabled}
        autoComplete="off"
      />
      {field.error && (
        <Typography.Text type="danger" role="alert" data-testid="badge-error">
          {field.error}
        </Typography.Text>
      )}
    </div>
  );
}
