// WCAG AA colours for a module's page: antd's defaults for links (#1677ff), danger
// (#ff4d4f) and secondary text (0.45 black) are under 4.5:1 on white. A nested
// ConfigProvider keeps the shell's theme and overrides only these tokens.
import { ConfigProvider } from 'antd';

export const AA_TOKENS = {
  colorLink: '#0958d9',
  colorLinkHover: '#1677ff',
  colorError: '#cf1322',
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
};

export function AaTheme({ children }) {
  return <ConfigProvider theme={{ token: AA_TOKENS }}>{children}</ConfigProvider>;
}
