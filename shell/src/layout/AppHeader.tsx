import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@tms/contracts';
import { Button, Layout, theme, Tooltip } from 'antd';
import { LOGOUT_URL } from '../auth/current-user.js';
import { useThemeMode } from '../theme/ThemeProvider.js';
import { UserAvatar } from '../user/UserAvatar.js';
import type { SidebarState } from './use-sidebar.js';

/** Spec 2.2: sidebar toggle, theme control, the user's avatar and the logout link. */
export function AppHeader({ user, sidebar }: { user: CurrentUser; sidebar: SidebarState }) {
  const { token } = theme.useToken();
  const { mode, toggle } = useThemeMode();
  const expanded = sidebar.isMobile ? sidebar.mobileOpen : sidebar.open;

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tooltip title="Toggle Sidebar (Ctrl+B)">
        <Button
          type="text"
          aria-label="Toggle Sidebar"
          aria-expanded={expanded}
          icon={expanded ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
          onClick={sidebar.toggle}
        />
      </Tooltip>
      <div style={{ flex: 1 }} />
      <Tooltip title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
        <Button
          type="text"
          aria-label="Toggle theme"
          icon={mode === 'dark' ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />}
          onClick={toggle}
        />
      </Tooltip>
      <UserAvatar user={user} showName={!sidebar.isMobile} />
      <Button type="text" href={LOGOUT_URL} icon={<LogoutOutlined aria-hidden />}>
        Log Out
      </Button>
    </Layout.Header>
  );
}
