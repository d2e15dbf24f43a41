// What remotes get for `import { … } from 'antd'`: the host provides this file under the
// share key `antd` (federation-shared.js). The host imports antd itself, tree-shaken and
// split by route; sharing the whole library instead would put all of it (~430 KB gzip)
// on every page. Only the components remotes use are listed: a name missing here is
// `undefined` in a remote ("Element type is invalid"). plugin-web/kit/test/remoteShares
// checks that every name a remote imports from 'antd' is here: add new ones to this list.
export {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Layout,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
