import { Result } from 'antd';

/** The module list could not be loaded (GoHome): there is nowhere to send the user. */
export function ModuleListError({ error }) {
  return <Result status="error" title="The module list could not be loaded." subTitle={error?.message} />;
}
