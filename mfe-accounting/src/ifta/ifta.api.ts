import { IFTA_PATH, type IftaRate, type IftaRates, type IftaReport } from '@tms/contracts';
import { api } from '@tms/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** The quarter (and maybe one truck) a report is asked for. */
export interface IftaChoice {
  year: number;
  quarter: number;
  truckId?: string;
}

const REPORT = `/api/${IFTA_PATH}`;
const search = ({ year, quarter, truckId }: IftaChoice) => `year=${year}&quarter=${quarter}${truckId ? `&truckId=${encodeURIComponent(truckId)}` : ''}`;

/** GET /api/reports/ifta: the quarter's report, composed afresh (positions keep arriving). */
export const iftaReportQuery = (choice: IftaChoice) =>
  queryOptions({ queryKey: [REPORT, choice], queryFn: () => api.get<IftaReport>(`${REPORT}?${search(choice)}`) });

/** GET /api/reports/ifta/rates: the quarter's rates as saved. */
export const iftaRatesQuery = ({ year, quarter }: IftaChoice) =>
  queryOptions({ queryKey: [`${REPORT}/rates`, year, quarter], queryFn: () => api.get<IftaRates>(`${REPORT}/rates?year=${year}&quarter=${quarter}`) });

/** PUT /api/reports/ifta/rates: the quarter's whole list; the report is asked for again with them. */
export function useSaveIftaRates({ year, quarter }: IftaChoice) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rates: IftaRate[]) => api.put<IftaRates>(`${REPORT}/rates?year=${year}&quarter=${quarter}`, rates),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [`${REPORT}/rates`, year, quarter] }), client.invalidateQueries({ queryKey: [REPORT] })]),
  });
}

/** The filing rows as CSV, and the records behind them: downloads the browser saves by their names. */
export const iftaCsvUrl = (choice: IftaChoice) => `${REPORT}?${search(choice)}&format=csv`;
export const iftaRecordsUrl = (choice: IftaChoice) => `${REPORT}/records.csv?${search(choice)}`;
