import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FireOutlined,
  IdcardOutlined,
  InboxOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  TruckOutlined,
  WalletOutlined,
} from '@ant-design/icons';

// Decorative: the item's text is its accessible name, so the icons are hidden from assistive technology.
export const NAV_ICONS: Record<string, ReactNode> = {
  '/': <DashboardOutlined aria-hidden />,
  '/loads': <InboxOutlined aria-hidden />,
  '/fleet': <TruckOutlined aria-hidden />,
  '/drivers': <IdcardOutlined aria-hidden />,
  '/customers': <TeamOutlined aria-hidden />,
  '/safety': <SafetyCertificateOutlined aria-hidden />,
  '/maintenance': <ToolOutlined aria-hidden />,
  '/fuel': <FireOutlined aria-hidden />,
  '/gps-tracking': <EnvironmentOutlined aria-hidden />,
  '/accounting': <AccountBookOutlined aria-hidden />,
  '/settlements': <WalletOutlined aria-hidden />,
  '/settings': <SettingOutlined aria-hidden />,
};
