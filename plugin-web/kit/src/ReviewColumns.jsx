// The columns of the review lists (ReviewList): builders for the cells every list draws —
// the link that opens a document (on one line: an alert tag or a part number never wraps),
// dates, text, review stages, counts — and the first columns of the spec's SWP and Alert
// lists (section 2), which the SWP, alert and sign-off lists share; and the overall state
// of a row in review: 'In review', or 'Rejected' with who, when, the note and the way
// forward ('Submit a corrected version', decision 65).
import { Button, Typography } from 'antd';
import { formatDate } from './date';
import { k, translate, useT } from './i18n';

/** A text of the kit (a key marked with k), in the page's language: column titles. */
export function KitText({ text }) {
  return useT('kit')(text);
}

// The review stages and their statuses as the server names them (approvals.<stage>.status).
const STAGES = { process: k('Process'), quality: k('Quality'), production: k('Production'), engineer: k('Engineer'), manager: k('Manager') };
export const REVIEW_STATUSES = [k('Pending'), k('Approved'), k('Rejected')];

const stamp = (v) => (v && typeof v === 'object' ? (v.timestamp ?? v.date ?? '') : (v ?? ''));

/** A link-looking action the keyboard reaches (an `<a>` without href is skipped by Tab):
 *  a button to assistive technology, opened by a click, Enter or Space. */
export function ActionLink({ onClick, children, ...rest }) {
  const onKeyDown = (e) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onClick(e);
  };
  return (
    <Typography.Link role="button" tabIndex={0} onClick={onClick} onKeyDown={onKeyDown} {...rest}>
      {children}
    </Typography.Link>
  );
}

/** The text of a row that opens it (a part number, an alert tag): a link on one line. */
export function OpenLink({ onOpen, testId, children }) {
  if (!onOpen) return children ?? null;
  return (
    <ActionLink onClick={onOpen} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </ActionLink>
  );
}

/** A column whose value opens the row: `onOpen(row)`; `testId` on each link. */
export function openColumn({ title, key, testId, onOpen, ...extra }) {
  return {
    title,
    key,
    dataIndex: key,
    render: (text, r) => (
      <OpenLink testId={testId} onOpen={onOpen && (() => onOpen(r))}>
        {text}
      </OpenLink>
    ),
    ...extra,
  };
}

/** A date column ('MMM-DD-YY hh:mma'): `pick(row)` is a date, an ISO text or a {date}/{timestamp} object. */
export function dateColumn(title, key, pick, extra = {}) {
  return { title, key, dataIndex: key, sortValue: (r) => stamp(pick(r)), render: (_, r) => formatDate(pick(r)), ...extra };
}

/** A text column drawn and sorted on `text(row)`. */
export function textColumn(title, key, text, extra = {}) {
  return { title, key, dataIndex: key, sortValue: text, render: (_, r) => text(r), ...extra };
}

/** An approval status in its colour (`color(status)`: each module's rule, spec section 2). */
export function StatusText({ status, color }) {
  return <span style={{ color: color(status), fontWeight: 500 }}>{status}</span>;
}

/** Text colours with 4.5:1 on white (WCAG AA): antd's red-7, orange-8 and a grey. */
const RED = '#cf1322';
const ORANGE = '#ad4e00';
const GREY = '#595959';

/**
 * A review stage ({status, reviewer, date, note}): its status, then who reviewed it, when,
 * and the note. `closed`: the document was rejected, so a stage still 'Pending' was
 * never reviewed and will not be (shown as such, not as waiting).
 */
export function StageCell({ stage, color, closed = false }) {
  const t = useT('kit');
  const s = stage || {};
  if (closed && s.status === 'Pending') {
    return (
      <span data-testid="stage" style={{ color: GREY }}>
        {t('Not reviewed')}
      </span>
    );
  }
  return (
    <div data-testid="stage">
      {/* The colour follows the server's status; the text is in the page's language. */}
      <span style={{ color: color(s.status), fontWeight: 500 }}>{s.status && t(s.status)}</span>
      {s.reviewer && (
        <div style={{ fontSize: 12 }}>
          {s.reviewer}
          {s.date ? `, ${formatDate(s.date)}` : ''}
        </div>
      )}
      {s.note && (
        <div style={{ fontSize: 12, whiteSpace: 'pre-wrap' }} data-testid="review-note">
          “{s.note}”
        </div>
      )}
    </div>
  );
}

/** The column of one review stage, `approvals.<key>` of the row. */
export function stageColumn(title, key, color) {
  return {
    title,
    key,
    dataIndex: ['approvals', key, 'status'],
    render: (_, r) => <StageCell stage={r.approvals?.[key]} color={color} closed={r.status === 'rejected'} />,
  };
}

