import { DatePicker } from 'antd';
import type { ComponentProps } from 'react';
import { DAY_FORMAT } from './form-values.js';

/** A calendar day in a form, shown and typed as 'YYYY-MM-DD' across the field's width. */
export function DayPicker(props: ComponentProps<typeof DatePicker>) {
  return <DatePicker format={DAY_FORMAT} placeholder={DAY_FORMAT} style={{ width: '100%' }} {...props} />;
}
