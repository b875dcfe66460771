import { TruckOutlined } from '@ant-design/icons';
import { cssVar } from '../theme/palette.js';

/** The product's mark: a truck on the brand colour. Drawn without antd, as the landing page shows it too. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: size / 4,
        background: `linear-gradient(135deg, ${cssVar('colorPrimary')}, ${cssVar('colorPrimaryActive')})`,
        color: '#fff',
        fontSize: size * 0.55,
      }}
    >
      <TruckOutlined />
    </span>
  );
}

/** The product's name, as the landing page and the sidebar show it. */
export const PRODUCT_NAME = 'TMS';
