import { dayRangeParams } from '@tms/contracts';
import { Flex, Select, type SelectProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DayPicker } from './DayPicker.js';
import { DAY_FORMAT } from './form-values.js';
import type { ListFilterParams, ListView } from './list-view.js';

/**
 * A filter of a list screen (issue 47), beside its search box: a choice of values of one field (several at once when
 * `multiple`), as contracts' LIST_FILTERS names it, or a range of days (`days`: two day fields, from and to).
 * `label` names it for screen readers and as its placeholder; it must not contain a form field's label, which the
 * dialogs' fields are found by.
 */
export type ListFilter =
  | { field: string; label: string; choices: Pick<SelectProps, 'options' | 'loading' | 'showSearch' | 'optionFilterProp'>; multiple?: boolean }
  | { days: string; fromLabel: string; toLabel: string };

/** The URL parameters of a screen's filters (list-view.ts reads them). */
export const filterParams = (filters: readonly ListFilter[]): ListFilterParams => ({
  fields: filters.flatMap((filter) => ('field' in filter ? [filter.field] : [])),
  days: filters.flatMap((filter) => ('days' in filter ? [filter.days] : [])),
});

const dayOf = (text: string): Dayjs | null => (text ? dayjs(text, DAY_FORMAT) : null);
const dayText = (day: unknown) => (dayjs.isDayjs(day) ? day.format(DAY_FORMAT) : '');

/** The filters' controls, each kept in the URL as it changes. */
export function ListFilters<T>({ filters, view }: { filters: readonly ListFilter[]; view: ListView<T> }) {
  return (
    <Flex gap={8} wrap align="center">
      {filters.map((filter) => {
        if ('field' in filter) {
          const value = view.param(filter.field);
          const values = value ? value.split(',') : [];
          return (
            <Select
              key={filter.field}
              {...filter.choices}
              mode={filter.multiple ? 'multiple' : undefined}
              allowClear
              maxTagCount="responsive"
              aria-label={filter.label}
              placeholder={filter.label}
              value={filter.multiple ? values : (values[0] ?? null)}
              onChange={(chosen: string | string[] | null) => view.setParams({ [filter.field]: ([] as string[]).concat(chosen ?? []).join(',') })}
              style={{ width: filter.multiple ? 220 : 180 }}
            />
          );
        }
        const names = dayRangeParams(filter.days);
        return (
          <Flex key={filter.days} gap={4} align="center">
            <DayPicker
              aria-label={filter.fromLabel}
              placeholder={filter.fromLabel}
              value={dayOf(view.param(names.from))}
              onChange={(day) => view.setParams({ [names.from]: dayText(day) })}
              style={{ width: 150 }}
            />
            <DayPicker
              aria-label={filter.toLabel}
              placeholder={filter.toLabel}
              value={dayOf(view.param(names.to))}
              onChange={(day) => view.setParams({ [names.to]: dayText(day) })}
              style={{ width: 150 }}
            />
          </Flex>
        );
      })}
    </Flex>
  );
}
