/**
 * The antd components the shell's frame (theme, sidebar, header, content skeleton) is drawn with, imported by
 * their own files. `import { Button } from 'antd'` would make the frame wait for the shared antd singleton, all of
 * antd, which only the screens need (Screens.tsx and below import 'antd' as usual): the frame shows with a fraction
 * of it. These files are the very modules the shared antd is made of, so the frame and every remote still share one
 * ConfigProvider, one theme and one style cache.
 */
import type * as Antd from 'antd';
import avatar from 'antd/es/avatar/index.js';
import button from 'antd/es/button/index.js';
import configProvider from 'antd/es/config-provider/index.js';
import drawer from 'antd/es/drawer/index.js';
import layout from 'antd/es/layout/index.js';
import menu from 'antd/es/menu/index.js';
import skeleton from 'antd/es/skeleton/index.js';
import themeApi from 'antd/es/theme/index.js';
import tooltip from 'antd/es/tooltip/index.js';
import typography from 'antd/es/typography/index.js';

// TypeScript (NodeNext) reads antd's per-component files as CommonJS and types each default import as the whole
// module; the bundler gives the component itself, typed here as antd's index types it.
export const Avatar = avatar as unknown as typeof Antd.Avatar;
export const Button = button as unknown as typeof Antd.Button;
export const ConfigProvider = configProvider as unknown as typeof Antd.ConfigProvider;
export const Drawer = drawer as unknown as typeof Antd.Drawer;
export const Layout = layout as unknown as typeof Antd.Layout;
export const Menu = menu as unknown as typeof Antd.Menu;
export const Skeleton = skeleton as unknown as typeof Antd.Skeleton;
export const theme = themeApi as unknown as typeof Antd.theme;
export const Tooltip = tooltip as unknown as typeof Antd.Tooltip;
export const Typography = typography as unknown as typeof Antd.Typography;
