import { Result } from 'antd';
import { useT } from '@plantdoc/kit/core';

/** The module list could not be loaded (GoHome): there is nowhere to send the user. */
export function ModuleListError({ error }) {
  const t = useT('host');
  return <Result status="error" title={t('The module list could not be loaded.')} subTitle={error?.message} />;
}
