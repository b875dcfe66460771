import { DatePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ComponentProps, type FocusEvent } from 'react';
import { DAY_FORMAT, readTypedDay, TYPED_DAY_FORMATS, unreadDayMessage } from './form-values.js';

type DatePickerProps = ComponentProps<typeof DatePicker>;

/**
 * A calendar day in a form, shown as 'YYYY-MM-DD' across the field's width and typed as people type days
 * (TYPED_DAY_FORMATS: 12/01/2026, 12/1/26, Dec 1 2026): what it read is shown in its place; text it cannot read is
 * said under the field (the field keeps its value) rather than silently dropped.
 */
export function DayPicker({ onBlur, onChange, status, ...props }: DatePickerProps) {
  const [unread, setUnread] = useState<string>();
  // Drawn anew after text it could not read: it shows its day again (the picker alone would keep the text).
  const [drawn, setDrawn] = useState(0);
  const change = onChange as ((day: Dayjs | null, text: string | string[] | null) => void) | undefined;
  const blurred = onBlur as ((event: FocusEvent<HTMLElement>) => void) | undefined;
  const blur = (event: FocusEvent<HTMLElement>) => {
    const text = (event.target as HTMLInputElement).value?.trim() ?? '';
    const day = text ? readTypedDay(text) : null;
    if (text && !day) {
      setUnread(text);
      setDrawn((count) => count + 1);
    } else {
      setUnread(undefined);
      // Read here too: a form the picker did not parse while typing ('dec 1 2026') still gets its day.
      if (day && day.format(DAY_FORMAT) !== (props.value as Dayjs | null | undefined)?.format(DAY_FORMAT)) change?.(day, day.format(DAY_FORMAT));
    }
    blurred?.(event);
  };
  return (
    <>
      <DatePicker
        key={drawn}
        format={TYPED_DAY_FORMATS}
        placeholder={DAY_FORMAT}
        style={{ width: '100%' }}
        status={unread ? 'error' : status}
        onChange={(day, text) => {
          setUnread(undefined);
          change?.(day as Dayjs | null, text);
        }}
        onBlur={blur}
        {...props}
      />
      {unread && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
          {unreadDayMessage(unread)}
        </Typography.Text>
      )}
    </>
  );
}
