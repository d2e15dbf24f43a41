// The Training Matrix tab: shift, cell and zone pickers (kept in the address, so reload
// and Back work), then the matrix, its empty state or its not-found message.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Checkbox, Form, Select, Space, Spin, Typography } from 'antd';
import { EmptyList, k, useSession, useT } from '@plantdoc/kit';
import {
  exportPath,
  useAddOp,
  useAddPart,
  useCertsOp,
  useCertsPart,
  useDeleteOp,
  useDeletePart,
  useEditBlock,
  useGenesis,
  useMatrix,
  useOperatorList,
} from '../api';
import { canEditMatrix } from '../access';
import { CELLS, LEVELS, SHIFTS, ZONES, scopeFrom } from '../levels';
import { MatrixGrid } from './MatrixGrid';
import { gapRows } from '../gaps';
import { FormModal, GenesisForm, OperatorFields, PartFields, TargetModal, submitter, withOperator } from './Forms';

function Pickers({ scope, onChange }) {
  const t = useT('training');
  const pick = (key, list, label) => (
    <label>
      {t(label)}{' '}
      <Select
        aria-label={t(label)}
        value={scope[key]}
        style={{ width: 72 }}
        onChange={(v) => onChange({ ...scope, [key]: v })}
        options={list.map((v) => ({ value: v, label: v }))}
      />
    </label>
  );
  return (
    <Space wrap>
      {pick('shift', SHIFTS, k('Shift'))}
      {pick('cell', CELLS, k('Cell'))}
      {pick('zone', ZONES, k('Zone'))}
    </Space>
  );
}

export function Legend() {
  const t = useT('training');
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
      {t('Levels: {{levels}}. Click square n to set level n (keys 1 to 4); right-click, the menu key or Shift+F10 for Reset squares (or the Delete key).', {
        levels: LEVELS.map((l) => `${l.value} ${t(l.label)}`).join(' · '),
      })}
    </Typography.Paragraph>
  );
}

