import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { CurrentUser } from '@tms/contracts';
import { Drawer, Layout, theme } from 'antd';
import { AppHeader } from './AppHeader.js';
import { SidebarNav } from './SidebarNav.js';
import { useSidebar } from './use-sidebar.js';

const MAIN_CONTENT_ID = 'main-content';

/**
 * The first thing Tab reaches: 'Skip to content', shown while it has the focus (document-theme.tsx), which moves the
 * focus to the screen itself, past the sidebar's dozen links and the header's buttons.
 */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="tms-skip-link"
      onClick={(event) => {
        event.preventDefault(); // no '#main-content' in the address and the history
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      Skip to content
    </a>
  );
}

/** Spec 2.2 and 9: sidebar 16rem, an icon rail of 3rem when collapsed, an 18rem slide-in panel below 768 px. */
export function AppLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const sidebar = useSidebar();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const { setMobileOpen } = sidebar;

  // Choosing a screen in the slide-in panel closes it.
  useEffect(() => setMobileOpen(false), [pathname, setMobileOpen]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      {sidebar.isMobile ? (
        <Drawer
          placement="left"
          size="18rem"
          open={sidebar.mobileOpen}
          onClose={() => setMobileOpen(false)}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          <SidebarNav collapsed={false} />
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          width="16rem"
          collapsedWidth="3rem"
          collapsed={!sidebar.open}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: `1px solid ${token.colorBorderSecondary}` }}
        >
          <SidebarNav collapsed={!sidebar.open} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <AppHeader user={user} sidebar={sidebar} />
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: sidebar.isMobile ? 16 : 24, outline: 'none' }}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
