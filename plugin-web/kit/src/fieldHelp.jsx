// A server field error shown under its antd Form.Item: `<Form.Item {...fieldHelp(errors, 'zones')}>`.
export function fieldHelp(errors, name) {
  return errors[name] ? { validateStatus: 'error', help: <span data-testid={`error-${name}`}>{errors[name]}</span> } : {};
}
