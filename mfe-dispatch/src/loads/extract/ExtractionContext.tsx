import { CONFIDENCE_LEVELS, type ExtractedField, type ExtractionConfidence } from '@tms/contracts';
import { Typography } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { confidenceText, learnedText } from './extraction.js';

/**
 * What an extraction says of each field it filled, for the Manual Entry form to show beside the field: its
 * confidence, and the saved load a learned layout read it by (issue 49).
 */
export interface ExtractionMarks {
  confidence: ExtractionConfidence;
  learned: Partial<Record<ExtractedField, string>>;
}
export const ExtractionContext = createContext<ExtractionMarks>({ confidence: {}, learned: {} });

/** A FormField's `extra` for an extracted field: its confidence, coloured by how sure it is, and where it was learned; nothing otherwise. */
export function useConfidenceExtra(): (field: ExtractedField) => ReactNode {
  const { confidence, learned } = useContext(ExtractionContext);
  return (field) => {
    const value = confidence[field];
    if (value === undefined) return undefined;
    const from = learned[field];
    return (
      <Typography.Text type={value >= CONFIDENCE_LEVELS.sure ? 'success' : value >= CONFIDENCE_LEVELS.check ? 'warning' : 'danger'} style={{ fontSize: 12 }} data-testid={`confidence-${field}`}>
        {confidenceText(value)}
        {from && <span data-testid={`learned-${field}`}> · {learnedText(from)}</span>}
      </Typography.Text>
    );
  };
}
