import { Menu, theme, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { activeNavPath, NAV_ITEMS, SETTINGS_ITEM } from '../routing/routes.js';
import { BrandMark, PRODUCT_NAME } from './BrandMark.js';
import { NAV_ICONS } from './nav-icons.js';

type MenuItem = Required<MenuProps>['items'][number];

const link = (path: string, label: string): MenuItem => ({
  key: path,
  icon: NAV_ICONS[path],
  label: <Link to={path}>{label}</Link>,
});

const OPERATION_LINKS = NAV_ITEMS.map((item) => link(item.path, item.label));
const OPERATIONS: MenuItem[] = [{ type: 'group', key: 'operations', label: 'Operations', children: OPERATION_LINKS }];
const FOOTER: MenuItem[] = [link(SETTINGS_ITEM.path, SETTINGS_ITEM.label)];

/** Spec 2.2: product name and tagline, the 'Operations' items in order, Settings in the footer. */
export function SidebarNav({ collapsed }: { collapsed: boolean }) {
  const { token } = theme.useToken();
  const active = activeNavPath(useLocation().pathname);
  const selectedKeys = active ? [active] : [];
  const menuStyle = { borderInlineEnd: 0, background: 'transparent' };

  return (
    <nav aria-label="Main" style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, height: 56, padding: collapsed ? '0 8px' : '0 16px', flex: 'none' }}>
        <BrandMark />
        {!collapsed && (
          <div style={{ lineHeight: 1.25, minWidth: 0, whiteSpace: 'nowrap' }}>
            <div style={{ fontWeight: 700, fontSize: 16, color: token.colorText }}>{PRODUCT_NAME}</div>
            <div style={{ fontSize: 12, color: token.colorTextSecondary }}>Transportation Management</div>
          </div>
        )}
      </div>
      <div style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        <Menu mode="inline" items={collapsed ? OPERATION_LINKS : OPERATIONS} selectedKeys={selectedKeys} style={menuStyle} />
      </div>
      <div style={{ flex: 'none', borderTop: `1px solid ${token.colorBorderSecondary}`, paddingBlock: 4 }}>
        <Menu mode="inline" items={FOOTER} selectedKeys={selectedKeys} style={menuStyle} />
      </div>
    </nav>
  );
}
