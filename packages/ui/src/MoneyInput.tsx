import { InputNumber, type InputNumberProps } from 'antd';

/**
 * An amount of money in dollars (spec 5 and 9: step 0.01). It holds the amount as text ('2450.50'), never as a
 * JavaScript number, so what the user typed travels to the API exactly; the contracts' schema checks it.
 */
export function MoneyInput(props: Omit<InputNumberProps<string>, 'stringMode' | 'step' | 'min'>) {
  return <InputNumber<string> prefix="$" placeholder="0.00" controls={false} style={{ width: '100%' }} {...props} stringMode step="0.01" min="0" />;
}
