import { InputNumber, type InputNumberProps } from 'antd';

/*
 * Number inputs that never change what the user typed: antd's InputNumber clamps to min/max and rounds to precision
 * on blur, without a word. These set neither; the contracts' schema refuses a value it cannot store, with a message
 * under the field ('Must not be negative', 'Weight must be a whole number').
 */

/**
 * An amount of money in dollars (spec 5 and 9: step 0.01). It holds the amount as text ('2450.50'), never as a
 * JavaScript number, so what the user typed travels to the API exactly.
 */
export function MoneyInput(props: Omit<InputNumberProps<string>, 'stringMode' | 'step' | 'min' | 'max' | 'precision'>) {
  return <InputNumber<string> prefix="$" placeholder="0.00" controls={false} style={{ width: '100%' }} {...props} stringMode step="0.01" />;
}

/** A whole number (weight, miles, points); 1.5 or -1 is refused by the schema, not rounded or clamped. */
export function WholeNumberInput(props: Omit<InputNumberProps<number>, 'step' | 'min' | 'max' | 'precision'>) {
  return <InputNumber<number> placeholder="0" controls={false} style={{ width: '100%' }} {...props} step={1} />;
}
