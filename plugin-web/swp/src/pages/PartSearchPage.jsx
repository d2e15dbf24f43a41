// The part-number search page (spec: exists but is not mounted in the tabs): suggestions,
// then SWC, JES, VIS and Details for the part's deployed SWP; Details lists Deployed, New
// Release, Revision, Uploaded By, Uploaded on Behalf of, Reference Only, Zones (Edit →
// POST /api/swps/edit/{id} {zones}) and Changes ('None' when empty).
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Space, Typography } from 'antd';
import { api, DocumentViewer, formatDate, PartNumberSearch } from '@plantdoc/kit';
import { ownerName, revisionText, zonesText } from '../lib';

export const ZONE_SAVE_ERROR = 'An error occurred - could not save zones';
const yesNo = (b) => (b ? 'Yes' : 'No');

export function SwpDetails({ swp, onSaved }) {
  const [editing, setEditing] = useState(false);
  const [zones, setZones] = useState(swp.zones || []);
  const [options, setOptions] = useState([]);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!editing || options.length) return;
    api
      .get('/api/zones')
      .then((list) => setOptions(Array.isArray(list) ? list : []))
      .catch(() => setOptions([]));
  }, [editing, options.length]);

  const save = async () => {
    setSaving(true);
    setError('');
    try {
      await api.post(`/api/swps/edit/${encodeURIComponent(swp._id)}`, { zones });
      setEditing(false);
      onSaved?.({ ...swp, zones });
    } catch {
      setError(ZONE_SAVE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Descriptions column={1} bordered size="small" data-testid="swp-details">
      <Descriptions.Item label="Deployed">{formatDate(swp.deployDate)}</Descriptions.Item>
      <Descriptions.Item label="New Release">{yesNo(swp.newRelease)}</Descriptions.Item>
      <Descriptions.Item label="Revision">{revisionText(swp.revision)}</Descriptions.Item>
      <Descriptions.Item label="Uploaded By">{ownerName(swp)}</Descriptions.Item>
      <Descriptions.Item label="Uploaded on Behalf of">{swp.onBehalfOf?.name || ''}</Descriptions.Item>
      <Descriptions.Item label="Reference Only">{yesNo(swp.referenceOnly)}</Descriptions.Item>
      <Descriptions.Item label="Zones">
        {editing ? (
          <Space direction="vertical">
            <Checkbox.Group options={options} value={zones} onChange={setZones} />
            <Space>
              <Button size="small" type="primary" loading={saving} onClick={save}>
                Save
              </Button>
              <Button
                size="small"
                onClick={() => {
                  setEditing(false);
                  setZones(swp.zones || []);
                  setError('');
                }}
              >
                Cancel
              </Button>
            </Space>
          </Space>
        ) : (
          <Space>
            <span>{zonesText(swp.zones)}</span>
            <Typography.Link onClick={() => setEditing(true)}>Edit</Typography.Link>
          </Space>
        )}
        {error && <div style={{ color: 'red' }}>{error}</div>}
      </Descriptions.Item>
      <Descriptions.Item label="Changes">{swp.changes ? swp.changes : 'None'}</Descriptions.Item>
    </Descriptions>
  );
}

export function PartSearchPage() {
  const [swp, setSwp] = useState(null);
  const [urls, setUrls] = useState(null);
  const [view, setView] = useState(null);

  const choose = (part) => {
    setSwp(null);
    setUrls(null);
    setView(null);
    api
      .get(`/api/swps/swp/${encodeURIComponent(part._id)}`)
      .then((body) => setSwp(body?.swp || null))
      .catch((err) => console.error('Could not load the SWP', err));
    api
      .get(`/api/swps/signed-urls/${encodeURIComponent(part._id)}`)
      .then((body) => setUrls(body?.urls || {}))
      .catch((err) => console.error('Could not load the SWP documents', err));
  };

  return (
    <Card>
      <PartNumberSearch onSelect={choose} />
      {swp && (
        <div style={{ marginTop: 16 }}>
          <Space style={{ marginBottom: 12 }}>
            {['swc', 'jes', 'vis'].map((s) => (
              <Button key={s} type={view === s ? 'primary' : 'default'} onClick={() => setView(s)}>
                {s.toUpperCase()}
              </Button>
            ))}
            <Button type={view === 'details' ? 'primary' : 'default'} onClick={() => setView('details')}>
              Details
            </Button>
          </Space>
          {view === 'details' && <SwpDetails swp={swp} onSaved={setSwp} />}
          {view && view !== 'details' && (
            <DocumentViewer key={view} urls={{ ...(urls || {}), swc: urls?.[view] }} title={view.toUpperCase()} />
          )}
        </div>
      )}
    </Card>
  );
}
