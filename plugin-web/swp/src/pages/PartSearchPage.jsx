// The part-number search page (spec: exists but is not mounted in the tabs): suggestions,
// then SWC, JES, VIS and Details for the part's deployed SWP; Details lists Deployed, New
// Release, Revision, Uploaded By, Uploaded on Behalf of, Reference Only, Zones (Edit →
// POST /api/swps/edit/{id} {zones}) and Changes ('None' when empty). The part and the view
// are in the address (?pn=&view=details, decision 60): the SWP viewer and the Browse rows
// link here ('Details'), and reload and Back restore it.
import { useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ActionLink, DocumentViewer, formatDate, k, PartNumberSearch, useT, useUrlState, useZones } from '@plantdoc/kit';
import { ownerName, RED, revisionText, zonesText } from '../lib';
import { deployedSwpParts, swpLinks, useDeployedSwp, useEditSwpZones } from '../api';
import { AuditorsFile } from '../components/AuditorsFile';

export const ZONE_SAVE_ERROR = k('An error occurred - could not save zones');
const yesNo = (b) => (b ? k('Yes') : k('No'));

export function SwpDetails({ swp }) {
  const t = useT('swp');
  const [editing, setEditing] = useState(false);
  // The zones shown: the SWP's, then what was saved (the part's query reloads too).
  const [zones, setZones] = useState(swp.zones || []);
  const [error, setError] = useState('');
  const options = useZones({ enabled: editing }).data || [];
  const edit = useEditSwpZones(swp._id);

  const save = () => {
    setError('');
    edit.mutate(zones, {
      onSuccess: () => setEditing(false),
      onError: () => setError(ZONE_SAVE_ERROR),
    });
  };

  return (
    <>
      <Descriptions column={1} bordered size="small" data-testid="swp-details">
        <Descriptions.Item label={t('Deployed')}>{formatDate(swp.deployDate)}</Descriptions.Item>
        <Descriptions.Item label={t('New Release')}>{t(yesNo(swp.newRelease))}</Descriptions.Item>
        <Descriptions.Item label={t('Revision')}>{t(revisionText(swp.revision))}</Descriptions.Item>
        <Descriptions.Item label={t('Uploaded By')}>{ownerName(swp)}</Descriptions.Item>
        <Descriptions.Item label={t('Uploaded on Behalf of')}>{swp.onBehalfOf?.name || ''}</Descriptions.Item>
        <Descriptions.Item label={t('Reference Only')}>{t(yesNo(swp.referenceOnly))}</Descriptions.Item>
        <Descriptions.Item label={t('Zones')}>
          {editing ? (
            <Space direction="vertical">
              <Checkbox.Group options={options} value={zones} onChange={setZones} />
              <Space>
                <Button size="small" type="primary" loading={edit.isPending} onClick={save}>
                  {t('Save')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setEditing(false);
                    setZones(swp.zones || []);
                    setError('');
                  }}
                >
                  {t('Cancel')}
                </Button>
              </Space>
            </Space>
          ) : (
            <Space>
              <span>{zonesText(zones)}</span>
              <ActionLink onClick={() => setEditing(true)}>{t('Edit')}</ActionLink>
            </Space>
          )}
          {error && <div style={{ color: RED }}>{t(error)}</div>}
        </Descriptions.Item>
        <Descriptions.Item label={t('Changes')}>{swp.changes ? swp.changes : t('None')}</Descriptions.Item>
      </Descriptions>
      <AuditorsFile partNumber={swp.partNumber} />
    </>
  );
}

const URL_STATE = { pn: '', view: '' };
const VIEWS = ['swc', 'jes', 'vis', 'details'];

/** The deployed part with this number ({_id, partNumber}), or null. */
function usePartByNumber(pn) {
  return useQuery({
    queryKey: ['swp-part-by-number', pn],
    enabled: Boolean(pn),
    staleTime: 30_000,
    queryFn: ({ signal }) => deployedSwpParts.fetch(pn, { limit: 10, signal }).then((list) => list.find((p) => p.partNumber === pn) || null),
  });
}

export function PartSearchPage() {
  const t = useT('swp');
  const [state, setState] = useUrlState(URL_STATE);
  const part = usePartByNumber(state.pn).data;
  const view = VIEWS.includes(state.view) ? state.view : null;
  const setView = (v) => setState({ view: v }, { replace: true });
  const found = useDeployedSwp(part?._id);
  const swp = found.data;

  const choose = (p) => setState({ pn: p.partNumber, view: null });

  return (
    <Card>
      <PartNumberSearch key={state.pn} initialValue={state.pn} source={deployedSwpParts} onSelect={choose} />
      {part && found.isFetching && !swp && <Spin style={{ display: 'block', marginTop: 16 }} />}
      {swp && (
        <div style={{ marginTop: 16 }}>
          <Space style={{ marginBottom: 12 }}>
            {['swc', 'jes', 'vis'].map((s) => (
              <Button key={s} type={view === s ? 'primary' : 'default'} onClick={() => setView(s)}>
                {s.toUpperCase()}
              </Button>
            ))}
            <Button type={view === 'details' ? 'primary' : 'default'} onClick={() => setView('details')}>
              {t('Details')}
            </Button>
          </Space>
          {view === 'details' && <SwpDetails key={swp._id} swp={swp} />}
          {view && view !== 'details' && <DocumentViewer links={swpLinks(swp._id)} section={view} controls={false} title={view.toUpperCase()} />}
        </div>
      )}
    </Card>
  );
}
