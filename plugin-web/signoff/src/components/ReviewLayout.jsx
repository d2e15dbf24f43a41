// Document on the left, sidebar on the right. When both do not fit side by side (the
// console at 1024 px), the sidebar goes ABOVE the document, compact, so the part, the
// note box and Reject / Approve show without scrolling past the document (decision 52).
import { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import { Col, Row } from 'antd';

const DOC_MIN = 560;
const SIDE = 340;
const GUTTER = 24;
const Compact = createContext(false);

/** True when the review sidebar is drawn above the document. */
export const useCompactReview = () => useContext(Compact);

function useNarrow(ref, limit) {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const measure = () => setNarrow(el.getBoundingClientRect().width < limit);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, limit]);
  return narrow;
}

export function ReviewLayout({ document, sidebar }) {
  const ref = useRef(null);
  const narrow = useNarrow(ref, DOC_MIN + SIDE + GUTTER);
  return (
    <div ref={ref} data-testid="review-layout" data-layout={narrow ? 'above' : 'beside'}>
      <Compact.Provider value={narrow}>
        {narrow ? (
          <>
            <div style={{ marginBottom: 16 }}>{sidebar}</div>
            {document}
          </>
        ) : (
          <Row gutter={[GUTTER, GUTTER]} wrap={false}>
            <Col flex="1 1 auto" style={{ minWidth: 0 }}>
              {document}
            </Col>
            <Col flex={`0 0 ${SIDE}px`}>{sidebar}</Col>
          </Row>
        )}
      </Compact.Provider>
    </div>
  );
}
