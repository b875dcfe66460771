import { CellText } from '@tms/ui';
import { Skeleton } from 'antd';
import { nameOr, UNKNOWN } from './safety-display.js';

/** A truck number or driver name in a row: 'Unknown' (muted) once the lists show it has none. */
export function ReferenceName({ name, loaded }: { name: string | undefined; loaded: boolean }) {
  if (!loaded) return <Skeleton.Input active size="small" style={{ width: 80, minWidth: 80 }} />;
  const text = nameOr(name);
  return text === UNKNOWN ? <CellText type="secondary">{text}</CellText> : <>{text}</>;
}
