// Document on the left, sidebar on the right; below 1024 px the sidebar goes under it.
import { Col, Row } from 'antd';

export function ReviewLayout({ document, sidebar }) {
  return (
    <Row gutter={[24, 24]} wrap>
      <Col flex="1 1 560px" style={{ minWidth: 0 }}>
        {document}
      </Col>
      <Col flex="0 1 340px" style={{ minWidth: 280 }}>
        {sidebar}
      </Col>
    </Row>
  );
}