/** The review that rejected `row` ({stage, status, reviewer, date, note}), or null when it is not rejected. */
export function rejectionOf(row) {
  if (row?.status !== 'rejected') return null;
  const found = Object.entries(row.approvals || {}).find(([, s]) => s?.status === 'Rejected');
  return found ? { stage: found[0], ...found[1] } : { stage: null };
}

/** 'Corrects the version rejected on <date>: <note>' of a document's `corrects` (null: none). */
export function correctsText(corrects) {
  if (!corrects) return null;
  const date = formatDate(corrects.rejectedDate);
  return corrects.note
    ? translate('kit', 'Corrects the version rejected on {{date}}: {{note}}', { date, note: corrects.note })
    : translate('kit', 'Corrects the version rejected on {{date}}', { date });
}

/**
 * A row's overall review state: 'Rejected in the <Stage> review' (red; the stage's cell
 * beside it has the reviewer, the date and the note) and 'Submit a corrected version' when
 * `onCorrect(row)` is given; else 'In review' (the stage columns say which are 'Pending').
 */
export function ReviewState({ row, onCorrect, correcting = false }) {
  const t = useT('kit');
  const r = rejectionOf(row);
  if (!r) return <StatusText status={t('In review')} color={() => ORANGE} />;
  // A corrected version already in review: said, and not offered twice.
  const offer = correcting ? (
    <Typography.Text type="secondary" data-testid="correction-in-review">
      {t('A corrected version is in review.')}
    </Typography.Text>
  ) : (
    onCorrect && (
      <Button
        size="small"
        style={{ marginTop: 4, whiteSpace: 'normal', height: 'auto', textAlign: 'left' }}
        onClick={() => onCorrect(row)}
        data-testid="submit-correction"
      >
        {t('Submit a corrected version')}
      </Button>
    )
  );
  const stage = r.stage ? t(STAGES[r.stage] || `${r.stage.charAt(0).toUpperCase()}${r.stage.slice(1)}`) : null;
  return (
    <div data-testid="review-state">
      <StatusText status={stage ? t('Rejected in the {{stage}} review', { stage }) : t('Rejected')} color={() => RED} />
      {/* Wraps in a narrow column (1024 px) rather than being cut. */}
      {offer && <div>{offer}</div>}
    </div>
  );
}

/** The ids of the rejected documents a pending row of `rows` corrects (its `corrects._id`). */
export function correctionsInReview(rows) {
  return new Set((rows || []).filter((r) => r.status === 'pending' && r.corrects?._id).map((r) => r.corrects._id));
}

/**
 * The 'State' column: ReviewState; `mayCorrect(row)` says who gets 'Submit a corrected
 * version' (`onCorrect(row)`), `correcting`: the ids whose correction is in review.
 */
export function stateColumn({ onCorrect, mayCorrect = () => false, correcting = new Set() } = {}) {
  return {
    title: <KitText text={k('State')} />,
    key: 'state',
    dataIndex: 'status',
    sortValue: (r) => (r.status === 'rejected' ? 'Rejected' : 'In review'),
    render: (_, r) => <ReviewState row={r} onCorrect={onCorrect && mayCorrect(r) ? onCorrect : undefined} correcting={correcting.has(r._id)} />,
  };
}

/** A count of `list(row)`; a link when above 0 if `onOpen(row)` is given (e.g. Operators Signed). */
export function countColumn(title, key, list, { onOpen, testId } = {}) {
  const count = (r) => (list(r) || []).length;
  return {
    title,
    key,
    dataIndex: key,
    sortValue: count,
    render: (_, r) => {
      const n = count(r);
      return n > 0 && onOpen ? (
        <ActionLink onClick={() => onOpen(r)} data-testid={testId}>
          {n}
        </ActionLink>
      ) : (
        n
      );
    },
  };
}

/** 'Part Number' (a link opening the SWP: `onOpen(row)`) and 'Submitted': the first columns of an SWP list. */
export function swpColumns({ onOpen } = {}) {
  return [
    openColumn({ title: <KitText text={k('Part Number')} />, key: 'partNumber', testId: 'part-link', onOpen }),
    dateColumn(<KitText text={k('Submitted')} />, 'submitted', (r) => r.uploadDate),
  ];
}

/**
 * 'ID' (the alert tag, a link opening the alert: `onOpen(row)`), 'Type', 'Part' and
 * 'Uploaded' (sorted `order` first): the first columns of an alert list.
 */
export function alertColumns({ onOpen, order } = {}) {
  return [
    openColumn({ title: <KitText text={k('ID')} />, key: 'alertTag', testId: 'alert-link', onOpen }),
    { title: <KitText text={k('Type')} />, key: 'alertType', dataIndex: 'alertType' },
    { title: <KitText text={k('Part')} />, key: 'partNumber', dataIndex: 'partNumber' },
    dateColumn(<KitText text={k('Uploaded')} />, 'uploadDate', (r) => r.uploadDate, { defaultSortOrder: order }),
  ];
}
