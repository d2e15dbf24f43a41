// The one look of a list, table or board with nothing to show, in the console and at the
// kiosk: antd's simple empty picture over the page's own words (the spec's, letter for
// letter, where it names them), in the theme's secondary colour (4.5:1 on white). Lists
// used to say it each their own way: a paragraph, a heading, antd's large picture.
import { Empty } from 'antd';
import { k, useT } from './i18n';

export const NO_RECORDS = k('No records found');

/**
 * text: the page's words (default 'No records found', the spec's for the deployed list);
 * children: what to do about it, under the words (e.g. a form adding the first record).
 */
export function EmptyList({ text, children, style }) {
  const t = useT('kit');
  return (
    <Empty data-testid="empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t(NO_RECORDS)} style={style}>
      {children}
    </Empty>
  );
}
