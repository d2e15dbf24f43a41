// What remotes get for `import { … } from 'react-router'` (share key `react-router`, see
// antd.js beside this file for why a curated list). Checked by kit/test/remoteShares.
export { Link, NavLink, Navigate, Outlet, Route, Routes, useLocation, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