export function MatrixTab() {
  const t = useT('training');
  const [params, setParams] = useSearchParams();
  const scope = scopeFrom(params);
  // 'Gaps' (in the address, ?gaps=1): only the operators with a cell below its part's
  // target, expiring within 30 days or due for requalification.
  const gaps = params.get('gaps') === '1';
  const address = (s, g) => setParams(g ? { ...s, gaps: '1' } : s);
  const { user } = useSession();
  const editable = canEditMatrix(user, scope);
  const { modal, notification } = App.useApp();
  const matrix = useMatrix(scope);
  const operators = useOperatorList();
  const editBlock = useEditBlock();
  const [dialog, setDialog] = useState(null); // 'part' | 'op' | { kind, label, value }
  const [partForm] = Form.useForm();
  const [opForm] = Form.useForm();
  const [targetForm] = Form.useForm();
  const [genesisForm] = Form.useForm();
  const forms = { part: partForm, op: opForm, target: targetForm, genesis: genesisForm };
  const editTarget = (target) => {
    targetForm.setFieldsValue({ hours: target.value });
    setDialog(target);
  };
  const mutations = {
    part: useAddPart(),
    op: useAddOp(),
    genesis: useGenesis(),
    delOp: useDeleteOp(),
    delPart: useDeletePart(),
    certsOp: useCertsOp(),
    certsPart: useCertsPart(),
  };
  const showError = (err) => notification.error({ message: t('Error'), description: err.message });
  const close = () => setDialog(null);

  const setLevel = (blockId, squares) =>
    editBlock.mutate({ blockId, squares }, { onError: () => notification.error({ message: t('Could not edit the training squares'), duration: 0 }) });
  const onLevel = (blockId, n, current) => {
    if (current < 0) {
      modal.confirm({
        title: t('Start training?'),
        content: t('The operator starts training on this part (level 0).'),
        okText: t('Start training'),
        onOk: () => setLevel(blockId, 0),
      });
    } else setLevel(blockId, n);
  };
  // Reset squares loses the block's level: asked first.
  const onReset = (blockId) =>
    modal.confirm({
      title: t('Reset squares?'),
      content: t('The training on this part goes back to not started.'),
      okText: t('Reset squares'),
      okType: 'danger',
      cancelText: t('Cancel'),
      onOk: () => setLevel(blockId, -1),
    });
  const confirmDelete = (title, run) =>
    modal.confirm({ title, content: t('This cannot be undone.'), okText: t('Yes'), okType: 'danger', cancelText: t('Cancel'), onOk: run });
  const onPartDelete = (p) =>
    confirmDelete(t('Delete part {{part}} from the matrix?', { part: p.partNumber }), () =>
      mutations.delPart.mutate({ partNumber: p.partNumber, ...scope }, { onError: showError }),
    );
  const onOpDelete = (o) =>
    confirmDelete(t('Delete operator {{op}} from the matrix?', { op: o.opNumber }), () =>
      mutations.delOp.mutate({ opId: o.opId, ...scope }, { onError: showError }),
    );
  const onTarget = (values) => {
    const target = dialog;
    const onError = (err) => {
      // The server's field error also goes under the field (its name is the call's).
      targetForm.setFields([{ name: 'hours', errors: Object.values(err.fields || {}).slice(0, 1) }]);
      showError(err);
    };
    const done = { onSuccess: close, onError };
    if (target.kind === 'part') mutations.certsPart.mutate({ partNumber: target.label, certTargetPartHours: values.hours, ...scope }, done);
    else mutations.certsOp.mutate({ opNumber: target.label, certTargetOpHours: values.hours, ...scope }, done);
  };

  let body;
  if (matrix.isLoading)
    body = (
      <Spin tip={t('Loading the training matrix')} style={{ display: 'block', padding: 48 }}>
        <div />
      </Spin>
    );
  else if (matrix.isError) body = <EmptyList text={t('The training matrix could not be found.')} />;
  else if (matrix.data.partList.length === 0 && matrix.data.matrix.length === 0) {
    body = editable ? (
      <EmptyList text={t('This matrix has no training records yet: add the first record.')}>
        <GenesisForm
          form={forms.genesis}
          pending={mutations.genesis.isPending}
          onFinish={submitter(forms.genesis, mutations.genesis, (v) => ({ ...withOperator(v, operators.data), ...scope }), null, showError)}
        />
      </EmptyList>
    ) : (
      <EmptyList text={t('This matrix has no training records yet.')} />
    );
  } else {
    body = (
      <MatrixGrid
        data={gaps ? { ...matrix.data, matrix: gapRows(matrix.data) } : matrix.data}
        editable={editable}
        onLevel={onLevel}
        onReset={onReset}
        onPartTarget={(p) => editTarget({ kind: 'part', label: p.partNumber, value: p.certTarget })}
        onOpTarget={(o) => editTarget({ kind: 'op', label: o.opNumber, value: o.certTarget })}
        onPartDelete={onPartDelete}
        onOpDelete={onOpDelete}
      />
    );
  }
  return (
    <div>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Pickers scope={scope} onChange={(s) => address(s, gaps)} />
          <Checkbox checked={gaps} onChange={(e) => address(scope, e.target.checked)}>
            {t('Gaps')}
          </Checkbox>
        </Space>
        <Space wrap>
          {editable && (
            <>
              <Button onClick={() => setDialog('part')}>{t('Add part')}</Button>
              <Button onClick={() => setDialog('op')}>{t('Add operator')}</Button>
              <Link to="add">{t('Add Training')}</Link>
            </>
          )}
          <Button href={exportPath(scope)} download>
            {t('Export CSV')}
          </Button>
        </Space>
      </Space>
      {!editable && user && (
        <Typography.Paragraph type="secondary">
          {t('Only managers and supervisors of production and process with zone {{zone}} edit this matrix.', { zone: `${scope.cell}${scope.zone}` })}
        </Typography.Paragraph>
      )}
      {body}
      <Legend />
      <FormModal
        title={t('Add part')}
        open={dialog === 'part'}
        onCancel={close}
        form={forms.part}
        pending={mutations.part.isPending}
        onFinish={submitter(forms.part, mutations.part, (v) => ({ ...v, ...scope }), close)}
      >
        <PartFields />
      </FormModal>
      <FormModal
        title={t('Add operator')}
        open={dialog === 'op'}
        onCancel={close}
        form={forms.op}
        pending={mutations.op.isPending}
        onFinish={submitter(forms.op, mutations.op, (v) => ({ ...withOperator(v, operators.data), ...scope }), close)}
      >
        <OperatorFields />
      </FormModal>
      <TargetModal
        target={typeof dialog === 'object' ? dialog : null}
        form={forms.target}
        onCancel={close}
        onFinish={onTarget}
        pending={mutations.certsOp.isPending || mutations.certsPart.isPending}
      />
    </div>
  );
}
